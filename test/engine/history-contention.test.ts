/**
 * Writes racing on one order are absorbed as commands racing on one session are: 200 history entries sent at
 * once to one order, flipping it between Processing and Canceled, are all accepted and all recorded, through one
 * engine and through two engines sharing one memory store (as two processes would share a database).
 */
import { describe, expect, it } from 'vitest';
import { demoCheckout, expectOk } from './support/demo-checkout.js';
import { confirmOk, readySession, stockOf } from './support/orders.js';
import { flipStatuses } from './support/status-flips.js';

const FLIPS = 200;
const PLENTY = 1_000_000;

async function flipOn(engineCount: number) {
  const first = demoCheckout();
  const engines = [first];
  for (let i = 1; i < engineCount; i += 1) engines.push(demoCheckout({ deps: () => first.deps }));
  const sessionId = await readySession(first);
  const { orderId } = await confirmOk(first, sessionId, { order_status_id: 10 });
  const outcome = await flipStatuses(engines, sessionId, orderId, FLIPS);
  expect(outcome).toEqual({ accepted: FLIPS, refused: {} });
  const order = await expectOk(first.checkout.getOrder(sessionId, { order_id: orderId }));
  expect(order.history).toHaveLength(FLIPS + 1);
  expect(
    order.history
      .slice(1)
      .map((entry) => entry.comment)
      .sort(),
  ).toEqual(Array.from({ length: FLIPS }, (_, i) => `${i}`).sort());
  // Stock is out only while the order is in Processing: every move was made on the order as it then was.
  expect(stockOf(first, 40)).toBe(order.orderStatusId === 2 ? PLENTY - 1 : PLENTY);
}

describe('history entries racing on one order', () => {
  it('through one engine: all 200 accepted and recorded', async () => {
    await flipOn(1);
  });

  it('through two engines over one store: all 200 accepted and recorded', async () => {
    await flipOn(2);
  });
});
