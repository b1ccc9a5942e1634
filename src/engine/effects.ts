/**
 * The one effect interpreter: performs what a decision asked for, in the order it asked, and is the only place
 * that writes an order for confirm, appends a history entry (history_add, with the capture, void or refund of
 * the order's card payment that goes with it), claims an order's key, records the order on the session, takes
 * its card payment, writes a payment's move and asks a provider for a refund (payment_refund's stages), and
 * delivers events.
 * Each effect that needs an earlier one's result names it as data: "the order" is the one the write or the claim
 * before it answered, and a new order's events, decided with order id 0, are numbered with its id here, as the
 * repository numbers the outbox's. A refusal of the repository ends the run with its error; what was performed
 * before it stays performed. A history entry that loses the race at its order's revision ends the run too, with
 * nothing written: the run answers it as data (`lost`), for the shell to decide the entry again on the fresh
 * order.
 *
 * Events go to the notifier after the writes they describe, one at a time. A failing notifier never undoes or
 * fails the operation: the failure goes to the host's `onEventError`, by default to its logger.
 * @module
 */
import { err, ok } from 'neverthrow';
import { deepFreeze } from '../domain/deep-freeze.js';
import { type CheckoutError, checkoutError, invariant } from '../domain/errors.js';
import type { DomainEvent } from '../domain/machine/events.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import type {
  AppendHistory,
  ClaimOrder,
  Effect,
  RecordOrder,
  TakePayment,
  WriteOrder,
} from '../domain/order/effects.js';
import { shortageErrors } from '../domain/order/history.js';
import type { RefundAnswer } from '../domain/payment/index.js';
import type { OrderRecord } from '../domain/records/order.js';
import { type Answer, askPort, type EngineContext } from './context.js';
import { payAtConfirm, paymentFor, paymentToResume } from './payment-confirm.js';
import { appendWithPayment } from './payment-history.js';
import { askRefund } from './payment-refund.js';
import {
  orderConflict,
  type PaymentPorts,
  paymentPorts,
  providerUnavailable,
  writeStep,
  writtenOrder,
} from './payment-settle.js';
import { slideExpiry, storeSession, takeSession } from './session-access.js';

/**
 * What the effects left: the order they wrote or answered, whether a write of them wrote it, a refund's answer,
 * and whether a history entry lost the race at its order's revision (the effects after it were not performed).
 */
export interface Performed {
  readonly order: OrderRecord | undefined;
  readonly wrote: boolean;
  /** What a provider answered a refund asked of it, with the refund's number. */
  readonly asked: { readonly number: number; readonly answer: RefundAnswer } | undefined;
  readonly lost: boolean;
}

/** What an effect run has reached so far. */
interface Run {
  order: OrderRecord | undefined;
  wrote: boolean;
  asked: Performed['asked'];
  lost: boolean;
}

/** The `conflict` of an idempotency key already used for another payload. */
function keyUsed(messages: MessageCatalog): CheckoutError {
  return checkoutError('conflict', { warning: messageText(messages, 'order.idempotency') });
}

/**
 * The order a claim answers. With a key, the key is recorded for that order first (or answers the order it
 * already names; another payload under it is a `conflict`); without one the order is `known`, or read.
 * Undefined when the order is gone.
 */
async function claimOrder(
  context: EngineContext,
  effect: Omit<ClaimOrder, 'type'>,
  messages: MessageCatalog,
  known?: OrderRecord,
): Answer<OrderRecord | undefined> {
  const { orders } = context.deps;
  const { orderId, claim } = effect;
  if (claim === undefined) {
    return known === undefined ? askPort('orders', messages, () => orders.get(orderId)) : ok(known);
  }
  const outcome = await askPort('orders', messages, () => orders.claim(orderId, claim));
  if (outcome.isErr()) return err(outcome.error);
  if (outcome.value.status === 'idempotency_conflict') return err(keyUsed(messages));
  return ok(outcome.value.status === 'not_found' ? undefined : outcome.value.order);
}

/**
 * Performs a write in one repository transaction; the repository's refusals as errors. A create replayed by its
 * claims answers the order they name, with the key recorded for it too (`replayClaim`).
 */
async function writeOrder(
  context: EngineContext,
  effect: WriteOrder,
  messages: MessageCatalog,
): Answer<{ order: OrderRecord; wrote: boolean }> {
  const { orders } = context.deps;
  // Handed over frozen: nothing changes a draft once decided, and a repository may then keep it without a copy.
  deepFreeze(effect.draft);
  if (effect.orderId === 0) {
    const created = await askPort('orders', messages, () =>
      orders.create(effect.draft, effect.history, effect.claims, effect.events),
    );
    if (created.isErr()) return err(created.error);
    const outcome = created.value;
    if (outcome.status === 'created') return ok({ order: outcome.order, wrote: true });
    if (outcome.status === 'insufficient_stock') {
      return err(shortageErrors(effect.draft.products, outcome.shortages, messages));
    }
    if (outcome.status === 'idempotency_conflict') return err(keyUsed(messages));
    const replayed = outcome.order;
    const claim = { orderId: replayed.orderId, claim: effect.replayClaim };
    const order = await claimOrder(context, claim, messages, replayed);
    return order.isErr() ? err(order.error) : ok({ order: order.value ?? replayed, wrote: false });
  }
  const [claim] = effect.claims;
  const updated = await askPort('orders', messages, () =>
    orders.update(
      effect.orderId,
      effect.draft,
      effect.history,
      effect.expectedRevision,
      claim,
      effect.events,
    ),
  );
  if (updated.isErr()) return err(updated.error);
  const outcome = updated.value;
  if (outcome.status === 'replayed') return ok({ order: outcome.order, wrote: false });
  if (outcome.status === 'idempotency_conflict') return err(keyUsed(messages));
  const written = writtenOrder(outcome, effect.draft.products, messages);
  if (written.isErr()) return err(written.error);
  return written.value === 'conflict'
    ? err(orderConflict(messages))
    : ok({ order: written.value, wrote: true });
}

/**
 * Appends a history entry at its order's revision, with the payment's move that goes with it when there is one
 * (see `payment-history.ts`): the order written, `conflict` when another write moved the revision first, or the
 * repository's refusal.
 */
async function appendHistory(
  context: EngineContext,
  effect: AppendHistory,
  messages: MessageCatalog,
): Answer<OrderRecord | 'conflict'> {
  if (effect.payment !== undefined) return appendWithPayment(context, effect, effect.payment, messages);
  const { orderId, write, expectedRevision, events } = effect;
  const outcome = await askPort('orders', messages, () =>
    context.deps.orders.addHistory(orderId, write, expectedRevision, events),
  );
  return outcome.andThen((written) => writtenOrder(written, effect.order.products, messages));
}

/**
 * Records the order on the session: the decided session, numbered with the order's id, saved over the version
 * it was decided on. The order is written by now, so a session changed meanwhile never turns the operation into
 * a failure: the record is laid over the changed session, unless another confirm recorded its own order since
 * this one loaded (the later order is then the session's last). Left unrecorded after that one retry, a repeat
 * of the confirm is still caught by the session's claim.
 */
async function recordOrder(
  context: EngineContext,
  loaded: CheckoutSession,
  effect: RecordOrder,
  orderId: number,
): Promise<void> {
  const { updatedAt, expiresAt, lastOrder } = effect.session;
  const record = { orderId, fingerprint: lastOrder?.fingerprint ?? '' };
  const save = async (next: CheckoutSession, over: CheckoutSession) => {
    const saved = await storeSession(context, next, over.version, context.messagesFor(over.language));
    return saved.isOk() && saved.value;
  };
  if (await save({ ...effect.session, lastOrder: record }, loaded)) return;
  const fresh = await takeSession(context, loaded.id);
  if (fresh.isOk() && fresh.value.session.lastOrder?.orderId === loaded.lastOrder?.orderId) {
    const over = fresh.value.session;
    await save({ ...over, version: over.version + 1, updatedAt, expiresAt, lastOrder: record }, over);
  }
}

/**
 * Takes the order's card payment through the host's provider the effect names, or resumes the payment of an
 * answered order whose authorization had no answer (no provider named); answers the order afterwards.
 */
function takePayment(
  context: EngineContext,
  effect: TakePayment,
  order: OrderRecord | undefined,
  messages: MessageCatalog,
): Answer<OrderRecord | undefined> {
  if (order === undefined) return Promise.resolve(ok(order));
  const payment =
    effect.provider === undefined ? paymentToResume(context, order) : paymentFor(context, effect.provider);
  if (payment === undefined) return Promise.resolve(ok(order));
  return payAtConfirm(context, payment, order, effect.orderStatusId, effect.token, messages);
}

/** A new order's events (decided with order id 0) numbered with its id. */
function numbered(events: readonly DomainEvent[], orderId: number): readonly DomainEvent[] {
  return events.map((event) => (event.orderId === 0 ? { ...event, orderId } : event));
}

/**
 * Performs `effects` in order on the session as `loaded`, delivering `events` where a `deliver_events` effect
 * stands (when the write before it wrote); answers the order they reached, or that a history entry lost its
 * race (then nothing after it is performed).
 */
export async function performEffects(
  context: EngineContext,
  loaded: CheckoutSession,
  effects: readonly Effect[],
  events: readonly DomainEvent[],
  messages: MessageCatalog,
): Answer<Performed> {
  const run: Run = { order: undefined, wrote: false, asked: undefined, lost: false };
  for (const effect of effects) {
    const done = await performOne(context, loaded, effect, events, messages, run);
    if (done.isErr()) return err(done.error);
    if (run.lost) break;
  }
  return ok(run);
}

/** Performs one effect, moving `run` on. */
async function performOne(
  context: EngineContext,
  loaded: CheckoutSession,
  effect: Effect,
  events: readonly DomainEvent[],
  messages: MessageCatalog,
  run: Run,
): Answer<void> {
  switch (effect.type) {
    case 'write_order': {
      const written = await writeOrder(context, effect, messages);
      if (written.isErr()) return err(written.error);
      run.order = written.value.order;
      run.wrote = written.value.wrote;
      return ok(undefined);
    }
    case 'append_history': {
      const appended = await appendHistory(context, effect, messages);
      if (appended.isErr()) return err(appended.error);
      reached(run, appended.value);
      return ok(undefined);
    }
    case 'claim_order': {
      const claimed = await claimOrder(context, effect, messages);
      if (claimed.isErr()) return err(claimed.error);
      run.order = claimed.value;
      return ok(undefined);
    }
    case 'record_order':
      if (run.order !== undefined) await recordOrder(context, loaded, effect, run.order.orderId);
      return ok(undefined);
    case 'slide_expiry':
      await slideExpiry(context, loaded, new Date(effect.at));
      return ok(undefined);
    case 'deliver_events':
      if (run.wrote && run.order !== undefined) await runEvents(context, numbered(events, run.order.orderId));
      return ok(undefined);
    case 'take_payment': {
      const paid = await takePayment(context, effect, run.order, messages);
      if (paid.isErr()) return err(paid.error);
      run.order = paid.value;
      return ok(undefined);
    }
    case 'write_payment': {
      const written = await writeStep(portsFor(context), effect.order, effect.step, messages);
      if (written.isErr()) return err(written.error);
      reached(run, written.value);
      return ok(undefined);
    }
    case 'ask_refund': {
      const answer = await askRefund(portsFor(context), effect.order, effect.refund);
      if (answer.outcome === 'unknown') return err(providerUnavailable(answer.reason, messages));
      const asked: RefundAnswer =
        answer.outcome === 'refused' ? { outcome: 'refused' } : { outcome: 'done', payment: answer.payment };
      run.asked = { number: effect.refund.number, answer: asked };
      return ok(undefined);
    }
  }
}

/** What a write at the order's revision reached: the order it wrote, or the race lost (nothing written). */
function reached(run: Run, written: OrderRecord | 'conflict'): void {
  if (written === 'conflict') {
    run.lost = true;
    return;
  }
  run.order = written;
  run.wrote = true;
}

/** The payment ports a payment effect needs: a decision names one only when the host gave them. */
function portsFor(context: EngineContext): PaymentPorts {
  const ports = paymentPorts(context);
  invariant(ports !== undefined, 'a payment effect was decided without payment ports');
  return ports;
}

/** Delivers `events` in order, one at a time; resolves when all were tried, whatever each delivery did. */
export async function runEvents(context: EngineContext, events: readonly DomainEvent[]): Promise<void> {
  const { notifier } = context.deps;
  if (notifier === undefined) return;
  for (const event of events) {
    try {
      await notifier.notify(event);
    } catch (error) {
      reportEventError(context, error, event);
    }
  }
}

/** Hands a delivery failure to the host; a throwing handler must not turn a success into a failure. */
function reportEventError(context: EngineContext, error: unknown, event: DomainEvent): void {
  try {
    context.onEventError(error, event);
  } catch {
    // The host's handler failed too; the operation's result stands regardless.
  }
}
