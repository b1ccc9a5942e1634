/**
 * Confirm repeated unchanged (`order_id` 0, the session's last fingerprint), decided purely: the session's last
 * order is answered again while its payment is open, placed, or it has none; an attempt whose payment ended
 * unpaid (failed, voided, expired) and that was never placed is decided as a new order instead, so the customer
 * can pay.
 */
import { describe, expect, it } from 'vitest';
import { dayOf } from '../../../src/domain/machine/facts.js';
import type { CheckoutSession } from '../../../src/domain/machine/session.js';
import {
  type ConfirmFacts,
  type ConfirmInput,
  decideConfirm,
  isUnpaidAttempt,
  repeatedOrderId,
} from '../../../src/domain/order/confirm.js';
import { openPayment, type PaymentStatus, paymentStatuses } from '../../../src/domain/payment/index.js';
import { createPricing } from '../../../src/domain/pricing/pricing.js';
import { defaultTotalCalculators } from '../../../src/domain/pricing/totals/index.js';
import type { OrderRecord } from '../../../src/domain/records/order.js';
import { money } from '../../../src/money/index.js';
import { sampleOrderRecord } from '../../../src/testing/index.js';
import { startSession } from '../../property/support/checkout-run.js';
import { settings, T0, viewFactsOf } from '../../property/support/checkout-world.js';

const LAST = 7;
const FINGERPRINT = 'fingerprint-of-the-cart';

const input: ConfirmInput = {
  orderId: 0,
  orderStatusId: null,
  comment: '',
  affiliateId: null,
  totalsDigest: null,
  paymentToken: 'tok_challenge',
};

/** The sample session (ready to confirm) whose last confirm made order {@link LAST} with {@link FINGERPRINT}. */
function repeatingSession(): CheckoutSession {
  return { ...startSession('sample'), lastOrder: { orderId: LAST, fingerprint: FINGERPRINT } };
}

/** Order {@link LAST} at `orderStatusId` (every history entry too), its card payment in `status`. */
function lastOrder(status: PaymentStatus | undefined, orderStatusId = 0): OrderRecord {
  const sample = sampleOrderRecord();
  const history = sample.history.map((entry) => ({ ...entry, orderStatusId }));
  const base = { ...sample, orderId: LAST, orderStatusId, history };
  if (status === undefined) return base;
  const opened = openPayment({ providerCode: 'test_card', amount: money('101.00', 'USD'), at: T0 });
  return { ...base, payment: { ...opened, status } };
}

function decide(session: CheckoutSession, repeated: OrderRecord | undefined, fingerprint = FINGERPRINT) {
  const facts: ConfirmFacts = {
    ...viewFactsOf(session, null, dayOf(T0)),
    now: T0,
    expiresAt: T0,
    cartIds: [],
    client: { ip: '127.0.0.1', forwardedIp: '', userAgent: 'test', acceptLanguage: '' },
    fingerprint,
    ...(repeated === undefined ? {} : { repeatedOrder: repeated }),
  };
  const pricing = createPricing(facts, settings, defaultTotalCalculators);
  const plan = decideConfirm(session, input, facts, pricing, settings, []);
  if (plan.isErr()) throw new Error(`confirm refused: ${JSON.stringify(plan.error)}`);
  return plan.value;
}

describe('a confirm repeated unchanged', () => {
  it('names the last order only for a create with the last fingerprint', () => {
    const session = repeatingSession();
    expect(repeatedOrderId(session, input, FINGERPRINT)).toBe(LAST);
    expect(repeatedOrderId(session, input, 'another cart')).toBeUndefined();
    expect(repeatedOrderId(session, { orderId: LAST }, FINGERPRINT)).toBeUndefined();
    expect(repeatedOrderId({ ...session, lastOrder: null }, input, FINGERPRINT)).toBeUndefined();
  });

  it('a payment that ended unpaid on an order never placed is a new order: a create, not the last order', () => {
    for (const status of ['failed', 'voided', 'expired'] as const) {
      const plan = decide(repeatingSession(), lastOrder(status));
      expect(plan.kind, status).toBe('write');
      if (plan.kind !== 'write') continue;
      expect(plan.effect.orderId).toBe(0);
      // The session's claim names the ended order, so concurrent repeats of it still make one new order.
      expect(plan.effect.claims.map((claim) => claim.key)).toEqual([`${LAST}:${FINGERPRINT}`]);
    }
  });

  it('answers the last order again while its payment is open, once it is paid, or without a payment', () => {
    const kept: (PaymentStatus | undefined)[] = paymentStatuses.filter(
      (status) => !['failed', 'voided', 'expired'].includes(status),
    );
    for (const status of [...kept, undefined]) {
      expect(decide(repeatingSession(), lastOrder(status)), String(status)).toMatchObject({
        kind: 'replay',
        orderId: LAST,
      });
    }
  });

  it('an order placed once is answered again even when its payment ended, and so is an order not read', () => {
    // Placed (status 1), then voided by a history entry into Canceled: the customer's order, not a failed try.
    expect(decide(repeatingSession(), lastOrder('voided', 7))).toMatchObject({ kind: 'replay' });
    // Back at status 0 after a status above it: it was placed once.
    const wasPlaced = lastOrder('voided');
    const placedEntries = sampleOrderRecord().history.map((entry) => ({ ...entry, orderStatusId: 2 }));
    const history = [...placedEntries, ...wasPlaced.history];
    expect(decide(repeatingSession(), { ...wasPlaced, history })).toMatchObject({
      kind: 'replay',
    });
    expect(decide(repeatingSession(), undefined)).toMatchObject({ kind: 'replay', orderId: LAST });
    // A record of another order than the session's last one says nothing about it.
    expect(decide(repeatingSession(), { ...lastOrder('expired'), orderId: LAST + 1 })).toMatchObject({
      kind: 'replay',
    });
  });

  it('isUnpaidAttempt reads the payment and every status the order had', () => {
    expect(isUnpaidAttempt(lastOrder('expired'), LAST)).toBe(true);
    expect(isUnpaidAttempt(lastOrder('expired'), LAST + 1)).toBe(false);
    expect(isUnpaidAttempt(lastOrder('requires_action'), LAST)).toBe(false);
    expect(isUnpaidAttempt(lastOrder(undefined), LAST)).toBe(false);
    expect(isUnpaidAttempt(undefined, LAST)).toBe(false);
  });

  it('a different cart is decided as a new order whatever the last order was', () => {
    const plan = decide(repeatingSession(), undefined, 'another cart');
    expect(plan.kind).toBe('write');
  });
});
