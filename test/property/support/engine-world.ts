/**
 * The engine as a host wires it, for engine-level properties: the demo store in memory, the built-in shipping,
 * payment and total extensions made from the demo's extension settings (as `examples/shared/demo-app.ts` does),
 * a manual clock and sequential ids. Also a scratch engine over a copy of one session, to ask what the engine
 * offers for that session without touching the session under test.
 */
import {
  createMemoryAdapters,
  createMemorySessionStore,
  demoStore,
  type MemoryAdapters,
} from '../../../src/adapters/memory/index.js';
import type { CheckoutSession } from '../../../src/domain/session.js';
import { createTotalCalculators } from '../../../src/domain/totals/builtins.js';
import type { Checkout } from '../../../src/engine/checkout.js';
import type { CheckoutDeps } from '../../../src/engine/context.js';
import { createCheckout } from '../../../src/engine/create-checkout.js';
import { createPaymentMethods } from '../../../src/extensions/payment/index.js';
import { createShippingMethods } from '../../../src/extensions/shipping/index.js';
import { createManualClock, createSequentialIds, type ManualClock } from '../../../src/testing/index.js';

/** Where every world's clock starts. */
export const worldStart = '2026-03-02T10:00:00.000Z';

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
  const clock = createManualClock(worldStart);
  const { data, settings } = demoStore();
  const adapters = createMemoryAdapters(data, { clock });
  const deps: CheckoutDeps = {
    sessions: adapters.sessions,
    catalog: adapters.catalog,
    customers: adapters.customers,
    geo: adapters.geo,
    taxes: adapters.taxes,
    coupons: adapters.coupons,
    orders: adapters.orders,
    clock,
    ids: createSequentialIds(),
    shippingMethods: createShippingMethods(data.extensions.shipping),
    paymentMethods: createPaymentMethods(data.extensions.payment),
    totalCalculators: createTotalCalculators(data.extensions.totals),
  };
  const options = { settings };
  return {
    checkout: createCheckout(deps, options),
    adapters,
    clock,
    stored: async (sessionId) => {
      const lookup = await adapters.sessions.get(sessionId);
      if (lookup.status !== 'found') throw new Error(`session ${sessionId} is ${lookup.status}`);
      return lookup.session;
    },
    scratch: async (session) => {
      const sessions = createMemorySessionStore({ clock });
      // An empty store takes any session over expected version 0; the copy keeps its own version.
      if ((await sessions.save(structuredClone(session), 0)) !== 'saved')
        throw new Error('scratch save failed');
      return {
        checkout: createCheckout({ ...deps, sessions, ids: createSequentialIds('scratch') }, options),
        stored: async () => {
          const lookup = await sessions.get(session.id);
          if (lookup.status !== 'found') throw new Error(`scratch session is ${lookup.status}`);
          return lookup.session;
        },
      };
    },
  };
}
