/**
 * The shop's card method in test mode: `test_card`, served by cartwright's test card provider, a card gateway's
 * test mode in this process. Its documented tokens succeed, decline or ask for a 3-D Secure challenge; its
 * challenge page is served by the shop's server, which sends the customer back to the shop; and it posts a
 * signed webhook to the shop's webhook route once a challenge is answered. No account anywhere, no real money.
 *
 * A shop taking real cards registers a gateway's provider the same way (`createStripeProvider` in
 * `cartwright/adapters/stripe`) and offers its method instead.
 */
import type { PaymentMethod } from 'cartwright/core';
import { createTestCardProvider, type TestCardProvider } from 'cartwright/testing';

/** The payment method code of the test card. */
export const testCardCode = 'test_card';

/** Where the challenge pages are served: `<challengePath>/<payment reference>`. */
export const challengePath = '/test-card/challenge';

/** What every challenge page's path starts with. */
const challengeFolder = `${challengePath}/`;

/** How long the shop waits for its own webhook route to take a webhook. */
const DELIVERY_TIMEOUT_MS = 5_000;

/** The shop's card method, its provider, and where the customer goes and comes back. */
export interface ShopCard {
  /** The provider (register it with `createPaymentProviders`); it also serves the challenge pages. */
  readonly provider: TestCardProvider;
  /** The method the shop offers: "Card (test mode)", first in the list. */
  readonly method: PaymentMethod;
  /** Where the customer comes back to after the challenge: the shop, with the order to look at. */
  returnUrl(orderId: number): string;
}

/** What {@link createShopCard} needs. */
export interface ShopCardOptions {
  /** The shop's origin as the customer's browser reaches it (`http://127.0.0.1:8080`). */
  readonly origin: string;
  /** The secret the webhooks are signed with (any random text; the provider checks what it signed). */
  readonly webhookSecret: string;
}

/** The method's offer: always on, one option, before the offline methods (sort order 0). */
const method: PaymentMethod = {
  code: testCardCode,
  offer: () => ({
    code: testCardCode,
    name: 'Card (test mode)',
    option: { [testCardCode]: { code: `${testCardCode}.${testCardCode}`, name: 'Card (test mode)' } },
    sortOrder: 0,
  }),
};

/**
 * The shop's test card: a provider whose challenge pages live at `<origin>/test-card/challenge/<reference>` and
 * whose webhooks are posted to `<origin>/index.php?route=api/payment/webhook&code=test_card`. A webhook that
 * cannot be delivered is left to the customer's return, which asks the provider itself.
 */
export function createShopCard(options: ShopCardOptions): ShopCard {
  const webhookUrl = new URL('/index.php', options.origin);
  webhookUrl.search = new URLSearchParams({ route: 'api/payment/webhook', code: testCardCode }).toString();
  const provider = createTestCardProvider({
    code: testCardCode,
    webhookSecret: options.webhookSecret,
    challengeUrl: new URL(challengePath, options.origin).href,
    async deliver(webhook) {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        body: webhook.body,
        headers: webhook.headers,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.body?.cancel();
    },
  });
  return {
    provider,
    method,
    returnUrl: (orderId) => new URL(`/shop?order=${orderId}`, options.origin).href,
  };
}

/** Whether a request (its URL path, as node gives it) is for a challenge page. */
export function isChallengeRequest(url: string | undefined): boolean {
  // The query comes after the path, so a URL starts with the folder exactly when its path does.
  return url?.startsWith(challengeFolder) === true;
}
