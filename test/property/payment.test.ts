/**
 * Property tests for the payment record: whatever sequence of moves is asked for, the record only ever moves
 * along the state table, never captures more than its amount, never refunds more than it captured, numbers its
 * refunds one by one, and a refused move changes nothing. Reconciling with a provider's truth reached by any
 * path lands on that truth, and doing it twice moves nothing the second time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canMovePayment,
  movePayment,
  openPayment,
  type PaymentChange,
  type PaymentRecord,
  type PaymentStatus,
  paymentIdempotencyKey,
  paymentStatuses,
  reconcilePayment,
} from '../../src/domain/payment/index.js';
import { compare, money } from '../../src/money/index.js';

const RUNS = { numRuns: 300 };
const AT = '2024-05-01T10:00:00.000Z';

/** An amount in cents from 0.01 to 500.00, written from an integer (never a float). */
const cents = fc.integer({ min: 1, max: 50_000 }).map((n) => money((n / 100).toFixed(2), 'USD'));

/** One change of any kind, with any amount: many are refused, which is the point. */
const change: fc.Arbitrary<PaymentChange> = fc.oneof(
  fc
    .constantFrom('authorized', 'failed', 'voided', 'expired')
    .map((to) => ({ to, at: AT, note: 'p' }) as PaymentChange),
  fc.constant<PaymentChange>({
    to: 'requires_action',
    at: AT,
    note: 'p',
    action: { type: 'redirect', url: 'https://x' },
  }),
  cents.map((amount): PaymentChange => ({ to: 'captured', at: AT, note: 'p', amount })),
  fc
    .tuple(fc.constantFrom('partially_refunded' as const, 'refunded' as const), cents)
    .map(([to, amount]): PaymentChange => ({ to, at: AT, note: 'p', amount })),
);

function run(start: PaymentRecord, changes: readonly PaymentChange[]): PaymentRecord {
  let record = start;
  for (const next of changes) {
    const before = record;
    const moved = movePayment(record, next);
    if (moved.isErr()) {
      expect(record).toBe(before);
      continue;
    }
    expect(canMovePayment(before.status, moved.value.status)).toBe(true);
    record = moved.value;
  }
  return record;
}

describe('payment record properties', () => {
  it('moves only along the table, within its money, numbering refunds', () => {
    fc.assert(
      fc.property(cents, fc.array(change, { maxLength: 12 }), (amount, changes) => {
        const record = run(openPayment({ providerCode: 'x', amount, at: AT }), changes);
        expect(compare(record.captured, record.amount)).toBeLessThanOrEqual(0);
        expect(compare(record.refunded, record.captured)).toBeLessThanOrEqual(0);
        const refundMoves = record.moves.filter((m) => m.to === 'partially_refunded' || m.to === 'refunded');
        expect(record.refunds).toBe(refundMoves.length);
        if (record.status === 'refunded') expect(compare(record.refunded, record.captured)).toBe(0);
        for (const [i, move] of record.moves.entries()) {
          if (i === 0) expect(move.from).toBeNull();
          else expect(move.from).toBe(record.moves[i - 1]?.to);
        }
      }),
      RUNS,
    );
  });

  it('reconciles to any reachable truth, and a second time moves nothing', () => {
    const reachable = fc.constantFrom<PaymentStatus>(
      'requires_action',
      'authorized',
      'captured',
      'voided',
      'failed',
    );
    fc.assert(
      fc.property(cents, reachable, (amount, status) => {
        const record = openPayment({ providerCode: 'x', amount, at: AT });
        const truth = {
          reference: 'pi_x',
          status,
          amount,
          captured: status === 'captured' ? amount : money('0', 'USD'),
          refunded: money('0', 'USD'),
          action: status === 'requires_action' ? ({ type: 'redirect', url: 'https://x' } as const) : null,
          failure: null,
        };
        const first = reconcilePayment(record, truth, AT, 'a')._unsafeUnwrap();
        expect(first.record.status).toBe(status);
        expect(first.moves.length).toBeGreaterThan(0);
        const second = reconcilePayment(first.record, truth, AT, 'b')._unsafeUnwrap();
        expect(second.moves).toEqual([]);
      }),
      RUNS,
    );
  });

  it('makes different keys for different refunds and the same key for the same parts', () => {
    const parts = fc.record({
      orderId: fc.integer({ min: 1, max: 1_000_000 }),
      attempt: fc.integer({ min: 1, max: 9 }),
      refund: fc.integer({ min: 1, max: 50 }),
    });
    fc.assert(
      fc.property(parts, parts, (a, b) => {
        const key = (p: typeof a) => paymentIdempotencyKey({ ...p, operation: 'refund' });
        expect(key(a) === key(b)).toBe(
          a.orderId === b.orderId && a.attempt === b.attempt && a.refund === b.refund,
        );
      }),
      RUNS,
    );
  });

  it('names every status in the table', () => {
    expect(paymentStatuses).toHaveLength(9);
  });
});
