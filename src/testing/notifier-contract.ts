/**
 * The contract suite every {@link Notifier} adapter must pass: run it from the adapter's test file with the host's
 * test runner.
 * @module
 */
import assert from 'node:assert/strict';
import type { DomainEvent } from '../domain/machine/events.js';
import { money } from '../money/index.js';
import type { Notifier } from '../ports/notifier.js';
import { expectEveryCallRejects, failedStore } from './port-failures.js';
import { type CleanableFixture, fixtureCase, type TestApi } from './test-api.js';

/** A notifier and a way to see what reached its destination, for one case. */
export interface NotifierFixture extends CleanableFixture {
  /** The notifier under test, delivering to a destination nothing else writes to during the case. */
  readonly notifier: Notifier;
  /**
   * Every event that reached the destination since the fixture was made, in arrival order (for a destination
   * that receives asynchronously, after waiting for what was sent to arrive).
   */
  delivered(): Promise<readonly DomainEvent[]>;
  /**
   * Optional: a notifier of the same kind whose destination has failed. When given, the suite checks that
   * `notify` then rejects with an `Error`, in time (the engine logs it), rather than resolving as if delivered.
   */
  unavailable?(): Promise<Notifier>;
}

/** One event of every type, with the text and amounts that break naive serialisation. */
export function sampleEvents(): DomainEvent[] {
  return [
    {
      type: 'OrderPlaced',
      orderId: 7,
      orderStatusId: 1,
      total: money('376.4000', 'USD'),
      customerEmail: 'zoë@example.com',
    },
    { type: 'StockAdjusted', orderId: 7, productId: 40, productOptionValueId: null, delta: -2 },
    { type: 'StockAdjusted', orderId: 7, productId: 30, productOptionValueId: 15, delta: -1 },
    { type: 'CouponRedeemed', orderId: 7, couponId: 1, amount: money('-10.0000', 'USD') },
    {
      type: 'OrderStatusChanged',
      orderId: 7,
      fromStatusId: 1,
      toStatusId: 7,
      comment: 'Cancelled: "wrong size" —\nrefund 🔔',
      notify: true,
    },
    { type: 'CouponReleased', orderId: 7, couponId: 1 },
    { type: 'FraudFlagged', orderId: 8, requestedStatusId: 1, orderStatusId: 8, check: 'ip' },
  ];
}

/**
 * Registers the {@link Notifier} contract cases under one `describe`. Every case calls `setup` for a fresh
 * fixture and calls its `cleanup` afterwards. Assertions use `node:assert/strict`.
 *
 * The cases check what the port promises to a healthy destination: each event delivered once, as given, in the
 * order `notify` was called (the engine awaits each delivery before the next), over a long run too; an event
 * changed by its sender after `notify` resolved is delivered as it was; and, when the fixture offers a failed
 * destination, `notify` rejects with an `Error` in time, so that the engine can log what was not delivered.
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the adapter in the suite title.
 * @param setup - Builds the notifier and a reader of its destination.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { describeNotifierContract } from 'cartwright/testing';
 *
 * describeNotifierContract({ describe, it }, 'my outbox', async () => {
 *   const outbox = await freshOutboxTable();
 *   return { notifier: createOutboxNotifier(outbox), delivered: () => outbox.readAll() };
 * });
 * ```
 */
export function describeNotifierContract(
  t: TestApi,
  name: string,
  setup: () => Promise<NotifierFixture>,
): void {
  const test = fixtureCase<NotifierFixture>(t, setup);

  t.describe(`Notifier contract: ${name}`, () => {
    test('every event is delivered once, as given, in the order notify was called', async (fixture) => {
      for (const event of sampleEvents()) await fixture.notifier.notify(event);
      assert.deepStrictEqual(await fixture.delivered(), sampleEvents());
    });

    test('a long run of events keeps its order and loses or repeats none', async (fixture) => {
      const events: DomainEvent[] = Array.from({ length: 200 }, (_, i) => ({
        type: 'StockAdjusted',
        orderId: 1000 + i,
        productId: 40,
        productOptionValueId: null,
        delta: -(i + 1),
      }));
      for (const event of events) await fixture.notifier.notify(event);
      const delivered = await fixture.delivered();
      assert.equal(
        delivered.length,
        events.length,
        `expected ${events.length} events, got ${delivered.length}`,
      );
      assert.deepStrictEqual(delivered, events);
    });

    test('an event its sender changes after notify resolved is delivered as it was', async (fixture) => {
      const event = {
        type: 'OrderStatusChanged' as const,
        orderId: 7,
        fromStatusId: 1,
        toStatusId: 2,
        comment: 'Packed',
        notify: false,
      };
      await fixture.notifier.notify(event);
      Object.assign(event, { orderId: 999, comment: 'changed afterwards', notify: true });
      await fixture.notifier.notify(sampleEvents()[0] as DomainEvent);
      assert.deepStrictEqual(await fixture.delivered(), [
        {
          type: 'OrderStatusChanged',
          orderId: 7,
          fromStatusId: 1,
          toStatusId: 2,
          comment: 'Packed',
          notify: false,
        },
        sampleEvents()[0],
      ]);
    });

    test('when its destination has failed, notify rejects with an Error in time (the engine logs it)', async (fixture) => {
      const notifier = await failedStore(fixture);
      await expectEveryCallRejects(
        sampleEvents().map((event) => [`notify(${event.type})`, () => notifier.notify(event)] as const),
      );
    });
  });
}
