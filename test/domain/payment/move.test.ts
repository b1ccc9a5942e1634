/**
 * The payment record's moves: what the state table allows, the money each move may take or give back, and the
 * record each move leaves.
 */
import { describe, expect, it } from 'vitest';
import {
  movePayment,
  nextAttempt,
  openPayment,
  type PaymentRecord,
  refundable,
  refundStatus,
} from '../../../src/domain/payment/index.js';
import { money } from '../../../src/money/index.js';

const AT = '2024-05-01T10:00:00.000Z';
const usd = (amount: string) => money(amount, 'USD');

function opened(amount = '100.00'): PaymentRecord {
  return openPayment({ providerCode: 'test_card', amount: usd(amount), at: AT });
}

/** The record after a list of moves, each of which must be accepted. */
function moved(record: PaymentRecord, ...changes: Parameters<typeof movePayment>[1][]): PaymentRecord {
  let current = record;
  for (const change of changes) current = movePayment(current, change)._unsafeUnwrap();
  return current;
}

const captured = (amount = '100.00') =>
  moved(
    opened(),
    { to: 'authorized', at: AT, note: 'confirm', reference: 'pi_1' },
    { to: 'captured', at: AT, note: 'history', amount: usd(amount) },
  );

describe('openPayment', () => {
  it('opens a pending first attempt with nothing captured or refunded and its opening move', () => {
    const record = opened();
    expect(record).toMatchObject({
      providerCode: 'test_card',
      reference: null,
      status: 'pending',
      attempts: 1,
      captured: usd('0'),
      refunded: usd('0'),
      refunds: 0,
      action: null,
    });
    expect(record.moves).toEqual([
      { from: null, to: 'pending', at: AT, attempt: 1, amount: null, note: 'confirm' },
    ]);
  });
});

describe('movePayment', () => {
  it('moves along the table and records each move with its attempt', () => {
    const record = moved(
      opened(),
      {
        to: 'requires_action',
        at: AT,
        note: 'confirm',
        reference: 'pi_1',
        action: { type: 'redirect', url: 'https://x/3ds' },
      },
      { to: 'authorized', at: '2024-05-01T10:01:00.000Z', note: 'webhook' },
    );
    expect(record.status).toBe('authorized');
    expect(record.reference).toBe('pi_1');
    expect(record.action).toBeNull();
    expect(record.moves.map((m) => [m.from, m.to, m.note])).toEqual([
      [null, 'pending', 'confirm'],
      ['pending', 'requires_action', 'confirm'],
      ['requires_action', 'authorized', 'webhook'],
    ]);
  });

  it('keeps the action while requires_action', () => {
    const action = { type: 'redirect', url: 'https://x/3ds' } as const;
    const record = moved(opened(), { to: 'requires_action', at: AT, note: 'confirm', action });
    expect(record.action).toEqual(action);
  });

  it('refuses a move the table does not allow, leaving the record as it was', () => {
    const record = opened();
    const refused = movePayment(record, { to: 'captured', at: AT, note: 'history', amount: usd('100') });
    expect(refused._unsafeUnwrapErr()).toMatchObject({ code: 'not_allowed' });
    expect(record.status).toBe('pending');
    const ended = moved(opened(), { to: 'voided', at: AT, note: 'void' });
    expect(movePayment(ended, { to: 'authorized', at: AT, note: 'late' })._unsafeUnwrapErr().code).toBe(
      'not_allowed',
    );
  });

  it('refuses requires_action without an action', () => {
    const refused = movePayment(opened(), {
      to: 'requires_action',
      at: AT,
      note: 'confirm',
      action: { type: 'redirect', url: '' },
    });
    expect(refused._unsafeUnwrapErr().code).toBe('action');
  });

  it('refuses a reference that is not the payment’s', () => {
    const record = moved(opened(), { to: 'authorized', at: AT, note: 'confirm', reference: 'pi_1' });
    const refused = movePayment(record, { to: 'voided', at: AT, note: 'void', reference: 'pi_2' });
    expect(refused._unsafeUnwrapErr().code).toBe('reference');
  });

  it('captures more than zero and at most the amount, in the payment’s currency', () => {
    const authorized = moved(opened(), { to: 'authorized', at: AT, note: 'confirm' });
    for (const amount of [usd('0'), usd('-1'), usd('100.01'), money('10', 'EUR')]) {
      const refused = movePayment(authorized, { to: 'captured', at: AT, note: 'history', amount });
      expect(refused._unsafeUnwrapErr().code, amount.amount).toBe('amount');
    }
    expect(captured('60.00').captured).toEqual(usd('60.00'));
  });

  it('refunds in parts, numbering each, and moves to refunded exactly when nothing is left', () => {
    const part = moved(captured(), { to: 'partially_refunded', at: AT, note: 'refund', amount: usd('30') });
    expect(part).toMatchObject({ status: 'partially_refunded', refunded: usd('30'), refunds: 1 });
    const again = moved(part, { to: 'partially_refunded', at: AT, note: 'refund', amount: usd('30') });
    expect(again).toMatchObject({ status: 'partially_refunded', refunded: usd('60'), refunds: 2 });
    expect(refundable(again)).toEqual(usd('40'));
    expect(refundStatus(again, usd('40'))).toBe('refunded');
    expect(refundStatus(again, usd('39.99'))).toBe('partially_refunded');
    const all = moved(again, { to: 'refunded', at: AT, note: 'refund', amount: usd('40') });
    expect(all).toMatchObject({ status: 'refunded', refunded: usd('100'), refunds: 3 });
  });

  it('refuses a refund past what is left, and a status that does not match the amount', () => {
    const record = captured('80.00');
    const tooMuch = movePayment(record, { to: 'refunded', at: AT, note: 'refund', amount: usd('80.01') });
    expect(tooMuch._unsafeUnwrapErr().code).toBe('amount');
    const notAll = movePayment(record, { to: 'refunded', at: AT, note: 'refund', amount: usd('10') });
    expect(notAll._unsafeUnwrapErr().code).toBe('amount');
    const all = movePayment(record, { to: 'partially_refunded', at: AT, note: 'refund', amount: usd('80') });
    expect(all._unsafeUnwrapErr().code).toBe('amount');
  });
});

describe('nextAttempt', () => {
  it('starts a failed payment again as a new pending attempt, keeping the earlier moves', () => {
    const failed = moved(opened(), { to: 'failed', at: AT, note: 'declined', reference: 'pi_1' });
    const retry = nextAttempt(failed, '2024-05-01T10:05:00.000Z');
    expect(retry).toMatchObject({ status: 'pending', attempts: 2, reference: null });
    expect(retry?.moves.at(-1)).toEqual({
      from: null,
      to: 'pending',
      at: '2024-05-01T10:05:00.000Z',
      attempt: 2,
      amount: null,
      note: 'retry',
    });
    expect(retry?.moves).toHaveLength(3);
  });

  it('answers undefined for a payment that did not fail', () => {
    expect(nextAttempt(opened(), AT)).toBeUndefined();
    expect(nextAttempt(captured(), AT)).toBeUndefined();
  });
});
