/**
 * The engine as a host wires it, for engine-level properties: the demo store in memory, the built-in shipping,
 * payment and total extensions made from the demo's extension settings (as `examples/shared/demo-app.ts` does),
 * a manual clock and sequential ids. Also a scratch engine over a copy of one session, to ask what the engine
 * offers for that session without touching the session under test.
 */
import { createMemorySessionStore, type MemoryAdapters } from '../../../src/adapters/memory/index.js';
import type { CheckoutSession } from '../../../src/domain/machine/session.js';
import type { Checkout } from '../../../src/engine/checkout.js';
import { createCheckout } from '../../../src/engine/create-checkout.js';
import { createSequentialIds, type ManualClock } from '../../../src/testing/index.js';
import { demoCheckout, startInstant } from '../../engine/support/demo-checkout.js';

/** Where every world's clock starts (the engine tests' start). */
export const worldStart = startInstant;

/** An engine over a copy of one session, and that copy as it now stands. */
export interface Scratch {
  readonly checkout: Checkout;
  stored(): Promise<CheckoutSession>;
}

/** One engine on a fresh demo store. */
export interface EngineWorld {
  readonly checkout: Checkout;
  readonly adapters: MemoryAdapters;
  readonly clock: ManualClock;
  /** The session as stored (no engine, no expiry slide); throws when it is not there. */
  stored(sessionId: string): Promise<CheckoutSession>;
  /** An engine over the same store and clock whose session store holds only a copy of `session`. */
  scratch(session: CheckoutSession): Promise<Scratch>;
}

/** A fresh world. */
export function engineWorld(): EngineWorld {
  // The engine tests' demo checkout: the demo store with its built-in extensions, a manual clock, sequential ids.
  const demo = demoCheckout();
  return {
    checkout: demo.checkout,
    adapters: demo.adapters,
    clock: demo.clock,
    stored: demo.stored,
    scratch: async (session) => {
      const sessions = createMemorySessionStore({ clock: demo.clock });
      // An empty store takes any session over expected version 0; the copy keeps its own version.
      if ((await sessions.save(structuredClone(session), 0)) !== 'saved')
        throw new Error('scratch save failed');
      return {
        checkout: createCheckout(
          { ...demo.deps, sessions, ids: createSequentialIds('scratch') },
          { settings: demo.settings },
        ),
        stored: async () => {
          const lookup = await sessions.get(session.id);
          if (lookup.status !== 'found') throw new Error(`scratch session is ${lookup.status}`);
          return lookup.session;
        },
      };
    },
  };
}
