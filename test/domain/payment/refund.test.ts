/**
 * A refund request's stages, decided on the order as each write leaves it: reserve, ask, record the answer,
 * answer; an older refund left unanswered finished first; a provider's refusal recorded and refused.
 */
import { describe, expect, it } from 'vitest';
import { defaultMessages } from '../../../src/domain/messages.js';
import {
  decideRefund,
  movePayment,
  openPayment,
  type PaymentRecord,
  type RefundAnswer,
  type RefundAsk,
  type RefundStage,
} from '../../../src/domain/payment/index.js';
import type { OrderRecord } from '../../../src/domain/records/order.js';
import { money } from '../../../src/money/index.js';
import { sampleOrderRecord } from '../../../src/testing/order-fixtures.js';

const AT = '2024-05-01T10:00:00.000Z';
const usd = (amount: string) => money(amount, 'USD');

/** A payment of 100.00 captured in full. */
function captured(): PaymentRecord {
  let record = openPayment({ providerCode: 'test_card', amount: usd('100.00'), at: AT });
  record = movePayment(record, {
    to: 'authorized',
    at: AT,
    note: 'confirm',
    reference: 'pi_1',
  })._unsafeUnwrap();
  return movePayment(record, {
    to: 'captured',
    at: AT,
    note: 'history',
    amount: usd('100.00'),
  })._unsafeUnwrap();
}

const orderWith = (payment: PaymentRecord): OrderRecord => sampleOrderRecord({ payment });
const ask = (amount: string, reserved: number | null = null): RefundAsk => ({
  amount: usd(amount),
  requestKey: null,
  at: AT,
  decimalPlaces: 2,
  reserved,
});

/** The provider's truth after giving back `refunded` of the captured 100.00. */
const done = (refunded: string): RefundAnswer => ({
  outcome: 'done',
  payment: {
    reference: 'pi_1',
    status: refunded === '100.00' ? 'refunded' : 'partially_refunded',
    amount: usd('100.00'),
    captured: usd('100.00'),
    refunded: usd(refunded),
    action: null,
    failure: null,
  },
});

/** The order after a `write` stage. */
function written(order: OrderRecord, stage: RefundStage): OrderRecord {
  if (stage.kind !== 'write') throw new Error(`expected a write, got ${stage.kind}`);
  return { ...order, payment: stage.step.payment, revision: order.revision + 1 };
}

describe('decideRefund', () => {
  it('reserves, asks, records the answer, then answers the refund', () => {
    const start = orderWith(captured());
    const reserve = decideRefund(start, ask('30.00'), new Map(), defaultMessages);
    expect(reserve).toMatchObject({ kind: 'write', reserves: 1 });
    const reserved = written(start, reserve);
    const asking = decideRefund(reserved, ask('30.00', 1), new Map(), defaultMessages);
    expect(asking).toMatchObject({ kind: 'ask', refund: { number: 1, state: 'asked' } });
    const answers = new Map([[1, done('30.00')]]);
    const record = decideRefund(reserved, ask('30.00', 1), answers, defaultMessages);
    const recorded = written(reserved, record);
    expect(recorded.payment?.status).toBe('partially_refunded');
    expect(recorded.payment?.refundLog?.[0]?.state).toBe('done');
    expect(decideRefund(recorded, ask('30.00', 1), answers, defaultMessages)).toMatchObject({
      kind: 'answered',
      refund: { number: 1, state: 'done' },
    });
  });

  it('finishes an older refund left unanswered before reserving its own', () => {
    const start = orderWith(captured());
    const older = written(start, decideRefund(start, ask('80.00'), new Map(), defaultMessages));
    // Another request's refund of 80.00 is recorded `asked`: this one is decided after it is finished.
    expect(decideRefund(older, ask('30.00'), new Map(), defaultMessages)).toMatchObject({
      kind: 'ask',
      refund: { number: 1 },
    });
    const finished = written(
      older,
      decideRefund(older, ask('30.00'), new Map([[1, done('80.00')]]), defaultMessages),
    );
    // 20.00 is left: 30.00 is refused under `amount`.
    expect(decideRefund(finished, ask('30.00'), new Map(), defaultMessages)).toEqual({
      kind: 'refused',
      refusal: { code: 'amount', left: usd('20.00') },
    });
  });

  it("records a provider's refusal, and refuses the request that asked", () => {
    const start = orderWith(captured());
    const reserved = written(start, decideRefund(start, ask('30.00'), new Map(), defaultMessages));
    const refusal = new Map<number, RefundAnswer>([[1, { outcome: 'refused' }]]);
    const recorded = written(reserved, decideRefund(reserved, ask('30.00', 1), refusal, defaultMessages));
    expect(recorded.payment?.refundLog?.[0]?.state).toBe('refused');
    expect(decideRefund(recorded, ask('30.00', 1), refusal, defaultMessages)).toEqual({
      kind: 'refused',
      refusal: { code: 'refused' },
    });
  });

  it('refuses an order without a card payment under its state', () => {
    expect(decideRefund(sampleOrderRecord(), ask('1.00'), new Map(), defaultMessages)).toEqual({
      kind: 'refused',
      refusal: { code: 'state' },
    });
  });
});
