/**
 * Payment-provider contract cases: authorizing, replays of an authorization, declines, challenges and amounts a
 * provider cannot take exactly.
 * @module
 */
import assert from 'node:assert/strict';
import { expectMethodCode } from '../method-contract-checks.js';
import { cannotRun } from '../test-api.js';
import {
  approvedPayment,
  authorizeRequest,
  currencyOf,
  expectDone,
  expectPayment,
  expectRefused,
  freshOrderId,
  moneyIn,
  type ProviderCase,
  truthOf,
} from './helpers.js';

/** Registers the authorization cases. */
export function registerAuthorizeCases(test: ProviderCase): void {
  test('its code is non-empty, without dots', async ({ provider }) => {
    expectMethodCode(provider.code, 'the provider');
  });

  test('authorize answers the approved payment: a reference, its status and amount, nothing taken', async (fixture) => {
    const amount = moneyIn(fixture, '40.00');
    const { payment } = await approvedPayment(fixture, amount);
    assert.equal(typeof payment.reference, 'string', 'the reference must be a string');
    assert.notEqual(payment.reference, '', 'the reference must not be empty');
    assert.deepEqual(payment.amount, amount, 'the payment is of the amount asked for');
    expectPayment(
      payment,
      { status: fixture.approve.status, captured: moneyIn(fixture, '0'), refunded: moneyIn(fixture, '0') },
      'authorize',
    );
    assert.equal(payment.action, null, 'an approved payment needs no action');
    expectPayment(
      await truthOf(fixture, payment),
      { status: fixture.approve.status },
      'retrieve after authorize',
    );
  });

  test('authorize retried with the same key and request is the same payment, authorized once', async (fixture) => {
    const orderId = freshOrderId();
    const request = authorizeRequest(orderId, moneyIn(fixture, '25.00'), fixture.approve.token);
    const first = expectDone(await fixture.provider.authorize(request), 'authorize');
    const again = expectDone(await fixture.provider.authorize(request), 'authorize again with the same key');
    assert.equal(again.reference, first.reference, 'a retried authorization must answer the same payment');
    assert.equal(again.status, first.status, 'a retried authorization must answer the same status');
  });

  test('a new attempt (another key) is another payment', async (fixture) => {
    const orderId = freshOrderId();
    const amount = moneyIn(fixture, '25.00');
    const first = expectDone(
      await fixture.provider.authorize(authorizeRequest(orderId, amount, fixture.approve.token, 1)),
      'attempt 1',
    );
    const second = expectDone(
      await fixture.provider.authorize(authorizeRequest(orderId, amount, fixture.approve.token, 2)),
      'attempt 2',
    );
    assert.notEqual(second.reference, first.reference, 'attempts must be different payments');
  });

  test('an amount it cannot take exactly is refused with code amount, never rounded', async (fixture) => {
    if (fixture.inexactAmount === undefined)
      cannotRun('the fixture names no amount the provider cannot take exactly');
    assert.equal(
      fixture.inexactAmount.currency,
      currencyOf(fixture),
      'the inexact amount must be in the fixture currency',
    );
    const answer = await fixture.provider.authorize(
      authorizeRequest(freshOrderId(), fixture.inexactAmount, fixture.approve.token),
    );
    expectRefused(
      answer,
      `authorize ${fixture.inexactAmount.amount} ${fixture.inexactAmount.currency}`,
      'amount',
    );
  });

  test('a declined token answers a failed payment with the provider’s reason', async (fixture) => {
    if (fixture.decline === undefined) cannotRun('the fixture offers no token the provider declines');
    const answer = await fixture.provider.authorize(
      authorizeRequest(freshOrderId(), moneyIn(fixture, '30.00'), fixture.decline),
    );
    const payment = expectDone(answer, 'authorize the declined token');
    expectPayment(payment, { status: 'failed', captured: moneyIn(fixture, '0') }, 'a decline');
    assert.equal(typeof payment.failure, 'string', 'a failed payment carries the provider’s reason');
  });

  test('a challenge: requires_action with a redirect; passed it is authorized, failed it is failed', async (fixture) => {
    const { challenge } = fixture;
    if (challenge === undefined) cannotRun('the fixture offers no token that needs the customer');
    const pay = async (pass: boolean) => {
      const answer = await fixture.provider.authorize(
        authorizeRequest(freshOrderId(), moneyIn(fixture, '30.00'), challenge.token),
      );
      const payment = expectDone(answer, 'authorize the challenge token');
      assert.equal(payment.status, 'requires_action', 'a challenge token needs the customer');
      assert.equal(payment.action?.type, 'redirect', 'the action is a redirect');
      assert.doesNotThrow(() => new URL(payment.action?.url ?? ''), 'the action’s URL is absolute');
      await challenge.complete(payment.reference, payment.action ?? { type: 'redirect', url: '' }, pass);
      return truthOf(fixture, payment);
    };
    expectPayment(await pay(true), { status: 'authorized' }, 'retrieve after a passed challenge');
    expectPayment(await pay(false), { status: 'failed' }, 'retrieve after a failed challenge');
  });
}
