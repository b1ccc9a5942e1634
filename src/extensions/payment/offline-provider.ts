/**
 * The offline payment methods as payment providers: cash on delivery and free checkout authorize at once; cheque
 * and bank transfer stay pending until the merchant marks the money received.
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
import { zero } from '../../money/index.js';
import type { PaymentProvider, ProviderAnswer } from '../../ports/payment-provider.js';

/**
 * How an offline method's payment starts: `at_once` (authorized when the order is confirmed: the courier or
 * nobody collects later) or `when_received` (pending until a history status says the cheque or the transfer
 * arrived, which captures it).
 */
export type OfflineAuthorization = 'at_once' | 'when_received';

/** The answer of a rule: the payment it leaves, or its refusal. */
function answer(result: ProviderPayment | ProviderRuleRefusal): ProviderAnswer {
  return isRuleRefusal(result)
    ? { outcome: 'refused', code: result.code, reason: result.reason }
    : { outcome: 'done', payment: result };
}

/**
 * A {@link PaymentProvider} for an offline payment method. Nothing leaves the shop: no gateway holds the money,
 * so the provider keeps nothing and its truth is cartwright's own record. Every call answers from the payment it
 * is given (`retrieve` answers it unchanged), under the same rules a gateway applies: capture only what is
 * authorized (or, for `when_received`, a pending payment: the merchant marks it received), refund only what was
 * captured, void only before the money is taken. A retried call with the same request answers the same; its
 * reference is `<code>:<order id>:<attempt>`, so a retried authorization names the same payment. It sends no
 * webhooks: every webhook request is refused.
 *
 * @param code - The payment method code (`cod`, `free_checkout`, `cheque`, `bank_transfer`, or the host's own).
 * @param authorization - When the payment counts as authorized.
 */
export function createOfflinePaymentProvider(
  code: string,
  authorization: OfflineAuthorization,
): PaymentProvider {
  const pendingCaptures = authorization === 'when_received';
  return {
    code,
    async authorize(request) {
      const nothing = zero(request.amount.currency);
      return {
        outcome: 'done',
        payment: {
          reference: `${code}:${request.orderId}:${request.attempt}`,
          status: authorization === 'at_once' ? 'authorized' : 'pending',
          amount: request.amount,
          captured: nothing,
          refunded: nothing,
          action: null,
          failure: null,
        },
      };
    },
    async capture({ payment, amount }) {
      return answer(capturedPayment(payment, amount, pendingCaptures));
    },
    async void({ payment }) {
      return answer(voidedPayment(payment));
    },
    async refund({ payment, amount }) {
      return answer(refundedPayment(payment, amount));
    },
    async retrieve({ payment }) {
      return { outcome: 'done', payment };
    },
    async verifyWebhook() {
      return { verified: false, reason: `${code} is an offline method: it sends no webhooks` };
    },
  };
}

/** The built-in offline methods' providers, by payment method code. */
export function createOfflinePaymentProviders(): Readonly<Record<string, PaymentProvider>> {
  return {
    cod: createOfflinePaymentProvider('cod', 'at_once'),
    free_checkout: createOfflinePaymentProvider('free_checkout', 'at_once'),
    cheque: createOfflinePaymentProvider('cheque', 'when_received'),
    bank_transfer: createOfflinePaymentProvider('bank_transfer', 'when_received'),
  };
}
