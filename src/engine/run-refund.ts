/**
 * `payment_refund`'s pass: take the session → check the request's key and parse the order and amount → the
 * effects: the refund (performed in the order's turn by the effect interpreter, see `payment-refund.ts`), then
 * the session's expiry slid, best effort, since the refund is made by then.
 * @module
 */
import { err, ok, type ResultAsync } from 'neverthrow';
import { type CheckoutError, checkoutError, invariant } from '../domain/errors.js';
import { messageText } from '../domain/messages.js';
import { idempotencyKeyError } from '../domain/order/claims.js';
import type { RefundCommand } from '../domain/payment/command.js';
import type { PaymentResult } from '../operations/answers.js';
import type { PaymentDescriptor } from '../operations/operation.js';
import type { EngineContext } from './context.js';
import type { RefundOptions } from './payment-refund.js';
import { paymentPorts } from './payment-settle.js';
import type { SessionTarget } from './session-access.js';
import { type Pass, readAccess, runPass } from './shell.js';

/** payment_refund as the one pass runs it: the session's checks, then the refund and the expiry slide. */
function refundPass(
  context: EngineContext,
  operation: PaymentDescriptor,
  options: RefundOptions,
): Pass<unknown, PaymentResult> {
  return {
    saves: false,
    // Read in the attempt, after the session's access, as every read does.
    parse: (posted) => ok(posted),
    attempt: async (taken, posted, messages) => {
      const access = readAccess(context, taken, messages);
      if (access.isErr()) return err(access.error);
      const keyError = idempotencyKeyError(options.idempotencyKey, messages);
      if (keyError !== undefined) return err(keyError);
      const parsed = operation.input.parse(posted, messages);
      if (parsed.isErr()) return err(checkoutError('validation', parsed.error));
      const command = parsed.value as RefundCommand;
      if (paymentPorts(context) === undefined) {
        return err(checkoutError('precondition', { payment: messageText(messages, 'payment.refund_state') }));
      }
      return ok({
        save: 'effects',
        effects: [
          {
            type: 'refund_payment',
            orderId: command.orderId,
            amount: command.amount,
            requestKey: options.idempotencyKey ?? null,
          },
          { type: 'slide_expiry', at: access.value.now.toISOString() },
        ],
        events: [],
        answer: ({ refunded }) => {
          invariant(refunded !== undefined, () => 'payment_refund: the refund effect answered nothing');
          return refunded;
        },
      });
    },
  };
}

/** Runs `payment_refund` on a session: the session's checks, then the refund. */
export function runPaymentRefund(
  context: EngineContext,
  operation: PaymentDescriptor,
  target: SessionTarget,
  posted: unknown,
  options: RefundOptions = {},
): ResultAsync<PaymentResult, CheckoutError> {
  return runPass(context, refundPass(context, operation, options), target, posted);
}
