/**
 * Payment-provider contract cases: capture, void and refunds, each once however often it is retried, within the
 * money there is, and only in the states that allow them.
 * @module
 */
import assert from 'node:assert/strict';
import type { ProviderPayment } from '../../domain/payment/index.js';
import type { PaymentProviderFixture } from '../payment-provider-fixture.js';
import { cannotRun } from '../test-api.js';
import {
  approvedPayment,
  expectDone,
  expectPayment,
  expectRefused,
  keyOf,
  moneyIn,
  type ProviderCase,
  truthOf,
} from './helpers.js';

/** An authorized payment of 40.00 and its order; a provider that leaves payments pending cannot run the case. */
async function authorized(fixture: PaymentProviderFixture) {
  if (fixture.approve.status !== 'authorized') {
    cannotRun(
      'the provider leaves approved payments pending (paid later): there is no authorization to move',
    );
  }
  return approvedPayment(fixture);
}

/** Captures `amount` of `payment` (key of `orderId`), which must be done. */
async function capture(
  fixture: PaymentProviderFixture,
  payment: ProviderPayment,
  orderId: number,
  amount: string,
) {
  const request = { payment, amount: moneyIn(fixture, amount), idempotencyKey: keyOf(orderId, 1, 'capture') };
  return expectDone(await fixture.provider.capture(request), `capture ${amount}`);
}

/** Registers the capture, void and refund cases. */
export function registerMoneyCases(test: ProviderCase): void {
  test('capture takes the whole authorized amount once, however often it is retried', async (fixture) => {
    const start = await authorized(fixture);
    const request = {
      payment: start.payment,
      amount: moneyIn(fixture, '40.00'),
      idempotencyKey: keyOf(start.orderId, 1, 'capture'),
    };
    const first = expectDone(await fixture.provider.capture(request), 'capture');
    expectPayment(first, { status: 'captured', captured: moneyIn(fixture, '40.00') }, 'capture');
    const again = expectDone(await fixture.provider.capture(request), 'the same capture again');
    expectPayment(again, { status: 'captured', captured: moneyIn(fixture, '40.00') }, 'the retried capture');
    expectPayment(
      await truthOf(fixture, first),
      { status: 'captured', captured: moneyIn(fixture, '40.00') },
      'retrieve',
    );
  });

  test('capture of part takes that part', async (fixture) => {
    const start = await authorized(fixture);
    const payment = await capture(fixture, start.payment, start.orderId, '15.00');
    expectPayment(payment, { status: 'captured', captured: moneyIn(fixture, '15.00') }, 'a partial capture');
    expectPayment(
      await truthOf(fixture, payment),
      { status: 'captured', captured: moneyIn(fixture, '15.00') },
      'retrieve',
    );
  });

  test('capture of more than is authorized is refused with code amount, and nothing is taken', async (fixture) => {
    const start = await authorized(fixture);
    const request = {
      payment: start.payment,
      amount: moneyIn(fixture, '40.01'),
      idempotencyKey: keyOf(start.orderId, 1, 'capture'),
    };
    expectRefused(await fixture.provider.capture(request), 'capture 40.01 of 40.00', 'amount');
    expectPayment(
      await truthOf(fixture, start.payment),
      { status: 'authorized', captured: moneyIn(fixture, '0') },
      'retrieve',
    );
  });

  test('void releases an authorized payment; a capture afterwards is refused with code state', async (fixture) => {
    const start = await authorized(fixture);
    const voided = expectDone(
      await fixture.provider.void({
        payment: start.payment,
        idempotencyKey: keyOf(start.orderId, 1, 'void'),
      }),
      'void',
    );
    expectPayment(voided, { status: 'voided' }, 'void');
    expectPayment(await truthOf(fixture, voided), { status: 'voided' }, 'retrieve after void');
    const late = {
      payment: voided,
      amount: moneyIn(fixture, '40.00'),
      idempotencyKey: keyOf(start.orderId, 1, 'capture'),
    };
    expectRefused(await fixture.provider.capture(late), 'capture after void', 'state');
  });

  test('refunds: each number once, however often retried; the same amount twice is two refunds', async (fixture) => {
    const start = await authorized(fixture);
    const captured = await capture(fixture, start.payment, start.orderId, '40.00');
    const refund = (payment: ProviderPayment, amount: string, number: number) =>
      fixture.provider.refund({
        payment,
        amount: moneyIn(fixture, amount),
        refund: number,
        idempotencyKey: keyOf(start.orderId, 1, 'refund', number),
      });
    const first = expectDone(await refund(captured, '10.00', 1), 'refund 1');
    expectPayment(first, { status: 'partially_refunded', refunded: moneyIn(fixture, '10.00') }, 'refund 1');
    expectDone(await refund(captured, '10.00', 1), 'refund 1 retried');
    expectPayment(
      await truthOf(fixture, first),
      { status: 'partially_refunded', refunded: moneyIn(fixture, '10.00') },
      'retrieve after refund 1 and its retry',
    );
    const second = expectDone(await refund(first, '10.00', 2), 'refund 2 of the same amount');
    expectPayment(second, { status: 'partially_refunded', refunded: moneyIn(fixture, '20.00') }, 'refund 2');
    expectPayment(
      await truthOf(fixture, second),
      { status: 'partially_refunded', refunded: moneyIn(fixture, '20.00') },
      'retrieve after refund 2',
    );
    const rest = expectDone(await refund(second, '20.00', 3), 'refund of the rest');
    expectPayment(rest, { status: 'refunded', refunded: moneyIn(fixture, '40.00') }, 'refund of the rest');
    expectRefused(await refund(rest, '0.01', 4), 'a refund past what was captured');
    assert.deepEqual(
      (await truthOf(fixture, rest)).refunded,
      moneyIn(fixture, '40.00'),
      'nothing more is refunded',
    );
  });

  test('a refund of more than is left is refused with code amount', async (fixture) => {
    const start = await authorized(fixture);
    const captured = await capture(fixture, start.payment, start.orderId, '40.00');
    const request = {
      payment: captured,
      amount: moneyIn(fixture, '40.01'),
      refund: 1,
      idempotencyKey: keyOf(start.orderId, 1, 'refund', 1),
    };
    expectRefused(await fixture.provider.refund(request), 'refund 40.01 of 40.00', 'amount');
    expectPayment(
      await truthOf(fixture, captured),
      { status: 'captured', refunded: moneyIn(fixture, '0') },
      'retrieve',
    );
  });
}
