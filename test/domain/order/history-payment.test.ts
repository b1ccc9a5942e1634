/**
 * The card payment's move a history entry decides, as data the interpreter performs: which provider call, for
 * how much and under which idempotency key, from the order's payment record, the settings and whether the host
 * has the payment's provider; none when the status asks nothing of the payment.
 */
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/demo/demo-store.js';
import { defaultMessages } from '../../../src/domain/messages.js';
import { decideHistory, type HistoryFacts } from '../../../src/domain/order/history.js';
import { openPayment, type PaymentRecord, paymentIdempotencyKey } from '../../../src/domain/payment/index.js';
import { money } from '../../../src/money/index.js';
import { sampleOrderRecord } from '../../../src/testing/index.js';

const AT = '2024-05-01T10:00:00.000Z';
const usd = (amount: string) => money(amount, 'USD');
const settings = {
  ...demoStore().settings,
  paymentCaptureStatusIds: undefined,
  paymentVoidStatusIds: undefined,
};

/** A payment of 50.00 at `status`, with a provider reference, `captured` taken. */
function payment(status: PaymentRecord['status'], captured = '0'): PaymentRecord {
  const opened = openPayment({ providerCode: 'test_card', amount: usd('50.00'), at: AT });
  return { ...opened, reference: 'pay_1', status, captured: usd(captured) };
}

/** The payment move decided for an entry into `statusId` on an order paid by `record`. */
function moveOf(record: PaymentRecord | undefined, statusId: number, paymentProvider = true) {
  const order = sampleOrderRecord({ orderId: 7, ...(record === undefined ? {} : { payment: record }) });
  const facts: HistoryFacts = { order, couponId: null, paymentProvider, now: AT, messages: defaultMessages };
  const command = { orderId: 7, orderStatusId: statusId, comment: '', notify: false, override: true };
  return decideHistory(command, facts, settings, []).map((decision) => decision.effect.payment);
}

describe('the payment move of a history entry', () => {
  it('into Processing captures an authorized payment, what is left of it, under the capture key', () => {
    const move = moveOf(payment('authorized', '10.00'), 2)._unsafeUnwrap();
    expect(move).toEqual({
      provider: 'test_card',
      payment: expect.objectContaining({ reference: 'pay_1', status: 'authorized' }),
      call: {
        kind: 'capture',
        amount: usd('40.00'),
        idempotencyKey: paymentIdempotencyKey({ orderId: 7, attempt: 1, operation: 'capture' }),
      },
      note: 'history capture',
      couponId: null,
    });
  });

  it('into Canceled voids an uncaptured payment, and into Refunded refunds a captured one whole', () => {
    const voided = moveOf(payment('authorized'), 7)._unsafeUnwrap();
    expect(voided?.call).toEqual({
      kind: 'void',
      idempotencyKey: paymentIdempotencyKey({ orderId: 7, attempt: 1, operation: 'void' }),
    });
    const refunded = moveOf(payment('captured', '50.00'), 11)._unsafeUnwrap();
    expect(refunded?.call).toEqual({
      kind: 'refund',
      amount: usd('50.00'),
      refund: 1,
      idempotencyKey: paymentIdempotencyKey({ orderId: 7, attempt: 1, operation: 'refund', refund: 1 }),
    });
  });

  it('moves nothing without a payment, without its provider, at the placed status, or with nothing to refund', () => {
    expect(moveOf(undefined, 2)._unsafeUnwrap()).toBeUndefined();
    expect(moveOf(payment('authorized'), 2, false)._unsafeUnwrap()).toBeUndefined();
    expect(moveOf(payment('authorized'), 1)._unsafeUnwrap()).toBeUndefined();
    expect(
      moveOf({ ...payment('captured', '50.00'), refunded: usd('50.00') }, 11)._unsafeUnwrap(),
    ).toBeUndefined();
  });

  it('refuses the entry under payment when the payment has no provider reference to name it by', () => {
    const error = moveOf({ ...payment('authorized'), reference: null }, 2)._unsafeUnwrapErr();
    expect(error.kind).toBe('validation');
    expect(Object.keys(error.kind === 'validation' ? error.fields : {})).toEqual(['payment']);
  });
});
