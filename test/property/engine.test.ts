/**
 * Engine-level properties ("Done when"): random sequences of operations through `createCheckout` on the
 * memory adapters and the demo store, with the built-in shipping and payment extensions and total calculators,
 * checked against the session as stored after every operation:
 * - a refused operation leaves the stored session, version included, exactly as it was;
 * - an accepted command stores a session whose version is one higher (two for none, zero never);
 * - a chosen shipping or payment method is always among what the engine offers for the session as it now is,
 *   and its step's guards hold: it never outlives the address, cart or customer that allowed it.
 *
 * What the engine offers is asked of a scratch engine over a copy of the stored session (same store, clock and
 * extensions), so the asking never changes the sequence under test.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckoutSession } from '../../src/domain/machine/session.js';
import { type Step, sequences } from './support/engine-operations.js';
import { type EngineWorld, engineWorld } from './support/engine-world.js';

/**
 * The chosen methods of `session` checked against fresh offers: getShippingMethods and getPaymentMethods on a
 * scratch copy must be accepted (their guards hold), drop nothing, and still offer the chosen method as chosen.
 */
async function checkChosenMethods(
  world: EngineWorld,
  session: CheckoutSession,
  trail: string,
): Promise<void> {
  if (session.shippingMethod !== null) {
    const chosen = session.shippingMethod;
    const scratch = await world.scratch(session);
    const offered = await scratch.checkout.getShippingMethods(session.id);
    if (offered.isErr()) {
      throw new Error(
        `${trail}: ${chosen.code} chosen, yet quoting is refused: ${JSON.stringify(offered.error)}`,
      );
    }
    expect(offered.value.dropped, `${trail}: ${chosen.code} is no longer quoted`).toEqual([]);
    // The quote as chosen is the quote as offered now (name, cost, tax class), never an old price.
    expect((await scratch.stored()).shippingMethod, trail).toEqual(chosen);
  }
  if (session.paymentMethod !== null) {
    const chosen = session.paymentMethod;
    const scratch = await world.scratch(session);
    const offered = await scratch.checkout.getPaymentMethods(session.id);
    if (offered.isErr()) {
      throw new Error(
        `${trail}: ${chosen.code} chosen, yet payment is refused: ${JSON.stringify(offered.error)}`,
      );
    }
    expect(offered.value.dropped, `${trail}: ${chosen.code} is no longer offered`).toEqual([]);
    expect(Object.keys(offered.value.paymentMethods), trail).toContain(chosen.code);
  }
}

/** Runs `steps` on a fresh world and checks every property after every step. */
async function runSequence(steps: readonly Step[]): Promise<void> {
  const world = engineWorld();
  const opened = await world.checkout.openSession({ apiUserId: 1 });
  if (opened.isErr()) throw new Error(`openSession: ${JSON.stringify(opened.error)}`);
  const id = opened.value.sessionId;
  const trail: string[] = [];
  for (const step of steps) {
    world.clock.advanceSeconds(step.advance);
    const before = await world.stored(id);
    trail.push(step.operation.label);
    const result = await step.operation.run(world.checkout, id, before);
    const after = await world.stored(id);
    const where = trail.join(' → ');
    if (result.isErr()) {
      expect(result.error.kind, where).not.toBe('unavailable');
      expect(after, `${where}: a refused operation changed the stored session`).toEqual(before);
    } else {
      expect(after.version, `${where}: an accepted command adds one to the version`).toBe(before.version + 1);
    }
    // A refused operation left the session as it was, and it was checked after the step that made it.
    if (result.isOk()) await checkChosenMethods(world, after, where);
  }
}

describe('random operation sequences through createCheckout (demo store, built-in extensions)', () => {
  it('refused operations change nothing, accepted ones add one version, chosen methods stay offered', async () => {
    await fc.assert(
      fc.asyncProperty(sequences(10, 25), (steps) => runSequence(steps)),
      { numRuns: 200 },
    );
  });
});
