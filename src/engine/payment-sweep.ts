/**
 * The sweep: stock holds whose time ran out are released (a read of their stock releases them too, so no cron
 * is needed for that), and the open payments they held for are marked `expired`. An authorization that arrives
 * after is voided by the webhook or `payment_complete` that brings it.
 * @module
 */
import { err, ok, ResultAsync } from 'neverthrow';
import type { CheckoutError } from '../domain/errors.js';
import { expiredStep, isOpenPaymentStatus } from '../domain/payment/index.js';
import { type Answer, askPort, type EngineContext, readClock } from './context.js';
import { inOrderTurn, paymentPorts, settleContextOf, voidAtProvider } from './payment-settle.js';

/** What a sweep did. */
export interface SweepReport {
  /** Stock holds released because their time ran out. */
  readonly releasedHolds: number;
  /** Open payments marked `expired` (their orders stay unplaced, with status 0). */
  readonly expiredPayments: number;
}

/** The sweep's pass. */
async function sweepPass(context: EngineContext): Answer<SweepReport> {
  const messages = context.messagesFor(context.settings.language);
  const ports = paymentPorts(context);
  if (ports === undefined) return ok({ releasedHolds: 0, expiredPayments: 0 });
  const now = readClock(context, messages);
  if (now.isErr()) return err(now.error);
  const at = now.value.toISOString();
  const released = await askPort('orders', messages, () => ports.orderPayments.releaseDueHolds(at));
  if (released.isErr()) return err(released.error);
  const due = await askPort('orders', messages, () => ports.orderPayments.dueOpenPayments(at));
  if (due.isErr()) return err(due.error);
  let expiredPayments = 0;
  for (const orderId of due.value) {
    const expired = await inOrderTurn(context, ports, orderId, messages, async (order) => {
      const record = order.payment;
      if (record === undefined || !isOpenPaymentStatus(record.status)) return ok(undefined);
      const settle = await settleContextOf(context, order, context.settings.orderStatusId, messages);
      if (settle.isErr()) return err(settle.error);
      // Best effort: a challenge the customer never finished is cancelled at the provider too.
      const provider = ports.provider(record.providerCode);
      if (provider !== undefined && record.reference !== null) {
        await voidAtProvider(provider, orderId, record, record.reference);
      }
      return ok(expiredStep(order, record, settle.value));
    });
    if (expired.isOk() && expired.value.payment?.status === 'expired') expiredPayments += 1;
  }
  return ok({ releasedHolds: released.value.length, expiredPayments });
}

/**
 * Releases the stock holds whose time ran out and marks their open payments `expired`. Several processes may
 * sweep at once: each hold is released once, each payment marked once.
 */
export function sweepPayments(context: EngineContext): ResultAsync<SweepReport, CheckoutError> {
  return new ResultAsync(sweepPass(context));
}
