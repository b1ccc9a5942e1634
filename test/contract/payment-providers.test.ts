/**
 * The payment-provider contract suite of `cartwright/testing` on the providers cartwright ships: the offline
 * methods (cash on delivery and free checkout authorize at once; cheque and bank transfer stay pending) and the
 * test card provider, in USD and in a zero-decimal currency, and behind the payment deadline.
 */
import { describe, it } from 'vitest';
import { createOfflinePaymentProviders, withPaymentDeadline } from '../../src/extensions/payment/index.js';
import type { PaymentProvider } from '../../src/ports/payment-provider.js';
import {
  createManualClock,
  createTestCardProvider,
  describePaymentProviderContract,
} from '../../src/testing/index.js';
import { CHALLENGE_URL, SECRET, testCardFixture } from './support/test-card-fixture.js';

const offline = createOfflinePaymentProviders();

for (const code of ['cod', 'free_checkout'] as const) {
  describePaymentProviderContract({ describe, it }, `offline ${code}`, async () => ({
    provider: offline[code] as PaymentProvider,
    approve: { token: null, status: 'authorized' },
  }));
}

for (const code of ['cheque', 'bank_transfer'] as const) {
  describePaymentProviderContract({ describe, it }, `offline ${code}`, async () => ({
    provider: offline[code] as PaymentProvider,
    approve: { token: null, status: 'pending' },
  }));
}

for (const [currency, inexact] of [
  ['USD', '19.995'],
  ['JPY', '100.5'],
  ['KWD', '1.0005'],
] as const) {
  describePaymentProviderContract({ describe, it }, `test card (${currency})`, async () => {
    const clock = createManualClock('2024-05-01T10:00:00Z');
    const provider = createTestCardProvider({ webhookSecret: SECRET, challengeUrl: CHALLENGE_URL, clock });
    return testCardFixture(provider, currency, inexact, clock);
  });
}

describePaymentProviderContract({ describe, it }, 'test card behind the payment deadline', async () => {
  const clock = createManualClock('2024-05-01T10:00:00Z');
  const provider = createTestCardProvider({ webhookSecret: SECRET, challengeUrl: CHALLENGE_URL, clock });
  const stalled: PaymentProvider = {
    ...provider,
    authorize: () => new Promise(() => undefined),
  };
  return {
    ...testCardFixture(provider, 'USD', '19.995', clock),
    provider: withPaymentDeadline(provider, { deadlineMs: 1_000 }),
    unreachable: async () => withPaymentDeadline(stalled, { deadlineMs: 200 }),
    deadlineMs: 2_000,
  };
});
