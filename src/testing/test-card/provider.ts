/**
 * The test card provider: a card gateway's test mode in process, so that a card payment, a 3-D Secure challenge
 * and the gateway's webhooks work with no account anywhere.
 * @module
 */
import {
  capturedPayment,
  isRuleRefusal,
  type ProviderPayment,
  type ProviderRuleRefusal,
  refundedPayment,
  voidedPayment,
} from '../../domain/payment/index.js';
import { isoMinorUnitExponent, type Money, toMinorUnits, zero } from '../../money/index.js';
import type { Clock } from '../../ports/clock.js';
import type { AuthorizeRequest, PaymentProvider, ProviderAnswer } from '../../ports/payment-provider.js';
import { createChallengeHandler } from './challenge.js';
import { type GatewayPayment, TestCardGateway } from './gateway.js';
import {
  checkTestCardSignature,
  type SignedWebhook,
  signTestCardWebhook,
  TEST_CARD_SIGNATURE_HEADER,
} from './signature.js';

/** The tokens the test card provider knows, as a gateway's documented test cards. */
export const testCardTokens = Object.freeze({
  /** Authorized at once. */
  success: 'tok_success',
  /** Needs a 3-D Secure challenge, which the customer passes or fails on the challenge page. */
  challenge: 'tok_challenge',
  /** Declined (`card_declined`). */
  decline: 'tok_decline',
});

/** Options of {@link createTestCardProvider}. */
export interface TestCardProviderOptions {
  /** The payment method code it serves; default `test_card`. */
  readonly code?: string | undefined;
  /** The secret its webhooks are signed with (HMAC-SHA256). */
  readonly webhookSecret: string;
  /**
   * The absolute URL where the host mounts {@link TestCardProvider.challenge}: a payment's challenge page is
   * `<challengeUrl>/<reference>`.
   */
  readonly challengeUrl: string;
  /**
   * Sends a signed webhook to the shop (the demo posts it to its webhook route). Called once a challenge is
   * passed or failed; a failed delivery is left to the customer's return (`payment_complete`), as when a real
   * gateway's webhook is late.
   */
  readonly deliver?: ((webhook: SignedWebhook) => Promise<void>) | undefined;
  /** The time its signatures carry and are checked against; default the system clock. */
  readonly clock?: Clock | undefined;
  /** How old (or how far ahead) a signature may be, in seconds; default 300. */
  readonly toleranceSeconds?: number | undefined;
}

/** The test card provider: a {@link PaymentProvider} with its challenge page and its webhooks. */
export interface TestCardProvider extends PaymentProvider {
  /** Serves the challenge pages (GET) and takes the customer's answer (POST `result=pass|fail`). */
  challenge(request: Request): Promise<Response>;
  /** Passes or fails the challenge of `reference` as the customer would, and delivers the webhook. */
  completeChallenge(reference: string, pass: boolean): Promise<ProviderAnswer>;
  /** The signed webhook the gateway sends about `reference` now (`ageSeconds` back-dates its signature). */
  signedWebhook(reference: string, options?: { readonly ageSeconds?: number }): Promise<SignedWebhook>;
}

const systemClock: Clock = { now: () => new Date() };

/** What a payment answers once it is settled in the gateway. */
const done = (payment: ProviderPayment): ProviderAnswer => ({ outcome: 'done', payment });

/** A rule's answer: the payment it leaves (kept), or its refusal. */
function settle(
  entry: GatewayPayment,
  result: ProviderPayment | ProviderRuleRefusal,
  gateway: TestCardGateway,
) {
  if (isRuleRefusal(result)) return { outcome: 'refused', code: result.code, reason: result.reason } as const;
  entry.payment = result;
  gateway.keep(entry);
  return done(result);
}

/** True when `amount` is a whole number of its currency's smallest units (cents; yen). */
function isExact(amount: Money): boolean {
  return toMinorUnits(amount, isoMinorUnitExponent(amount.currency)) !== undefined;
}

/** The payment a token makes, or the refusal of an unknown token. */
function paymentOf(
  request: AuthorizeRequest,
  reference: string,
  challengeUrl: string,
): ProviderPayment | ProviderRuleRefusal {
  const nothing = zero(request.amount.currency);
  const base = {
    reference,
    amount: request.amount,
    captured: nothing,
    refunded: nothing,
    action: null,
    failure: null,
  };
  switch (request.token) {
    case testCardTokens.success:
      return { ...base, status: 'authorized' };
    case testCardTokens.challenge:
      return {
        ...base,
        status: 'requires_action',
        action: { type: 'redirect', url: `${challengeUrl}/${reference}` },
      };
    case testCardTokens.decline:
      return { ...base, status: 'failed', failure: 'card_declined' };
    default:
      return { code: 'state', reason: 'unknown' };
  }
}

/**
 * Creates a test card provider: a card gateway's test mode, in memory. `tok_success` authorizes at once,
 * `tok_challenge` requires a 3-D Secure challenge (a page at `<challengeUrl>/<reference>` that
 * {@link TestCardProvider.challenge} serves, where the customer passes or fails), `tok_decline` fails with
 * `card_declined`; any other token is refused. Amounts must be whole smallest units of their currency (cents,
 * yen): anything else is refused, never rounded. Capture, void and refund follow a gateway's rules, and every
 * money call honours its idempotency key (the same key and request replay the first answer; the same key with
 * another request is refused). Webhooks are signed `Test-Card-Signature: t=…,v1=…` (HMAC-SHA256 of
 * `<t>.<body>`) and checked within `toleranceSeconds`.
 *
 * It passes the `PaymentProvider` contract suite. Its memory is its own: two processes do not share it (the demo
 * serves from one).
 */
export function createTestCardProvider(options: TestCardProviderOptions): TestCardProvider {
  const code = options.code ?? 'test_card';
  const clock = options.clock ?? systemClock;
  const tolerance = options.toleranceSeconds ?? 300;
  const gateway = new TestCardGateway();
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const unknown = (reference: string): ProviderAnswer => ({
    outcome: 'refused',
    code: 'not_found',
    reason: `no test card payment ${reference}`,
  });
  /** Runs a money call on a known payment, once per key. */
  const onPayment = (
    reference: string,
    key: string,
    fingerprint: string,
    rule: (payment: ProviderPayment) => ProviderPayment | ProviderRuleRefusal,
  ): ProviderAnswer => {
    const entry = gateway.find(reference);
    if (entry === undefined) return unknown(reference);
    return gateway.once(key, fingerprint, () => settle(entry, rule(entry.payment), gateway));
  };

  const signedWebhook = async (reference: string, signOptions: { readonly ageSeconds?: number } = {}) => {
    const entry = gateway.find(reference);
    const status = entry?.payment.status ?? 'unknown';
    const body = JSON.stringify({
      id: gateway.nextEventId(),
      type: `payment.${status}`,
      created: nowSeconds(),
      data: { reference, order_id: entry?.orderId ?? null, status },
    });
    return signTestCardWebhook(options.webhookSecret, body, nowSeconds() - (signOptions.ageSeconds ?? 0));
  };

  const completeChallenge = async (reference: string, pass: boolean): Promise<ProviderAnswer> => {
    const entry = gateway.find(reference);
    if (entry === undefined) return unknown(reference);
    if (entry.payment.status !== 'requires_action') {
      return { outcome: 'refused', code: 'state', reason: `payment ${reference} is ${entry.payment.status}` };
    }
    entry.payment = pass
      ? { ...entry.payment, status: 'authorized', action: null }
      : { ...entry.payment, status: 'failed', action: null, failure: 'authentication_failed' };
    gateway.keep(entry);
    if (options.deliver !== undefined) {
      await options.deliver(await signedWebhook(reference)).catch(() => undefined);
    }
    return done(entry.payment);
  };

  const provider: PaymentProvider = {
    code,
    async authorize(request) {
      const fingerprint = JSON.stringify([
        'authorize',
        request.orderId,
        request.attempt,
        request.amount,
        request.token,
      ]);
      return gateway.once(request.idempotencyKey, fingerprint, () => {
        if (!isExact(request.amount)) {
          return {
            outcome: 'refused',
            code: 'amount',
            reason: `${request.amount.amount} is not exact in ${request.amount.currency}`,
          };
        }
        const payment = paymentOf(request, gateway.nextReference(), options.challengeUrl);
        if (isRuleRefusal(payment)) {
          return {
            outcome: 'refused',
            code: 'invalid',
            reason: `unknown test card token ${String(request.token)}`,
          };
        }
        gateway.keep({ payment, orderId: request.orderId, returnUrl: request.returnUrl });
        return done(payment);
      });
    },
    async capture({ payment, amount, idempotencyKey }) {
      const fingerprint = JSON.stringify(['capture', payment.reference, amount]);
      if (!isExact(amount))
        return { outcome: 'refused', code: 'amount', reason: `${amount.amount} is not exact` };
      return onPayment(payment.reference, idempotencyKey, fingerprint, (current) =>
        capturedPayment(current, amount),
      );
    },
    async void({ payment, idempotencyKey }) {
      const fingerprint = JSON.stringify(['void', payment.reference]);
      return onPayment(payment.reference, idempotencyKey, fingerprint, voidedPayment);
    },
    async refund({ payment, amount, refund, idempotencyKey }) {
      const fingerprint = JSON.stringify(['refund', payment.reference, amount, refund]);
      if (!isExact(amount))
        return { outcome: 'refused', code: 'amount', reason: `${amount.amount} is not exact` };
      return onPayment(payment.reference, idempotencyKey, fingerprint, (current) =>
        refundedPayment(current, amount),
      );
    },
    async retrieve({ payment }) {
      const entry = gateway.find(payment.reference);
      return entry === undefined ? unknown(payment.reference) : done(entry.payment);
    },
    async verifyWebhook(request) {
      const body = await request.text();
      const header = request.headers.get(TEST_CARD_SIGNATURE_HEADER);
      const wrong = await checkTestCardSignature(
        options.webhookSecret,
        body,
        header,
        nowSeconds(),
        tolerance,
      );
      if (wrong !== undefined) return { verified: false, reason: wrong };
      return parseEvent(body);
    },
  };
  const challenge = createChallengeHandler({
    challengeUrl: options.challengeUrl,
    gateway,
    completeChallenge,
  });
  return { ...provider, challenge, completeChallenge, signedWebhook };
}

/** The event of a verified body (its shape checked: a signed body can still be one we never sent). */
function parseEvent(body: string): Awaited<ReturnType<PaymentProvider['verifyWebhook']>> {
  let event: unknown;
  try {
    event = JSON.parse(body);
  } catch {
    return { verified: false, reason: 'a body that is not JSON' };
  }
  const { id, type, data } = (event ?? {}) as { id?: unknown; type?: unknown; data?: unknown };
  const { reference, order_id: orderId } = (data ?? {}) as { reference?: unknown; order_id?: unknown };
  if (typeof id !== 'string' || typeof type !== 'string' || typeof reference !== 'string') {
    return { verified: false, reason: 'a body without an event id, type and payment reference' };
  }
  const order = typeof orderId === 'number' && Number.isSafeInteger(orderId) ? orderId : null;
  return { verified: true, event: { id, type, reference, orderId: order } };
}
