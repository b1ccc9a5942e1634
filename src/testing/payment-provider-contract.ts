/**
 * The contract suite every {@link PaymentProvider} must pass: run it from the provider's test file with the
 * host's test runner.
 * @module
 */
import { registerAuthorizeCases } from './payment-contract/authorize.js';
import { registerMoneyCases } from './payment-contract/money-moves.js';
import { registerWebhookCases } from './payment-contract/webhooks.js';
import type { PaymentProviderFixture } from './payment-provider-fixture.js';
import { fixtureCase, type TestApi } from './test-api.js';

/**
 * Registers the {@link PaymentProvider} contract cases under one `describe`. Every case calls `setup` for a fresh
 * fixture and calls its `cleanup` afterwards. Assertions use `node:assert/strict`.
 *
 * The cases check what the port promises: an approved payment with a reference, its amount and nothing taken,
 * which `retrieve` confirms; an authorization retried with the same key is the same payment, a new attempt
 * another; an amount the provider cannot take exactly refused (code `amount`), never rounded; a decline is a
 * `failed` payment with the provider's reason; a challenge needs the customer (a redirect) and ends authorized or
 * failed as the customer answers; a capture, retried, takes its money once, and never more than authorized; a
 * void releases the payment, after which a capture is refused (code `state`); refunds, each numbered, give back
 * once however often retried, the same amount twice with two numbers is two refunds, never more than captured;
 * a webhook signed by the gateway verifies and names its payment, while one with a changed body, a wrong
 * secret, an old signature or none is refused (and every webhook to a provider that sends none); and, when the
 * fixture offers a gateway that does not answer, an `unknown` outcome (or a rejection), never a refusal, in
 * time. A case whose fixture part is missing (no decline token, no webhooks, a provider that leaves payments
 * pending) is reported skipped with the reason, never passed.
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the provider in the suite title.
 * @param setup - Builds the provider over a fresh gateway, with its tokens and webhooks.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { describePaymentProviderContract } from 'cartwright/testing';
 *
 * describePaymentProviderContract({ describe, it }, 'my gateway', async () => ({
 *   provider: createMyGatewayProvider({ apiKey: 'test' }),
 *   approve: { token: 'card_ok', status: 'authorized' },
 *   decline: 'card_declined',
 * }));
 * ```
 */
export function describePaymentProviderContract(
  t: TestApi,
  name: string,
  setup: () => Promise<PaymentProviderFixture>,
): void {
  const test = fixtureCase<PaymentProviderFixture>(t, setup);

  t.describe(`PaymentProvider contract: ${name}`, () => {
    registerAuthorizeCases(test);
    registerMoneyCases(test);
    registerWebhookCases(test);
  });
}
