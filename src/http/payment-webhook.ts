/**
 * `POST index.php?route=api/payment/webhook&code=<payment method code>`: a payment provider's notification. No
 * session and no API key: the provider's signature over the body's exact bytes is the credential, verified by
 * the provider before anything in the request is read (401, nothing written, when it fails).
 * @module
 */
import { err, ok } from 'neverthrow';
import type { PaymentEntries } from '../engine/checkout.js';
import type { FormObject } from './form.js';
import type { RawCall, RawRoute } from './route.js';

/** A payment method code as the extensions name them. */
const METHOD_CODE = /^[A-Za-z0-9_]{1,64}$/;

/** Headers a rebuilt request must not carry over: the body is given whole, and the connection is not ours. */
const hopHeaders = new Set(['content-length', 'transfer-encoding', 'connection', 'host', 'keep-alive']);

/** The query's `code`, when it is a payment method code. */
function codeOf(query: FormObject): string | undefined {
  const code = query.code;
  return typeof code === 'string' && METHOD_CODE.test(code) ? code : undefined;
}

/** The request as the provider sent it, for its signature check: its URL, headers and the body's exact bytes. */
function requestOf(call: RawCall): Request {
  const headers = new Headers();
  call.headers.forEach((value, name) => {
    if (!hopHeaders.has(name.toLowerCase())) headers.append(name, value);
  });
  return new Request(call.url.href, { method: 'POST', headers, body: call.body });
}

/** The webhook route. */
export const paymentWebhook: RawRoute = {
  method: 'POST',
  access: 'raw',
  run: async (call) => {
    const code = codeOf(call.query);
    // Every checkout made by createCheckout has the payment entries; a host's own SessionMethods may not.
    const { receivePaymentWebhook } = call.checkout as Partial<PaymentEntries>;
    if (code === undefined || receivePaymentWebhook === undefined) {
      return err({ kind: 'not_found', fields: { code: call.config.messages['payment.none'] } });
    }
    const received = await receivePaymentWebhook(code, requestOf(call));
    if (received.isErr()) return err(received.error);
    return ok({
      body: {
        success: call.config.messages['payment.webhook'],
        order_id: received.value.orderId,
      },
    });
  },
};
