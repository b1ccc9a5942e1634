/**
 * Shared pieces of the payment-provider contract cases: requests, keys and answer checks.
 * @module
 */
import assert from 'node:assert/strict';
import {
  type PaymentOperation,
  type ProviderPayment,
  paymentIdempotencyKey,
} from '../../domain/payment/index.js';
import { type Money, money } from '../../money/index.js';
import type { AuthorizeRequest, ProviderAnswer, ProviderRefusalCode } from '../../ports/payment-provider.js';
import type { PaymentProviderFixture } from '../payment-provider-fixture.js';

/** Registers one case that runs on a fresh fixture. */
export type ProviderCase = (title: string, body: (fixture: PaymentProviderFixture) => Promise<void>) => void;

/** The fixture's currency. */
export const currencyOf = (fixture: PaymentProviderFixture) => fixture.currency ?? 'USD';

/** `amount` (a decimal string) in the fixture's currency. */
export const moneyIn = (fixture: PaymentProviderFixture, amount: string): Money =>
  money(amount, currencyOf(fixture));

/**
 * A fresh order id, random so that cases never share keys on a gateway that outlives them. Random values come
 * from Web Crypto, never `Math.random`.
 */
export function freshOrderId(): number {
  const [value = 0] = globalThis.crypto.getRandomValues(new Uint32Array(1));
  return 1 + (value % 2_000_000_000);
}

/** A suite key for the order and attempt, made as cartwright makes them, under a scope of the suite's own. */
export function keyOf(
  orderId: number,
  attempt: number,
  operation: PaymentOperation,
  refund?: number,
): string {
  return paymentIdempotencyKey({ scope: 'contract', orderId, attempt, operation, refund });
}

/** An authorize request for `orderId` (attempt 1 unless said) of `amount` with `token`. */
export function authorizeRequest(
  orderId: number,
  amount: Money,
  token: string | null,
  attempt = 1,
): AuthorizeRequest {
  return {
    orderId,
    attempt,
    amount,
    token,
    returnUrl: 'https://shop.example/checkout/return',
    idempotencyKey: keyOf(orderId, attempt, 'authorize'),
    description: `Order ${orderId}`,
  };
}

/** Asserts the answer is `done` and answers its payment. */
export function expectDone(answer: ProviderAnswer, when: string): ProviderPayment {
  if (answer.outcome !== 'done') assert.fail(`${when}: expected done, got ${JSON.stringify(answer)}`);
  return answer.payment;
}

/** Asserts the answer is `refused` (with `code` when given). */
export function expectRefused(answer: ProviderAnswer, when: string, code?: ProviderRefusalCode): void {
  if (answer.outcome !== 'refused') assert.fail(`${when}: expected refused, got ${JSON.stringify(answer)}`);
  if (code !== undefined) assert.equal(answer.code, code, `${when}: the refusal's code`);
}

/** Asserts the payment's status and money (captured and refunded, as decimal strings of the currency). */
export function expectPayment(
  payment: ProviderPayment,
  expected: { readonly status: string; readonly captured?: Money; readonly refunded?: Money },
  when: string,
): void {
  assert.equal(payment.status, expected.status, `${when}: the status`);
  if (expected.captured !== undefined) {
    assert.deepEqual(payment.captured, expected.captured, `${when}: the captured amount`);
  }
  if (expected.refunded !== undefined) {
    assert.deepEqual(payment.refunded, expected.refunded, `${when}: the refunded amount`);
  }
}

/** Authorizes an approved payment of `amount` for a fresh order, which must answer done: the payment and its order. */
export async function approvedPayment(
  fixture: PaymentProviderFixture,
  amount = moneyIn(fixture, '40.00'),
): Promise<{ readonly payment: ProviderPayment; readonly orderId: number }> {
  const orderId = freshOrderId();
  const answer = await fixture.provider.authorize(authorizeRequest(orderId, amount, fixture.approve.token));
  return { payment: expectDone(answer, 'authorize the approved token'), orderId };
}

/** The provider's truth about `payment` now. */
export async function truthOf(
  fixture: PaymentProviderFixture,
  payment: ProviderPayment,
): Promise<ProviderPayment> {
  return expectDone(await fixture.provider.retrieve({ payment }), 'retrieve');
}
