/**
 * The contract suite every {@link PaymentMethod} must pass: run it from the method's test file with the host's test
 * runner.
 * @module
 */
import assert from 'node:assert/strict';
import type { PaymentMethodOffer } from '../domain/machine/session.js';
import type { PaymentContext, PaymentMethod } from '../ports/payment-method.js';
import {
  askRule,
  type ContextFixture,
  expectEntryCode,
  expectMethodCode,
  expectPlainData,
  expectText,
  frozenCopy,
  onFrozenInput,
  registerContextCases,
} from './method-contract-checks.js';
import { fixtureCase, type TestApi } from './test-api.js';

/** A payment method and the contexts it must and must not be offered in, for one case. */
export type PaymentMethodFixture = ContextFixture<PaymentMethod<unknown>, PaymentContext>;

/** Asserts the shape of an offer. */
function expectOffer(offer: PaymentMethodOffer | null, method: PaymentMethod<unknown>, what: string): void {
  assert.ok(offer !== null && typeof offer === 'object', `${what}: expected an offer, got ${String(offer)}`);
  assert.equal(offer.code, method.code, `${what}: the offer's code must be the method's`);
  expectText(offer.name, `${what}: the offer's name`);
  assert.ok(Number.isFinite(offer.sortOrder), `${what}: the offer's sortOrder must be a finite number`);
  const entries = Object.entries(offer.option);
  assert.ok(entries.length > 0, `${what}: an offer must hold at least one option`);
  for (const [key, option] of entries) {
    expectEntryCode(option.code, method.code, key, `${what}: option ${key}`);
    expectText(option.name, `${what}: the name of option ${key}`);
  }
  expectPlainData(offer, what);
}

/**
 * Registers the {@link PaymentMethod} contract cases under one `describe`. Every case calls `setup` for a fresh
 * fixture and calls its `cleanup` afterwards; `samplePaymentContext` and its companions help build the contexts.
 * Assertions use `node:assert/strict`.
 *
 * The cases check what the port promises: a code without dots; for every context the method applies to, an offer
 * of its own code, named, with options coded `<code>.<key>` under their keys, as plain data the session can
 * store; null for every context it does not apply to; the same answer to the same context, which it leaves as it
 * was; and, when the fixture offers a failed service, a rejection with an `Error` in time.
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the method in the suite title.
 * @param setup - Builds the method and the contexts it must and must not be offered in.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { describePaymentMethodContract, samplePaymentContext } from 'cartwright/testing';
 *
 * describePaymentMethodContract({ describe, it }, 'my invoice payment', async () => ({
 *   method: createMyInvoicePayment({ minimum: '100.00' }),
 *   applies: [samplePaymentContext()],
 *   excluded: [samplePaymentContext({ total: money('99.99', 'USD') })],
 * }));
 * ```
 */
export function describePaymentMethodContract(
  t: TestApi,
  name: string,
  setup: () => Promise<PaymentMethodFixture>,
): void {
  const test = fixtureCase<PaymentMethodFixture>(t, setup);

  t.describe(`PaymentMethod contract: ${name}`, () => {
    test('its code is non-empty, without dots (option codes are <code>.<option>)', async ({ method }) => {
      expectMethodCode(method.code, 'the method');
    });

    test('in every context it applies to, it answers a well-formed offer of its own code', async ({
      method,
      applies,
    }) => {
      assert.ok(applies.length > 0, 'the fixture must give at least one context the method applies to');
      for (const [i, context] of applies.entries()) {
        const offer = await onFrozenInput(`context ${i}`, () =>
          askRule(method, frozenCopy(context), (m, c, g) => m.offer(c, g), `context ${i}`),
        );
        expectOffer(offer, method, `context ${i}`);
      }
    });

    registerContextCases(test, 'offer', (method: PaymentMethod<unknown>, context: PaymentContext) =>
      askRule(method, context, (m, c, g) => m.offer(c, g), 'offer'),
    );
  });
}
