/**
 * Stripe webhooks, verified by the SDK's own signature check on the raw body before anything in them is read.
 * @module
 */
import type { ProviderEvent, WebhookVerdict } from '../../ports/payment-provider.js';
import type { StripeLike } from './client.js';

/** The header Stripe signs its webhooks in (`t=<unix seconds>,v1=<hex>`). */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/** The fields of an event's object that name a payment and its order. */
interface EventObject {
  readonly object?: unknown;
  readonly id?: unknown;
  readonly payment_intent?: unknown;
  readonly metadata?: { readonly order_id?: unknown } | null;
}

/** The order id a PaymentIntent's metadata names, or null. */
function orderIdOf(object: EventObject): number | null {
  const text = object.metadata?.order_id;
  if (typeof text !== 'string' || !/^[1-9]\d{0,14}$/.test(text)) return null;
  return Number(text);
}

/** The payment an event concerns: a PaymentIntent's own id, or the one a charge or refund belongs to. */
function eventOf(id: string, type: string, object: EventObject): ProviderEvent {
  if (object.object === 'payment_intent' && typeof object.id === 'string') {
    return { id, type, reference: object.id, orderId: orderIdOf(object) };
  }
  const intent = object.payment_intent;
  const reference = typeof intent === 'string' ? intent : null;
  return { id, type, reference, orderId: null };
}

/**
 * Verifies a webhook request with `stripe.webhooks.constructEventAsync` (the raw body, the `Stripe-Signature`
 * header, the endpoint's `whsec_…` secret, `toleranceSeconds`, and the time `receivedAt` in milliseconds) and
 * answers the payment it concerns. A missing header, a wrong signature, a body changed after signing or a
 * signature older than the tolerance is refused.
 */
export async function verifyStripeWebhook(
  stripe: StripeLike,
  request: Request,
  secret: string,
  toleranceSeconds: number,
  receivedAt: number,
): Promise<WebhookVerdict> {
  const header = request.headers.get(STRIPE_SIGNATURE_HEADER);
  if (header === null) return { verified: false, reason: 'no Stripe-Signature header' };
  const body = await request.text();
  try {
    const event = await stripe.webhooks.constructEventAsync(
      body,
      header,
      secret,
      toleranceSeconds,
      undefined,
      receivedAt,
    );
    const object = (event.data?.object ?? {}) as EventObject;
    return { verified: true, event: eventOf(event.id, event.type, object) };
  } catch (error) {
    return { verified: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
