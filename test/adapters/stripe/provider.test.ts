/**
 * The Stripe adapter against a local Stripe-compatible server (a real HTTP server the official SDK talks to):
 * the PaymentProvider contract suite in a two-decimal, a zero-decimal (JPY) and a three-decimal (KWD) currency,
 * and what the suite does not reach: the requests the SDK sends (manual capture, amounts in smallest units, the
 * idempotency keys), Stripe's idempotency errors, 3-D Secure through the return URL, webhooks verified by the
 * SDK, a lapsed authorization and a gateway that stalls.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createStripeProvider, toStripeAmount } from '../../../src/adapters/stripe/index.js';
import { money } from '../../../src/money/index.js';
import type {
  AuthorizeRequest,
  ProviderAnswer,
  ProviderPayment,
} from '../../../src/ports/payment-provider.js';
import { describePaymentProviderContract } from '../../../src/testing/index.js';
import { answerChallenge, lastEventAbout, stripeFixture, webhookOf } from './support/fixture.js';
import { type LocalStripe, startLocalStripe } from './support/stripe-server.js';

for (const [currency, inexact] of [
  ['USD', '19.995'],
  ['JPY', '100.5'],
  ['KWD', '5.124'],
] as const) {
  describePaymentProviderContract({ describe, it }, `stripe against a local server (${currency})`, () =>
    stripeFixture(currency, inexact),
  );
}

let servers: LocalStripe[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function open() {
  const stripe = await startLocalStripe();
  servers.push(stripe);
  const provider = createStripeProvider({ stripe: stripe.client(), webhookSecret: stripe.webhookSecret });
  return { stripe, provider };
}

function request(partial: Partial<AuthorizeRequest> = {}): AuthorizeRequest {
  return {
    orderId: 42,
    attempt: 1,
    amount: money('19.99', 'USD'),
    token: 'pm_card_visa',
    returnUrl: 'https://shop.example/return',
    idempotencyKey: 'cartwright/order/42/attempt/1/authorize',
    description: 'Order 42',
    ...partial,
  };
}

function done(answer: ProviderAnswer): ProviderPayment {
  if (answer.outcome !== 'done') throw new Error(JSON.stringify(answer));
  return answer.payment;
}

describe('the Stripe adapter’s requests', () => {
  it('creates a confirmed PaymentIntent with manual capture, the amount in cents and the order in its metadata', async () => {
    const { stripe, provider } = await open();
    const payment = done(await provider.authorize(request()));
    expect(payment).toMatchObject({ status: 'authorized', amount: money('19.99', 'USD') });
    const intent = stripe.state.intents.get(payment.reference);
    expect(intent).toMatchObject({
      amount: 1999,
      currency: 'usd',
      capture_method: 'manual',
      payment_method: 'pm_card_visa',
      metadata: { order_id: '42', attempt: '1' },
      return_url: 'https://shop.example/return',
    });
  });

  it('sends zero-decimal currencies in whole units and three-decimal ones in thousandths', async () => {
    const { stripe, provider } = await open();
    const yen = done(
      await provider.authorize(request({ amount: money('1500', 'JPY'), idempotencyKey: 'jpy' })),
    );
    expect(stripe.state.intents.get(yen.reference)).toMatchObject({ amount: 1500, currency: 'jpy' });
    expect(yen.amount).toEqual(money('1500', 'JPY'));
    const dinar = done(
      await provider.authorize(request({ amount: money('5.12', 'KWD'), idempotencyKey: 'kwd' })),
    );
    expect(stripe.state.intents.get(dinar.reference)).toMatchObject({ amount: 5120, currency: 'kwd' });
    expect(dinar.amount).toEqual(money('5.12', 'KWD'));
    const krona = done(
      await provider.authorize(request({ amount: money('100', 'ISK'), idempotencyKey: 'isk' })),
    );
    expect(stripe.state.intents.get(krona.reference)).toMatchObject({ amount: 10000, currency: 'isk' });
  });

  it('refuses, before sending anything, an amount Stripe cannot take exactly', async () => {
    const { stripe, provider } = await open();
    for (const amount of [
      money('5.124', 'KWD'),
      money('100.50', 'ISK'),
      money('10.5', 'JPY'),
      money('0.001', 'USD'),
    ]) {
      expect(await provider.authorize(request({ amount })), amount.currency).toMatchObject({
        outcome: 'refused',
        code: 'amount',
      });
    }
    expect(stripe.received).toEqual([]);
    expect(toStripeAmount(money('5.120', 'KWD'))).toEqual({ amount: 5120, currency: 'kwd' });
  });

  it('replays an authorization retried with its key, and refuses the key with other parameters', async () => {
    const { stripe, provider } = await open();
    const first = done(await provider.authorize(request()));
    const again = done(await provider.authorize(request()));
    expect(again.reference).toBe(first.reference);
    expect(stripe.state.intents.size).toBe(1);
    const other = await provider.authorize(request({ amount: money('20.00', 'USD') }));
    expect(other).toMatchObject({
      outcome: 'refused',
      code: 'invalid',
      reason: expect.stringMatching(/same parameters/),
    });
    expect(stripe.state.intents.size).toBe(1);
  });

  it('replays a declined authorization retried with its key as the same failed payment', async () => {
    const { stripe, provider } = await open();
    const declined = request({ token: 'pm_card_chargeDeclined' });
    const first = done(await provider.authorize(declined));
    expect(first).toMatchObject({ status: 'failed', failure: 'generic_decline' });
    expect(done(await provider.authorize(declined)).reference).toBe(first.reference);
    expect(stripe.state.intents.size).toBe(1);
  });
});

describe('3-D Secure through the return URL', () => {
  it('requires the redirect, sends the customer back to the shop, and retrieve then says authorized', async () => {
    const { provider } = await open();
    const payment = done(await provider.authorize(request({ token: 'pm_card_threeDSecure2Required' })));
    expect(payment.status).toBe('requires_action');
    const response = await answerChallenge(payment.action?.url ?? '', true);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('https://shop.example/return');
    expect(done(await provider.retrieve({ payment })).status).toBe('authorized');
  });
});

describe('Stripe webhooks verified by the SDK', () => {
  it('names the PaymentIntent and its order, and a charge’s PaymentIntent', async () => {
    const { stripe, provider } = await open();
    const payment = done(await provider.authorize(request()));
    const authorized = await provider.verifyWebhook(
      webhookOf(stripe, lastEventAbout(stripe, payment.reference)),
    );
    expect(authorized).toMatchObject({
      verified: true,
      event: { type: 'payment_intent.amount_capturable_updated', reference: payment.reference, orderId: 42 },
    });
    const captured = done(await provider.capture({ payment, amount: payment.amount, idempotencyKey: 'c' }));
    done(
      await provider.refund({
        payment: captured,
        amount: money('5', 'USD'),
        refund: 1,
        idempotencyKey: 'r1',
      }),
    );
    const refunded = await provider.verifyWebhook(
      webhookOf(stripe, lastEventAbout(stripe, payment.reference)),
    );
    expect(refunded).toMatchObject({
      verified: true,
      event: { type: 'charge.refunded', reference: payment.reference },
    });
  });

  it('refuses a request without the Stripe-Signature header', async () => {
    const { provider } = await open();
    const verdict = await provider.verifyWebhook(
      new Request('https://shop.example/webhook', { method: 'POST', body: '{}' }),
    );
    expect(verdict).toEqual({ verified: false, reason: 'no Stripe-Signature header' });
  });

  it('never turns the time check off', () => {
    const stripe = { paymentIntents: {}, refunds: {}, webhooks: {} } as never;
    expect(() => createStripeProvider({ stripe, webhookSecret: 'whsec_x', toleranceSeconds: 0 })).toThrow(
      /tolerance/,
    );
    expect(() => createStripeProvider({ stripe, webhookSecret: '' })).toThrow(/webhookSecret/);
  });
});

describe('what Stripe does by itself, and a gateway that stalls', () => {
  it('reads an authorization Stripe cancelled after its capture window as expired', async () => {
    const { stripe, provider } = await open();
    const payment = done(await provider.authorize(request()));
    stripe.state.lapse(payment.reference);
    expect(done(await provider.retrieve({ payment })).status).toBe('expired');
    expect(await provider.capture({ payment, amount: payment.amount, idempotencyKey: 'late' })).toMatchObject(
      {
        outcome: 'refused',
        code: 'state',
      },
    );
  });

  it('answers unknown when the SDK times out, and the retry with the same key authorizes once', async () => {
    const stripe = await startLocalStripe();
    servers.push(stripe);
    const impatient = createStripeProvider({
      stripe: stripe.client({ timeout: 200 }),
      webhookSecret: 'whsec_x',
    });
    stripe.stall(600);
    expect(await impatient.authorize(request())).toMatchObject({ outcome: 'unknown' });
    stripe.stall(0);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const retried = done(await impatient.authorize(request()));
    expect(retried.status).toBe('authorized');
    expect(stripe.state.intents.size).toBe(1);
  });

  it('answers unknown when nothing listens', async () => {
    const stripe = await startLocalStripe();
    const client = stripe.client();
    await stripe.close();
    const provider = createStripeProvider({ stripe: client, webhookSecret: 'whsec_x' });
    expect(await provider.authorize(request())).toMatchObject({ outcome: 'unknown' });
  });
});
