/**
 * The test card provider as a payment-provider contract fixture: its tokens, its challenge and its webhooks.
 */
import { money } from '../../../src/money/index.js';
import {
  createManualClock,
  type PaymentProviderFixture,
  signTestCardWebhook,
  type TestCardProvider,
  testCardTokens,
  webhookRequest,
} from '../../../src/testing/index.js';

export const SECRET = 'test-card-secret';
export const CHALLENGE_URL = 'https://shop.example/test-card/challenge';

/** The test card fixture: its tokens, challenge and webhooks, in `currency`. */
export function testCardFixture(
  provider: TestCardProvider,
  currency: string,
  inexact: string,
  clock = createManualClock('2024-05-01T10:00:00Z'),
): PaymentProviderFixture {
  return {
    provider,
    currency,
    approve: { token: testCardTokens.success, status: 'authorized' },
    decline: testCardTokens.decline,
    challenge: {
      token: testCardTokens.challenge,
      complete: async (reference, _action, pass) => {
        await provider.completeChallenge(reference, pass);
      },
    },
    webhooks: {
      signed: async (reference, options = {}) => {
        const signed = await provider.signedWebhook(reference, { ageSeconds: options.ageSeconds ?? 0 });
        if (options.wrongSecret !== true) return webhookRequest('https://shop.example/webhook', signed);
        const seconds = Math.floor(clock.now().getTime() / 1000);
        return webhookRequest(
          'https://shop.example/webhook',
          await signTestCardWebhook('another', signed.body, seconds),
        );
      },
    },
    inexactAmount: money(inexact, currency),
  };
}
