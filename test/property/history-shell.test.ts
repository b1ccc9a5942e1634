/**
 * The shell adds nothing `decide` did not return, for history entries: over generated sequences of history_add
 * commands on one order (any known or unknown status, `override`, `notify`, with an IP fraud rule that flags the
 * session's client), the engine writes exactly the append effect `decideHistory` returns on the order as it was
 * before the command, delivers exactly its events in order, and refuses exactly what it refuses, with the
 * same error; a refused command writes nothing and delivers nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultMessages } from '../../src/domain/messages.js';
import { decideHistory } from '../../src/domain/order/history.js';
import { createIpFraudCheck } from '../../src/extensions/index.js';
import type { OrderRepository } from '../../src/ports/order-repository.js';
import { demoCheckout, expectOk } from '../engine/support/demo-checkout.js';
import { readySession } from '../engine/support/orders.js';

/** What the engine asked the order repository to append. */
interface Appended {
  readonly orderId: number;
  readonly write: unknown;
  readonly expectedRevision: number;
}

const command = fc.record({
  // 1 Pending, 2 Processing, 5 Complete, 7 Canceled, 8 Denied, 10 Failed; 999 is no status at all.
  orderStatusId: fc.constantFrom(1, 2, 5, 7, 8, 10, 999),
  override: fc.boolean(),
  notify: fc.boolean(),
  // Comments as the form parser keeps them (no surrounding blanks to trim).
  comment: fc.stringMatching(/^[a-z0-9]{0,12}$/),
});

describe('history_add through the shell', () => {
  it('performs exactly the effect and delivers exactly the events decide returned', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        async (commands, flag) => {
          const appended: Appended[] = [];
          // The IP rule flags the order's client (198.51.100.9) when its block list names it.
          const fraud = createIpFraudCheck({ ips: flag ? ['198.51.100.9'] : [], orderStatusId: 8 });
          const d = demoCheckout({
            deps: (adapters) => ({
              fraudChecks: [fraud],
              orders: recording(adapters.orders, appended),
            }),
          });
          const sessionId = await readySession(d);
          const { orderId } = await expectOk(
            d.checkout.confirm(sessionId, { order_status_id: 10 }, { client: { ip: '198.51.100.9' } }),
          );
          for (const entry of commands) {
            const before = await d.adapters.orders.get(orderId);
            const delivered = d.adapters.notifier.events.length;
            const writes = appended.length;
            const full = { ...entry, orderId };
            const facts = {
              order: before,
              couponId: null,
              paymentProvider: false,
              now: d.clock.now().toISOString(),
              messages: defaultMessages,
            };
            const expected = decideHistory(full, facts, d.settings, [fraud]);
            const result = await d.checkout.addHistory(sessionId, {
              order_id: orderId,
              order_status_id: entry.orderStatusId,
              comment: entry.comment,
              notify: entry.notify ? 'true' : 'false',
              override: entry.override ? 'true' : 'false',
            });
            if (expected.isErr()) {
              expect(result.isErr() && result.error).toEqual(expected.error);
              expect(appended.length).toBe(writes);
              expect(d.adapters.notifier.events.length).toBe(delivered);
              continue;
            }
            expect(result.isOk(), result.isErr() ? JSON.stringify(result.error) : '').toBe(true);
            const { effect, events } = expected.value;
            expect(appended.slice(writes)).toEqual([
              { orderId: effect.orderId, write: effect.write, expectedRevision: effect.expectedRevision },
            ]);
            expect(d.adapters.notifier.events.slice(delivered)).toEqual(events);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});

/** `orders`, recording every append it is asked for. */
function recording(orders: OrderRepository, appended: Appended[]): OrderRepository {
  return {
    ...orders,
    get: (orderId) => orders.get(orderId),
    create: (draft, history, claims) => orders.create(draft, history, claims),
    update: (...args) => orders.update(...args),
    claim: (orderId, claim) => orders.claim(orderId, claim),
    addHistory: (orderId, write, expectedRevision) => {
      appended.push({ orderId, write, expectedRevision });
      return orders.addHistory(orderId, write, expectedRevision);
    },
  };
}
