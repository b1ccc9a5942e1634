/**
 * The Stripe adapter as a payment-provider contract fixture, over a fresh local Stripe-compatible server.
 */
import { createStripeProvider } from '../../../../src/adapters/stripe/index.js';
import { money } from '../../../../src/money/index.js';
import type { PaymentProviderFixture } from '../../../../src/testing/index.js';
import { type LocalStripe, startLocalStripe } from './stripe-server.js';

/** The last event the server sent about the PaymentIntent `reference`. */
export function lastEventAbout(stripe: LocalStripe, reference: string) {
  const about = stripe.state.events.filter((event) => {
    const object = event.data.object as { id?: string; payment_intent?: string };
    return object.id === reference || object.payment_intent === reference;
  });
  const event = about.at(-1);
  if (event === undefined) throw new Error(`no event about ${reference}`);
  return event;
}

/** The webhook request of `event`, signed by the local server. */
export function webhookOf(
  stripe: LocalStripe,
  event: Parameters<LocalStripe['sign']>[0],
  options: Parameters<LocalStripe['sign']>[1] = {},
): Request {
  const { payload, header } = stripe.sign(event, options);
  return new Request('https://shop.example/webhook/stripe', {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
}

/** Passes or fails the 3-D Secure page at `url`, as the customer's browser would. */
export async function answerChallenge(url: string, pass: boolean): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    body: `result=${pass ? 'pass' : 'fail'}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
}

/** A fixture over a fresh local Stripe, in `currency`, with an amount Stripe cannot take exactly. */
export async function stripeFixture(
  currency: string,
  inexact: string,
): Promise<PaymentProviderFixture & { stripe: LocalStripe }> {
  const stripe = await startLocalStripe();
  const provider = createStripeProvider({ stripe: stripe.client(), webhookSecret: stripe.webhookSecret });
  let stalled: LocalStripe | undefined;
  return {
    stripe,
    provider,
    currency,
    approve: { token: 'pm_card_visa', status: 'authorized' },
    decline: 'pm_card_chargeDeclined',
    challenge: {
      token: 'pm_card_threeDSecure2Required',
      complete: async (_reference, action, pass) => {
        await answerChallenge(action.url, pass);
      },
    },
    webhooks: {
      signed: async (reference, options = {}) =>
        webhookOf(stripe, lastEventAbout(stripe, reference), {
          ageSeconds: options.ageSeconds ?? 0,
          ...(options.wrongSecret === true ? { secret: 'whsec_another' } : {}),
        }),
    },
    inexactAmount: money(inexact, currency),
    unreachable: async () => {
      stalled = await startLocalStripe();
      stalled.stall(5_000);
      return createStripeProvider({ stripe: stalled.client({ timeout: 300 }), webhookSecret: 'whsec_x' });
    },
    deadlineMs: 4_000,
    cleanup: async () => {
      await stripe.close();
      await stalled?.close();
    },
  };
}
