/**
 * The idempotency keys of the calls that change money: made from the order, the attempt, the operation and, for
 * refunds, the refund's number, so that a retried call replays the first and a different call never does.
 * @module
 */
import { CartwrightInvariantError } from '../errors.js';

/** The provider calls that change money. */
export type PaymentOperation = 'authorize' | 'capture' | 'void' | 'refund';

/** What a key is made of. */
export interface PaymentKeyParts {
  /**
   * Keeps installations apart that share one provider account (two shops whose order ids both start at 1):
   * letters, digits and `.`, `_`, `:`, `-`, at most 100 characters. Default `cartwright`.
   */
  readonly scope?: string | undefined;
  readonly orderId: number;
  /** The payment's attempt (1, 2, …): a new attempt is a new payment at the provider. */
  readonly attempt: number;
  readonly operation: PaymentOperation;
  /**
   * The refund's number within the payment (1, 2, …), required for `refund` and refused otherwise: a second
   * partial refund of the same amount must be a second refund, never a replay of the first.
   */
  readonly refund?: number | undefined;
}

const SCOPE = /^[A-Za-z0-9._:-]{1,100}$/;

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 1;

/**
 * The idempotency key of one money call, e.g. `cartwright/order/42/attempt/1/refund/2`: at most 150 characters,
 * well inside a gateway's limit (Stripe takes 255). The same parts always make the same key.
 *
 * @throws CartwrightInvariantError for a malformed part (a bug of the caller, not of the customer).
 */
export function paymentIdempotencyKey(parts: PaymentKeyParts): string {
  const scope = parts.scope ?? 'cartwright';
  if (!SCOPE.test(scope))
    throw new CartwrightInvariantError(`payment key: malformed scope ${JSON.stringify(scope)}`);
  if (!isCount(parts.orderId))
    throw new CartwrightInvariantError('payment key: orderId must be a positive integer');
  if (!isCount(parts.attempt))
    throw new CartwrightInvariantError('payment key: attempt must be a positive integer');
  const base = `${scope}/order/${parts.orderId}/attempt/${parts.attempt}/${parts.operation}`;
  if (parts.operation !== 'refund') {
    if (parts.refund !== undefined)
      throw new CartwrightInvariantError('payment key: only a refund has a number');
    return base;
  }
  if (!isCount(parts.refund))
    throw new CartwrightInvariantError('payment key: a refund needs its number (1, 2, …)');
  return `${base}/${parts.refund}`;
}
