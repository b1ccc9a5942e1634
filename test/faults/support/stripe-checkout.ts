/**
 * The engine on the demo store in PostgreSQL with a card method `stripe` served by the Stripe adapter over the
 * local Stripe-compatible server: what the killed process and the process that recovers after it both run.
 */

import type pg from 'pg';
import Stripe from 'stripe';
import { createPostgresAdapters } from '../../../src/adapters/postgres/index.js';
import { createStripeProvider } from '../../../src/adapters/stripe/index.js';
import { createPaymentProviders } from '../../../src/extensions/payment/index.js';
import type { PaymentMethod } from '../../../src/ports/payment-method.js';
import type { PaymentProvider } from '../../../src/ports/payment-provider.js';
import { createManualClock, type ManualClock } from '../../../src/testing/index.js';
import { type DemoCheckout, demoCheckout, startInstant } from '../../engine/support/demo-checkout.js';

/** The card method the tests choose: always offered. */
export const stripeMethod: PaymentMethod = {
  code: 'stripe',
  offer: () => ({
    code: 'stripe',
    name: 'Card',
    option: { stripe: { code: 'stripe.stripe', name: 'Card' } },
    sortOrder: 0,
  }),
};

/** The signing secret of the local Stripe server's webhooks. */
export const localWebhookSecret = 'whsec_local_test_secret';

/** What {@link stripeCheckout} runs over. */
export interface StripeCheckoutOptions {
  readonly pool: pg.Pool;
  readonly schema: string;
  /** The local Stripe server's port. */
  readonly stripePort: number;
  /** Provider calls to wrap (an authorize that never returns once Stripe answered). */
  readonly wrap?: (provider: PaymentProvider) => PaymentProvider;
}

/** A checkout over PostgreSQL, and the manual clock that drives both the engine and the store. */
export interface StripeCheckout {
  readonly d: DemoCheckout;
  readonly clock: ManualClock;
}

/** The demo checkout over PostgreSQL with `stripe` offered; one manual clock drives the engine and the store. */
export function stripeCheckout(options: StripeCheckoutOptions): StripeCheckout {
  const clock = createManualClock(startInstant);
  const stripe = new Stripe('sk_test_local', {
    host: '127.0.0.1',
    port: options.stripePort,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  const base = createStripeProvider({ stripe, webhookSecret: localWebhookSecret });
  const provider = options.wrap?.(base) ?? base;
  const { pool, schema } = options;
  const stores = createPostgresAdapters({ pool, schema, deadlineMs: 30_000, clock });
  const d = demoCheckout({
    deps: () => {
      return {
        clock,
        catalog: stores.catalog,
        customers: stores.customers,
        geo: stores.geo,
        taxes: stores.taxes,
        coupons: stores.coupons,
        orders: stores.orders,
        paymentMethods: [stripeMethod],
        paymentProviders: createPaymentProviders([provider]),
      };
    },
  });
  return { d, clock };
}
