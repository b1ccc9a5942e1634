/**
 * The offline methods as payment providers (beyond the contract: a cheque or a transfer marked received is
 * captured from pending), and the payment deadline (a stalled or failing call is an unknown outcome, a stalled
 * webhook verification a refusal, never a hang).
 */
import { describe, expect, it } from 'vitest';
import {
  createOfflinePaymentProvider,
  createOfflinePaymentProviders,
  withPaymentDeadline,
} from '../../src/extensions/payment/index.js';
import { money } from '../../src/money/index.js';
import type { PaymentProvider, ProviderPayment } from '../../src/ports/payment-provider.js';

const usd = (amount: string) => money(amount, 'USD');
const authorizeRequest = {
  orderId: 9,
  attempt: 1,
  amount: usd('30.00'),
  token: null,
  returnUrl: null,
  idempotencyKey: 'k',
  description: 'Order 9',
};

async function authorized(provider: PaymentProvider): Promise<ProviderPayment> {
  const answer = await provider.authorize(authorizeRequest);
  if (answer.outcome !== 'done') throw new Error(JSON.stringify(answer));
  return answer.payment;
}

describe('offline payment providers', () => {
  it('provides cod, free_checkout, cheque and bank_transfer', () => {
    const providers = createOfflinePaymentProviders();
    expect(Object.keys(providers)).toEqual(['cod', 'free_checkout', 'cheque', 'bank_transfer']);
    for (const [code, provider] of Object.entries(providers)) expect(provider.code).toBe(code);
  });

  it('authorizes cod at once and leaves a cheque pending, each referenced by order and attempt', async () => {
    const cod = await authorized(createOfflinePaymentProvider('cod', 'at_once'));
    expect(cod).toMatchObject({ reference: 'cod:9:1', status: 'authorized', captured: usd('0') });
    const cheque = await authorized(createOfflinePaymentProvider('cheque', 'when_received'));
    expect(cheque).toMatchObject({ reference: 'cheque:9:1', status: 'pending' });
  });

  it('captures a cheque marked received from pending; cod only once authorized', async () => {
    const chequeProvider = createOfflinePaymentProvider('cheque', 'when_received');
    const cheque = await authorized(chequeProvider);
    const received = await chequeProvider.capture({
      payment: cheque,
      amount: usd('30'),
      idempotencyKey: 'c',
    });
    expect(received).toMatchObject({ outcome: 'done', payment: { status: 'captured', captured: usd('30') } });
    const codProvider = createOfflinePaymentProvider('cod', 'at_once');
    const pendingCod = { ...(await authorized(codProvider)), status: 'pending' as const };
    const refused = await codProvider.capture({
      payment: pendingCod,
      amount: usd('30'),
      idempotencyKey: 'c',
    });
    expect(refused).toMatchObject({ outcome: 'refused', code: 'state' });
  });

  it('answers retrieve with what it is given: its truth is the shop’s record', async () => {
    const provider = createOfflinePaymentProvider('cod', 'at_once');
    const payment = { ...(await authorized(provider)), status: 'captured' as const, captured: usd('30') };
    expect(await provider.retrieve({ payment })).toEqual({ outcome: 'done', payment });
  });
});

/** A provider whose calls never settle, or reject, as `mode` says. */
function misbehaving(mode: 'stall' | 'reject' | 'throw'): PaymentProvider {
  const call = (): Promise<never> => {
    if (mode === 'throw') throw new Error('synchronous bug');
    return mode === 'stall' ? new Promise(() => undefined) : Promise.reject(new Error('connection reset'));
  };
  return {
    code: 'card',
    authorize: call,
    capture: call,
    void: call,
    refund: call,
    retrieve: call,
    verifyWebhook: call,
  };
}

describe('withPaymentDeadline', () => {
  const payment: ProviderPayment = {
    reference: 'p',
    status: 'authorized',
    amount: usd('1'),
    captured: usd('0'),
    refunded: usd('0'),
    action: null,
    failure: null,
  };

  it('answers unknown for every money call past its deadline, never refused', async () => {
    const provider = withPaymentDeadline(misbehaving('stall'), { deadlineMs: 20 });
    const answers = await Promise.all([
      provider.authorize(authorizeRequest),
      provider.capture({ payment, amount: usd('1'), idempotencyKey: 'c' }),
      provider.void({ payment, idempotencyKey: 'v' }),
      provider.refund({ payment, amount: usd('1'), refund: 1, idempotencyKey: 'r' }),
      provider.retrieve({ payment }),
    ]);
    for (const answer of answers) {
      expect(answer).toEqual({
        outcome: 'unknown',
        reason: expect.stringMatching(/passed its deadline of 20 ms/),
      });
    }
  });

  it('answers unknown for a call that rejected or threw', async () => {
    for (const mode of ['reject', 'throw'] as const) {
      const answer = await withPaymentDeadline(misbehaving(mode), { deadlineMs: 1_000 }).capture({
        payment,
        amount: usd('1'),
        idempotencyKey: 'c',
      });
      expect(answer).toMatchObject({ outcome: 'unknown' });
    }
  });

  it('refuses a webhook whose verification stalled or failed', async () => {
    const request = new Request('http://shop/webhook', { method: 'POST', body: '{}' });
    for (const mode of ['stall', 'reject'] as const) {
      const verdict = await withPaymentDeadline(misbehaving(mode), { deadlineMs: 20 }).verifyWebhook(request);
      expect(verdict).toMatchObject({ verified: false });
    }
  });

  it('passes answers in time through unchanged', async () => {
    const inner = createOfflinePaymentProvider('cod', 'at_once');
    const provider = withPaymentDeadline(inner);
    expect(provider.code).toBe('cod');
    expect(await provider.authorize(authorizeRequest)).toEqual(await inner.authorize(authorizeRequest));
  });

  it('refuses a deadline that is not a whole number of milliseconds in range', () => {
    for (const deadlineMs of [0, 1.5, 600_001, Number.NaN]) {
      expect(() => withPaymentDeadline(misbehaving('stall'), { deadlineMs })).toThrow(/deadlineMs/);
    }
  });
});
