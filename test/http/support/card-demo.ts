/**
 * The demo app over a real server with a card method: `test_card` offered first and served by a test card
 * provider, whose webhooks are posted to the server's webhook route (when `deliver` is on).
 */

import { demoStore } from '../../../src/adapters/memory/index.js';
import { createPaymentMethods, createPaymentProviders } from '../../../src/extensions/payment/index.js';
import type { PaymentProvider } from '../../../src/ports/payment-provider.js';
import {
  createTestCardProvider,
  type SignedWebhook,
  type TestCardProvider,
} from '../../../src/testing/index.js';
import { type CallCounts, counted, testCardMethod } from '../../engine/support/card-checkout.js';
import {
  type Harness,
  type HarnessOptions,
  type Reply,
  type Session,
  send,
  startDemo,
  ukAddress,
} from './harness.js';

/** The webhook route of a card method. */
export const webhookRoute = 'api/payment/webhook';

/** A card demo: the harness, its provider, its call counts, and whether webhooks are posted as they happen. */
export interface CardDemo extends Harness {
  readonly card: TestCardProvider;
  readonly calls: CallCounts;
  /** Posts the provider's webhooks to the server as the challenge is answered (default off). */
  autoDeliver: boolean;
  /** Posts a signed webhook to the server. */
  deliver(webhook: SignedWebhook): Promise<Reply>;
}

/** What a card demo may change. */
export interface CardDemoOptions extends HarnessOptions {
  /** Provider calls to replace (a stalled authorize, …). */
  readonly provider?: Partial<PaymentProvider>;
  readonly deadlineMs?: number;
  /** Share one provider between servers (a gateway is one, whichever server asks it). */
  readonly card?: TestCardProvider;
}

/** Posts `webhook` to `origin`'s webhook route. */
export function postWebhook(origin: string, webhook: SignedWebhook): Promise<Reply> {
  return send(origin, webhookRoute, {
    method: 'POST',
    query: { code: 'test_card' },
    json: webhook.body,
    headers: webhook.headers,
  });
}

/** Starts a demo server with the card method. */
export async function startCardDemo(options: CardDemoOptions = {}): Promise<CardDemo> {
  let demo: CardDemo | undefined;
  const card =
    options.card ??
    createTestCardProvider({
      webhookSecret: 'test-card-secret',
      challengeUrl: 'https://bank.test/challenge',
      deliver: async (webhook) => {
        if (demo?.autoDeliver === true) await demo.deliver(webhook);
      },
    });
  const calls: CallCounts = { authorize: 0, capture: 0, void: 0, refund: 0, retrieve: 0, verifyWebhook: 0 };
  const provider = counted(card, calls, options.provider);
  const harness = await startDemo({
    ...options,
    deps: (adapters) => ({
      ...options.deps?.(adapters),
      paymentMethods: [testCardMethod, ...createPaymentMethods(demoStore().data.extensions.payment)],
      paymentProviders: createPaymentProviders([provider], { deadlineMs: options.deadlineMs }),
    }),
  });
  demo = {
    ...harness,
    card,
    calls,
    autoDeliver: false,
    deliver: (webhook) => postWebhook(harness.origin, webhook),
  };
  return demo;
}

const guest = { firstname: 'Jane', lastname: 'Smith', email: 'jane@example.com', telephone: '01632 960123' };

/** Every step up to confirm with `quantity` iPhones and the card method. */
export async function readyForCard(session: Session, productId = '40', quantity = '1'): Promise<void> {
  await session.call('api/order&call=customer', { form: guest });
  await session.call('api/cart', {
    form: { 'product[0][product_id]': productId, 'product[0][quantity]': quantity },
  });
  await session.call('api/order&call=payment_address', { form: ukAddress('payment_') });
  await session.call('api/order&call=shipping_address', { form: ukAddress('shipping_') });
  await session.call('api/order&call=shipping_methods');
  await session.call('api/order&call=shipping_method', { form: { shipping_method: 'flat.flat' } });
  await session.call('api/order&call=payment_methods');
  const chosen = await session.call('api/order&call=payment_method', {
    form: { payment_method: 'test_card' },
  });
  if (chosen.status !== 200) throw new Error(`payment method: ${JSON.stringify(chosen.body)}`);
}

/** What confirm answers with a card. */
export interface CardConfirm {
  readonly order_id: number;
  readonly payment: { readonly status: string; readonly action?: { readonly url: string } };
}

/** Confirms with a card token. */
export async function confirmWith(session: Session, token: string, key?: string): Promise<Reply> {
  return session.call('api/order&call=confirm', {
    form: { payment_token: token },
    ...(key === undefined ? {} : { headers: { 'Idempotency-Key': key } }),
  });
}
