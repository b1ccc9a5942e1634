/**
 * Confirm in the shell: take the session → parse → gather facts (the view's, the order to update, the
 * affiliate, the fingerprint) and price once → `decideConfirm` (fraud rules included) → perform the write effect (order,
 * lines, totals and the first history entry with its stock moves, one repository transaction) → record the order
 * on the session → deliver events.
 *
 * No duplicate orders: the write carries idempotency claims (see the domain's `claims.ts`). A replay (the same
 * key and payload, or the session's last fingerprint again) answers the stored order: its id, points and
 * commission. A replay of the session's last order records the `Idempotency-Key` it carries for that order, as
 * the confirm that wrote it would have: every confirm that answers with an order binds its key to that order.
 * @module
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { err, ok, type ResultAsync } from 'neverthrow';
import { deepFreeze } from '../domain/deep-freeze.js';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { needFact } from '../domain/machine/facts.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import { idempotencyKeyError, keyClaimOf } from '../domain/order/claims.js';
import {
  type ConfirmFacts,
  type ConfirmInput,
  type ConfirmPlan,
  confirmedSession,
  confirmFingerprintSource,
  decideConfirm,
  orderEvents,
} from '../domain/order/confirm.js';
import type { WriteOrder } from '../domain/order/effects.js';
import { shortageErrors } from '../domain/order/history.js';
import type { Pricing } from '../domain/pricing/pricing.js';
import { viewDigest } from '../domain/pricing/view-digest.js';
import type { OrderClient, OrderRecord } from '../domain/records/order.js';
import { zero } from '../money/index.js';
import type { ConfirmResult } from '../operations/answers.js';
import type { ConfirmDescriptor } from '../operations/operation.js';
import { type Answer, askPort, type EngineContext } from './context.js';
import { viewPricing } from './facts.js';
import { couponIdOf } from './order-lookups.js';
import {
  awaitingPayment,
  orderRepeated,
  payAtConfirm,
  paymentAtConfirm,
  paymentSummaryOf,
  paymentToResume,
} from './payment-confirm.js';
import { runEvents } from './run-events.js';
import {
  inSessionTurn,
  requestTime,
  type SessionTarget,
  slideExpiry,
  storeSession,
  type TakenSession,
  takeSession,
} from './session-access.js';

/** What the host adds to a confirm: the idempotency key and the client as it saw it. */
export interface ConfirmOptions {
  /**
   * The request's `Idempotency-Key`, 1 to 255 visible ASCII characters: the same key and payload return the same
   * order. Any other text is a `validation` error.
   */
  readonly idempotencyKey?: string | undefined;
  /** The client's IP, forwarded IP, user agent and accept-language, stored on the order. */
  readonly client?: Partial<OrderClient> | undefined;
}

/** The client fields of an order, blanks for what the host did not give. */
function clientOf(options: ConfirmOptions): OrderClient {
  const client = options.client ?? {};
  return {
    ip: client.ip ?? '',
    forwardedIp: client.forwardedIp ?? '',
    userAgent: client.userAgent ?? '',
    acceptLanguage: client.acceptLanguage ?? '',
  };
}

/** The order a confirm updates (`order_id`), and its coupon's id. */
async function orderToUpdate(
  context: EngineContext,
  orderId: number,
  messages: MessageCatalog,
): Answer<{ order: OrderRecord | undefined; couponId: number | null }> {
  if (orderId <= 0) return ok({ order: undefined, couponId: null });
  const order = await askPort('orders', messages, () => context.deps.orders.get(orderId));
  if (order.isErr()) return err(order.error);
  if (order.value === undefined) return ok({ order: undefined, couponId: null });
  const couponId = await couponIdOf(context, messages, order.value);
  return couponId.isErr() ? err(couponId.error) : ok({ order: order.value, couponId: couponId.value });
}

/** The facts of a confirm, and the pricing it is decided with. */
async function confirmFacts(
  context: EngineContext,
  taken: TakenSession,
  input: ConfirmInput,
  options: ConfirmOptions,
  messages: MessageCatalog,
): Answer<{ facts: ConfirmFacts; pricing: Pricing }> {
  const read = requestTime(context, taken, messages);
  if (read.isErr()) return err(read.error);
  const time = read.value;
  const { session } = taken;
  const affiliateId = input.affiliateId ?? session.affiliateId ?? 0;
  const { customers } = context.deps;
  const fingerprint = bytesToHex(sha256(utf8ToBytes(confirmFingerprintSource(session, input))));
  const [pricing, existing, affiliate] = await Promise.all([
    viewPricing(context, session, messages, time.today),
    orderToUpdate(context, input.orderId, messages),
    affiliateId > 0
      ? askPort('customers', messages, () => customers.getAffiliate(affiliateId))
      : ok<undefined, CheckoutError>(undefined),
  ]);
  if (pricing.isErr()) return err(pricing.error);
  if (existing.isErr()) return err(existing.error);
  if (affiliate.isErr()) return err(affiliate.error);
  const repeated = await orderRepeated(context, session, input, fingerprint, messages);
  if (repeated.isErr()) return err(repeated.error);
  const viewFacts = pricing.value.facts;
  const facts: { -readonly [K in keyof ConfirmFacts]: ConfirmFacts[K] } = {
    now: time.now,
    today: time.today,
    expiresAt: time.expiresAt,
    messages: viewFacts.messages,
    products: viewFacts.products,
    tax: needFact(viewFacts.tax, 'tax facts'),
    cartIds: [],
    existingOrder: existing.value.order,
    existingCouponId: existing.value.couponId,
    affiliate: affiliate.value?.status === true ? affiliate.value : undefined,
    client: clientOf(options),
    fingerprint,
    idempotencyKey: options.idempotencyKey,
    repeatedOrder: repeated.value,
  };
  if (viewFacts.coupon !== undefined) facts.coupon = viewFacts.coupon;
  if (viewFacts.rewardBalance !== undefined) facts.rewardBalance = viewFacts.rewardBalance;
  return ok({ facts, pricing: pricing.value });
}

/** The written order and whether this confirm wrote it (a replayed claim wrote nothing). */
interface Written {
  readonly order: OrderRecord;
  readonly fresh: boolean;
}

/** The `conflict` of an idempotency key already used for another payload. */
function keyUsed(messages: MessageCatalog): CheckoutError {
  return checkoutError('conflict', { warning: messageText(messages, 'order.idempotency') });
}

/**
 * The order a replay answers: of the session's last order, or of a create its session claim replayed. With a
 * key, the key is recorded for that order first (or answers the order it already names; another payload under
 * it is a `conflict`); without one the order is `known`, or read. Undefined when the order is gone.
 */
async function replayedOrder(
  context: EngineContext,
  session: CheckoutSession,
  orderId: number,
  facts: ConfirmFacts,
  known?: OrderRecord,
): Answer<OrderRecord | undefined> {
  const { orders } = context.deps;
  const { messages } = facts;
  const claim = keyClaimOf(session, facts.fingerprint, facts.idempotencyKey);
  if (claim === undefined) {
    return known === undefined ? askPort('orders', messages, () => orders.get(orderId)) : ok(known);
  }
  const outcome = await askPort('orders', messages, () => orders.claim(orderId, claim));
  if (outcome.isErr()) return err(outcome.error);
  if (outcome.value.status === 'idempotency_conflict') return err(keyUsed(messages));
  return ok(outcome.value.status === 'not_found' ? undefined : outcome.value.order);
}

/**
 * Performs a write effect in one repository transaction; the repository's refusals as errors. A create replayed
 * by its claims answers the order they name; the session's claim may be the one that replayed, with the key
 * still free, so the key is recorded for that order too.
 */
async function performWrite(
  context: EngineContext,
  session: CheckoutSession,
  effect: WriteOrder,
  facts: ConfirmFacts,
): Answer<Written> {
  const { orders } = context.deps;
  const { messages } = facts;
  // Handed over frozen: nothing changes a draft once decided, and a repository may then keep it without a copy.
  deepFreeze(effect.draft);
  const short = (shortages: Parameters<typeof shortageErrors>[1]) =>
    shortageErrors(effect.draft.products, shortages, messages);
  if (effect.orderId === 0) {
    const created = await askPort('orders', messages, () =>
      orders.create(effect.draft, effect.history, effect.claims, effect.events),
    );
    if (created.isErr()) return err(created.error);
    const outcome = created.value;
    if (outcome.status === 'created') return ok({ order: outcome.order, fresh: true });
    if (outcome.status === 'insufficient_stock') return err(short(outcome.shortages));
    if (outcome.status === 'idempotency_conflict') return err(keyUsed(messages));
    const replayed = outcome.order;
    const order = await replayedOrder(context, session, replayed.orderId, facts, replayed);
    return order.isErr() ? err(order.error) : ok({ order: order.value ?? replayed, fresh: false });
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
  if (outcome.status === 'written') return ok({ order: outcome.order, fresh: true });
  if (outcome.status === 'replayed') return ok({ order: outcome.order, fresh: false });
  if (outcome.status === 'idempotency_conflict') return err(keyUsed(messages));
  if (outcome.status === 'insufficient_stock') return err(short(outcome.shortages));
  if (outcome.status === 'not_found') {
    return err(checkoutError('not_found', { order_id: messageText(messages, 'order.not_found') }));
  }
  return err(checkoutError('conflict', { warning: messageText(messages, 'order.conflict') }));
}

/**
 * Records a written order on the session. The order is written by now, so a session changed meanwhile never
 * turns the confirm into a failure: the record is laid over the changed session, unless another confirm recorded
 * its own order since this one loaded (the later order is then the session's last). Left unrecorded after that
 * one retry, a repeat of this confirm is still caught by the session's claim.
 */
async function recordOrder(
  context: EngineContext,
  loaded: CheckoutSession,
  orderId: number,
  facts: ConfirmFacts,
): Promise<void> {
  const record = async (session: CheckoutSession) => {
    const messages = context.messagesFor(session.language);
    const next = confirmedSession(session, orderId, facts);
    const saved = await storeSession(context, next, session.version, messages);
    return saved.isOk() && saved.value;
  };
  if (await record(loaded)) return;
  const fresh = await takeSession(context, loaded.id);
  if (fresh.isOk() && fresh.value.session.lastOrder?.orderId === loaded.lastOrder?.orderId) {
    await record(fresh.value.session);
  }
}

/**
 * The success response for an order. The order's own figures come from the stored order when there is one (a
 * replay answers what was stored, not what the catalog says now); lines and totals are the session's view,
 * which a replay shares with the order by its fingerprint.
 */
function resultOf(
  context: EngineContext,
  plan: ConfirmPlan,
  orderId: number,
  order: OrderRecord | undefined,
  messages: MessageCatalog,
): ConfirmResult {
  const commission =
    order?.commission ?? (plan.kind === 'write' ? plan.commission : zero(context.settings.currency));
  const lines = order?.products ?? plan.view.lines;
  const payment = paymentSummaryOf(order);
  return {
    success: messageText(messages, 'confirm.success'),
    orderId,
    points: lines.reduce((points, line) => points + line.reward, 0),
    commission,
    products: plan.view.lines,
    totals: plan.view.totals,
    shippingRequired: plan.view.shippingRequired,
    totalsDigest: viewDigest(plan.view),
    ...(payment === undefined ? {} : { payment }),
  };
}

/** Decides confirm, writes the order and records it on the session. */
async function confirmPass(
  context: EngineContext,
  operation: ConfirmDescriptor,
  target: SessionTarget,
  posted: unknown,
  options: ConfirmOptions,
): Answer<ConfirmResult> {
  const taken = await takeSession(context, target);
  if (taken.isErr()) return err(taken.error);
  const loaded = taken.value.session;
  const messages = context.messagesFor(loaded.language);
  const keyError = idempotencyKeyError(options.idempotencyKey, messages);
  if (keyError !== undefined) return err(keyError);
  const input = operation.input.parse(posted, messages);
  if (input.isErr()) return err(checkoutError('validation', input.error));
  const gathered = await confirmFacts(context, taken.value, input.value, options, messages);
  if (gathered.isErr()) return err(gathered.error);
  const { facts, pricing } = gathered.value;
  const decided = decideConfirm(
    loaded,
    input.value,
    facts,
    pricing,
    context.settings,
    context.deps.fraudChecks ?? [],
  );
  if (decided.isErr()) return err(decided.error);
  const plan = decided.value;
  if (plan.kind === 'replay') {
    const order = await replayedOrder(context, loaded, plan.orderId, facts, facts.repeatedOrder);
    if (order.isErr()) return err(order.error);
    // An answered request keeps its session alive, a replay too. Best effort: the replay may have recorded its
    // key on the order already, and a failed slide must not make the client confirm again.
    await slideExpiry(context, loaded, new Date(facts.now));
    // A card payment whose confirm did not finish (no answer from the provider) goes on where it stopped.
    const resumed = await resumePayment(context, order.value, input.value, messages);
    if (resumed.isErr()) return err(resumed.error);
    return ok(resultOf(context, plan, order.value?.orderId ?? plan.orderId, resumed.value, messages));
  }
  // A card payment: the order waits with status 0 until its payment is authorized.
  const paying = paymentAtConfirm(context, plan);
  const toWrite = paying === undefined ? plan : awaitingPayment(plan, context);
  const written = await performWrite(context, loaded, toWrite.effect, facts);
  if (written.isErr()) return err(written.error);
  const { order, fresh } = written.value;
  await recordOrder(context, loaded, order.orderId, facts);
  if (fresh) await runEvents(context, orderEvents(order, toWrite));
  if (paying === undefined) return ok(resultOf(context, toWrite, order.orderId, order, messages));
  const paid = await payAtConfirm(context, paying, order, plan.move.to, input.value.paymentToken, messages);
  if (paid.isErr()) return err(paid.error);
  return ok(resultOf(context, toWrite, order.orderId, paid.value, messages));
}

/** The replayed order, with its card payment taken up where its first confirm stopped (see `payAtConfirm`). */
async function resumePayment(
  context: EngineContext,
  order: OrderRecord | undefined,
  input: ConfirmInput,
  messages: MessageCatalog,
): Answer<OrderRecord | undefined> {
  const resume = order === undefined ? undefined : paymentToResume(context, order);
  if (order === undefined || resume === undefined) return ok(order);
  const status = input.orderStatusId ?? context.settings.orderStatusId;
  return payAtConfirm(context, resume, order, status, input.paymentToken, messages);
}

/**
 * Runs confirm on a session, in the session's turn: confirms and steps on one session in one engine never
 * overlap, so a confirm decides on the cart as the commands before it left it.
 */
export function runConfirm(
  context: EngineContext,
  operation: ConfirmDescriptor,
  target: SessionTarget,
  posted: unknown,
  options: ConfirmOptions,
): ResultAsync<ConfirmResult, CheckoutError> {
  return inSessionTurn(context, target, (current) =>
    confirmPass(context, operation, current, posted, options),
  );
}
