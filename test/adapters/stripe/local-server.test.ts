/**
 * The local Stripe-compatible server itself, through the official SDK: Stripe's idempotency-key rules and its
 * webhook signatures, so that the adapter's tests stand on a double that behaves as documented.
 */
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { fingerprint, parseStripeForm } from './support/form.js';
import { type LocalStripe, startLocalStripe, stripeSignature } from './support/stripe-server.js';

let server: LocalStripe | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function open() {
  server = await startLocalStripe();
  return { server, stripe: server.client() };
}

const create = {
  amount: 1000,
  currency: 'usd',
  capture_method: 'manual' as const,
  confirm: true,
  payment_method: 'pm_card_visa',
};

describe('the local Stripe server’s idempotency keys', () => {
  it('replays the first answer for the same key and parameters, marked as a replay', async () => {
    const { server, stripe } = await open();
    const first = await stripe.paymentIntents.create(create, { idempotencyKey: 'k1' });
    const again = await stripe.paymentIntents.create(create, { idempotencyKey: 'k1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(server.state.intents.size).toBe(1);
  });

  it('refuses the same key with other parameters as an idempotency error', async () => {
    const { stripe } = await open();
    await stripe.paymentIntents.create(create, { idempotencyKey: 'k1' });
    const error = await stripe.paymentIntents
      .create({ ...create, amount: 1001 }, { idempotencyKey: 'k1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('replays a card error under its key, and stores nothing for a malformed request', async () => {
    const { server, stripe } = await open();
    const declined = { ...create, payment_method: 'pm_card_chargeDeclined' };
    const first = await stripe.paymentIntents
      .create(declined, { idempotencyKey: 'd' })
      .catch((e: unknown) => e);
    const again = await stripe.paymentIntents
      .create(declined, { idempotencyKey: 'd' })
      .catch((e: unknown) => e);
    expect(first).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect((again as Stripe.errors.StripeCardError).payment_intent?.id).toBe(
      (first as Stripe.errors.StripeCardError).payment_intent?.id,
    );
    const intent = await stripe.paymentIntents.create(create, { idempotencyKey: 'ok' });
    const tooMuch = await stripe.paymentIntents
      .capture(intent.id, { amount_to_capture: 5000 }, { idempotencyKey: 'cap' })
      .catch((e: unknown) => e);
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const captured = await stripe.paymentIntents.capture(
      intent.id,
      { amount_to_capture: 1000 },
      { idempotencyKey: 'cap' },
    );
    expect(captured.status).toBe('succeeded');
    expect(server.state.intents.size).toBe(2);
  });

  it('refuses a request without a test secret key', async () => {
    const { server } = await open();
    const stranger = new Stripe('sk_live_nope', {
      host: '127.0.0.1',
      port: server.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(stranger.paymentIntents.create(create)).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});

describe('the local Stripe server’s webhooks', () => {
  it('signs as Stripe does: the SDK’s own check and test header agree', async () => {
    const { server, stripe } = await open();
    await stripe.paymentIntents.create(create);
    const event = server.state.events.at(-1);
    if (event === undefined) throw new Error('no event');
    const { payload, header } = server.sign(event);
    const verified = await stripe.webhooks.constructEventAsync(payload, header, server.webhookSecret);
    expect(verified.type).toBe('payment_intent.amount_capturable_updated');
    const seconds = Number(/t=(\d+)/.exec(header)?.[1]);
    const sdkHeader = await stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: server.webhookSecret,
      timestamp: seconds,
    });
    expect(header).toBe(sdkHeader);
    expect(stripeSignature(payload, server.webhookSecret, seconds)).toBe(header);
  });

  it('reads Stripe’s form encoding back, brackets and all', () => {
    const params = parseStripeForm('amount=5&metadata[order_id]=42&expand[0]=latest_charge&expand[1]=x');
    expect(params).toEqual({ amount: '5', metadata: { order_id: '42' }, expand: ['latest_charge', 'x'] });
    expect(fingerprint({ b: '1', a: '2' })).toBe(fingerprint({ a: '2', b: '1' }));
  });
});
