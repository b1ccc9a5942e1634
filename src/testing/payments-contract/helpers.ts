/**
 * Shared pieces of the order-payments contract cases: a payment, holds, and orders to hang them on.
 * @module
 */
import assert from 'node:assert/strict';
import { type HeldStock, openPayment, type PaymentRecord } from '../../domain/payment/index.js';
import type { OrderRecord } from '../../domain/records/order.js';
import { money } from '../../money/index.js';
import type { PaymentWrite } from '../../ports/order-payments.js';
import type { WriteOrderOutcome } from '../../ports/order-repository.js';
import { sampleHistoryWrite, sampleOrderDraft } from '../order-fixtures.js';
import type { OrderPaymentsFixture } from '../order-payments-fixture.js';

/** Registers one case that runs on a fresh fixture. */
export type PaymentsCase = (title: string, body: (fixture: OrderPaymentsFixture) => Promise<void>) => void;

/** The instant every case starts at, and the hold's end 30 minutes later. */
export const START = '2024-05-01T10:00:00.000Z';
export const EXPIRES = '2024-05-01T10:30:00.000Z';

/** The demo's iPhone (product 40, 1,000,000 in stock). */
export const IPHONE = 40;
export const IPHONE_STOCK = 1_000_000;

/** A pending payment of the sample order's total. */
export function pendingPayment(providerCode = 'test_card'): PaymentRecord {
  return openPayment({ providerCode, amount: money('131.20', 'USD'), at: START });
}

/** `units` of the iPhone held. */
export function iphones(units: number): readonly HeldStock[] {
  return [{ productId: IPHONE, productOptionValueId: null, quantity: units }];
}

/** A payment write taking a hold of `lines` until `expiresAt`. */
export function holding(
  lines: readonly HeldStock[],
  expiresAt = EXPIRES,
  payment = pendingPayment(),
): PaymentWrite {
  return { payment, hold: { kind: 'take', lines, expiresAt }, at: START };
}

/** A new order at status 0 (not yet placed), as confirm writes one whose payment is open. */
export async function missingOrder(
  fixture: OrderPaymentsFixture,
  comment = 'pay later',
): Promise<OrderRecord> {
  const outcome = await fixture.orders.create(
    sampleOrderDraft({ comment }),
    sampleHistoryWrite({ orderStatusId: 0, dateAdded: START }),
  );
  if (outcome.status !== 'created') assert.fail(`create: expected created, got ${outcome.status}`);
  return outcome.order;
}

/** Asserts a write's outcome is `written` and answers the order. */
export function expectWritten(outcome: WriteOrderOutcome, when: string): OrderRecord {
  if (outcome.status !== 'written') assert.fail(`${when}: expected written, got ${JSON.stringify(outcome)}`);
  return outcome.order;
}

/** An order with a hold of `units` iPhones, written: the order as it is afterwards. */
export async function heldOrder(fixture: OrderPaymentsFixture, units: number, expiresAt = EXPIRES) {
  const order = await missingOrder(fixture);
  return expectWritten(
    await fixture.orders.writePayment(order.orderId, holding(iphones(units), expiresAt), 1),
    'hold',
  );
}
