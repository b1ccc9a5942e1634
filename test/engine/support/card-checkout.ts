/**
 * The engine on the demo store with a card method: `test_card` offered beside the demo's methods and served by
 * the test card provider (registered with `createPaymentProviders`), every provider call counted.
 */
import { demoStore } from '../../../src/adapters/memory/index.js';
import { createPaymentMethods, createPaymentProviders } from '../../../src/extensions/payment/index.js';
import type { PaymentMethod } from '../../../src/ports/payment-method.js';
import type { PaymentProvider } from '../../../src/ports/payment-provider.js';
import { createTestCardProvider, type TestCardProvider } from '../../../src/testing/index.js';
import { type DemoCheckout, type DemoCheckoutOverrides, demoCheckout, expectOk } from './demo-checkout.js';
import { readyToConfirm } from './orders.js';

/** The card method the tests choose: always offered, one option. */
export const testCardMethod: PaymentMethod = {
  code: 'test_card',
  offer: () => ({
    code: 'test_card',
    name: 'Card (test)',
    option: { test_card: { code: 'test_card.test_card', name: 'Card (test)' } },
    sortOrder: 0,
  }),
};

/** How many times each provider call was made. */
export type CallCounts = Record<
  'authorize' | 'capture' | 'void' | 'refund' | 'retrieve' | 'verifyWebhook',
  number
>;

/** `provider` with its calls counted into `counts` (and optionally replaced). */
export function counted(
  provider: PaymentProvider,
  counts: CallCounts,
  replace: Partial<PaymentProvider> = {},
) {
  const count =
    <K extends keyof CallCounts>(name: K) =>
    (request: Parameters<PaymentProvider[K]>[0]) => {
      counts[name] += 1;
      const call = (replace[name] ?? provider[name]) as (r: typeof request) => ReturnType<PaymentProvider[K]>;
      return call.call(provider, request);
    };
  return {
    code: provider.code,
    authorize: count('authorize'),
    capture: count('capture'),
    void: count('void'),
    refund: count('refund'),
    retrieve: count('retrieve'),
    verifyWebhook: count('verifyWebhook'),
  } as PaymentProvider;
}

/** A demo checkout with the test card method. */
export interface CardCheckout extends DemoCheckout {
  /** The test card provider itself (its challenge and webhooks). */
  readonly card: TestCardProvider;
  readonly calls: CallCounts;
}

/** What a card checkout test may change besides the demo checkout's overrides. */
export interface CardOverrides extends DemoCheckoutOverrides {
  /** Provider calls to replace (a stalled authorize, …). */
  readonly provider?: Partial<PaymentProvider>;
  /** The providers' deadline, in milliseconds. */
  readonly deadlineMs?: number;
}

/** The demo checkout with `test_card` offered and served by a test card provider. */
export function cardCheckout(overrides: CardOverrides = {}): CardCheckout {
  const card = createTestCardProvider({
    webhookSecret: 'test-card-secret',
    challengeUrl: 'https://bank.test/challenge',
  });
  const calls: CallCounts = { authorize: 0, capture: 0, void: 0, refund: 0, retrieve: 0, verifyWebhook: 0 };
  const provider = counted(card, calls, overrides.provider);
  const d = demoCheckout({
    ...overrides,
    deps: (adapters) => ({
      ...overrides.deps?.(adapters),
      paymentMethods: [testCardMethod, ...createPaymentMethods(demoStore().data.extensions.payment)],
      paymentProviders: createPaymentProviders([provider], { deadlineMs: overrides.deadlineMs }),
    }),
  });
  return { ...d, card, calls };
}

/** A session ready to confirm with the card method (one iPhone, flat shipping, UK addresses). */
export async function cardSession(d: DemoCheckout): Promise<string> {
  const sessionId = await d.open();
  await readyToConfirm(d, sessionId, { paymentMethod: 'test_card' });
  return sessionId;
}

/** The order as the memory store holds it now. */
export function orderOf(d: DemoCheckout, orderId: number) {
  const order = d.data.orders.get(orderId);
  if (order === undefined) throw new Error(`no order ${orderId}`);
  return order;
}

/** Confirms with a card token and answers the result. */
export function confirmCard(d: DemoCheckout, sessionId: string, token: string, key?: string) {
  return expectOk(
    d.checkout.confirm(sessionId, { payment_token: token }, key === undefined ? {} : { idempotencyKey: key }),
  );
}
