/**
 * A shop process for the kill fault: confirms one card order over the PostgreSQL schema `CW_SCHEMA` with the
 * Stripe adapter (the local server on `CW_STRIPE_PORT`), and once Stripe has authorized, prints
 * `authorized <PaymentIntent id>` and stops there, before the order's move is written: the test kills it then.
 */
import pg from 'pg';
import type { PaymentProvider } from '../../../src/ports/payment-provider.js';
import { expectOk } from '../../engine/support/demo-checkout.js';
import { readyToConfirm } from '../../engine/support/orders.js';
import { stripeCheckout } from './stripe-checkout.js';

const pool = new pg.Pool({ connectionString: process.env.CW_DATABASE_URL, max: 3 });
pool.on('error', () => undefined);

/** `provider`, whose authorize never returns once Stripe answered (as if the process froze right then). */
function hangAfterAuthorize(provider: PaymentProvider): PaymentProvider {
  return {
    ...provider,
    code: provider.code,
    authorize: async (request) => {
      const answer = await provider.authorize(request);
      const reference = answer.outcome === 'done' ? answer.payment.reference : `(${answer.outcome})`;
      process.stdout.write(`authorized ${reference}\n`);
      return new Promise(() => undefined);
    },
    capture: (request) => provider.capture(request),
    void: (request) => provider.void(request),
    refund: (request) => provider.refund(request),
    retrieve: (request) => provider.retrieve(request),
    verifyWebhook: (request) => provider.verifyWebhook(request),
  };
}

const { d } = stripeCheckout({
  pool,
  schema: String(process.env.CW_SCHEMA),
  stripePort: Number(process.env.CW_STRIPE_PORT),
  wrap: hangAfterAuthorize,
});
const sessionId = await d.open();
await readyToConfirm(d, sessionId, { paymentMethod: 'stripe' });
process.stdout.write('ready\n');
await expectOk(d.checkout.confirm(sessionId, { payment_token: 'pm_card_visa' }));
process.stdout.write('confirmed: the process was not stopped\n');
