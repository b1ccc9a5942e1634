/**
 * The payment state table: every status a payment can be in and the moves between them. One table, read by the
 * rules that move a payment ({@link movePayment}), by the provider adapters that name their statuses in these
 * words, and by the documentation's state diagram ({@link paymentDiagram}).
 * @module
 */

/**
 * Where a payment stands.
 *
 * - `pending`: asked for, not yet decided (an offline method waiting for the cheque or the transfer, a gateway
 *   still working).
 * - `requires_action`: the customer must do something first (a 3-D Secure challenge).
 * - `authorized`: the money is reserved on the customer's account, not yet taken.
 * - `captured`: the money is taken.
 * - `partially_refunded` / `refunded`: some / all of what was captured was given back.
 * - `failed`: refused (a declined card, a failed challenge); a new try is a new attempt.
 * - `voided`: cancelled before the money was taken; the reservation is released.
 * - `expired`: ran out before completing (the stock hold's time, or an authorization that lapsed, about 7 days
 *   for card payments).
 */
export type PaymentStatus =
  | 'pending'
  | 'requires_action'
  | 'authorized'
  | 'captured'
  | 'partially_refunded'
  | 'refunded'
  | 'failed'
  | 'voided'
  | 'expired';

/** Every status, in the order of a payment's life. */
export const paymentStatuses: readonly PaymentStatus[] = Object.freeze([
  'pending',
  'requires_action',
  'authorized',
  'captured',
  'partially_refunded',
  'refunded',
  'failed',
  'voided',
  'expired',
]);

/**
 * The moves the table allows, from each status. `requires_action` is skipped when the provider authorizes at
 * once; `failed` and `voided` end a payment before its money is taken, `expired` ends one whose time ran out
 * (its hold, or its authorization); once captured, only refunds follow. A second partial refund is a move from
 * `partially_refunded` to itself.
 */
export const paymentMoves: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = Object.freeze({
  pending: Object.freeze(['requires_action', 'authorized', 'failed', 'voided', 'expired'] as const),
  requires_action: Object.freeze(['authorized', 'failed', 'voided', 'expired'] as const),
  authorized: Object.freeze(['captured', 'failed', 'voided', 'expired'] as const),
  captured: Object.freeze(['partially_refunded', 'refunded'] as const),
  partially_refunded: Object.freeze(['partially_refunded', 'refunded'] as const),
  refunded: Object.freeze([] as const),
  failed: Object.freeze([] as const),
  voided: Object.freeze([] as const),
  expired: Object.freeze([] as const),
});

/** True when the table allows a payment in `from` to move to `to`. */
export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return paymentMoves[from].includes(to);
}

/** True for the statuses no move leaves: `refunded`, `failed`, `voided`, `expired`. */
export function isFinalPaymentStatus(status: PaymentStatus): boolean {
  return paymentMoves[status].length === 0;
}

/** True while the money is not yet authorized: `pending` and `requires_action` (the stock stays held). */
export function isOpenPaymentStatus(status: PaymentStatus): boolean {
  return status === 'pending' || status === 'requires_action';
}

/**
 * True for the ends a payment reaches with no money taken: `failed`, `voided` and `expired` (a gateway's
 * `canceled` is `voided` or `expired` here). An order whose payment ended so was never paid for.
 */
export function isUnpaidEndStatus(status: PaymentStatus): boolean {
  return status === 'failed' || status === 'voided' || status === 'expired';
}

/** True for a value that is one of the {@link PaymentStatus} names. */
export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && (paymentStatuses as readonly string[]).includes(value);
}

/**
 * The shortest path of moves the table allows from `from` to `to` (excluding `from`, ending with `to`), or
 * undefined when there is none. `[]` when they are the same status. Used to bring a recorded payment up to what
 * the provider says (an authorization and its capture both happened while nobody was looking).
 */
export function paymentPath(from: PaymentStatus, to: PaymentStatus): readonly PaymentStatus[] | undefined {
  if (from === to) return [];
  const previous = new Map<PaymentStatus, PaymentStatus>();
  const queue: PaymentStatus[] = [from];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const status of paymentMoves[next]) {
      if (status === from || previous.has(status)) continue;
      previous.set(status, next);
      if (status === to) return walkBack(previous, from, to);
      queue.push(status);
    }
  }
  return undefined;
}

/** The path to `to` read back from the breadth-first search's `previous` links. */
function walkBack(
  previous: ReadonlyMap<PaymentStatus, PaymentStatus>,
  from: PaymentStatus,
  to: PaymentStatus,
): readonly PaymentStatus[] {
  const path: PaymentStatus[] = [];
  for (let at: PaymentStatus | undefined = to; at !== undefined && at !== from; at = previous.get(at)) {
    path.unshift(at);
  }
  return path;
}

/**
 * The payment state diagram, generated from {@link paymentMoves} as Mermaid `stateDiagram-v2` text: the
 * documentation shows it, and a test keeps the two equal.
 */
export function paymentDiagram(): string {
  const lines = ['stateDiagram-v2', '  [*] --> pending'];
  for (const from of paymentStatuses) {
    for (const to of paymentMoves[from]) lines.push(`  ${from} --> ${to}`);
  }
  for (const status of paymentStatuses) {
    if (isFinalPaymentStatus(status)) lines.push(`  ${status} --> [*]`);
  }
  return lines.join('\n');
}
