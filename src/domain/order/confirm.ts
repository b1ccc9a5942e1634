/**
 * Confirm (OpenCart's step 7): every precondition checked together, then the order to write and its
 * first history entry (its status the fraud rules' when one flags the order, or 0 while a card payment is open),
 * or the order a repeated confirm already made. Pure: the plan says every effect in order (the write, the
 * session's record of the order, the events' place, the card payment) and the events, and the engine's effect
 * interpreter performs them.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { isZero, type Money } from '../../money/index.js';
import { type CheckoutError, checkoutError } from '../errors.js';
import { eventsOfOrderWrite } from '../events/order-events.js';
import type { DomainEvent, FraudFlagged } from '../machine/events.js';
import type { CheckoutFacts } from '../machine/facts.js';
import type { CheckoutSession } from '../machine/session.js';
import { checkGuards } from '../machine/steps.js';
import { type MessageCatalog, messageText } from '../messages.js';
import { isUnpaidEndStatus } from '../payment/status.js';
import { hasStock, lineMinimumMet } from '../pricing/cart.js';
import type { CheckoutView } from '../pricing/checkout.js';
import type { Pricing } from '../pricing/pricing.js';
import type { TaxRateSet } from '../pricing/tax.js';
import type { Affiliate } from '../records/customers.js';
import type { OrderClient, OrderDraft, OrderRecord } from '../records/order.js';
import type { StoreSettings } from '../settings/settings.js';
import { canonicalJson } from './canonical-json.js';
import { createClaimsOf, keyClaimOf } from './claims.js';
import { buildOrderDraft, keepOriginalFields } from './draft.js';
import type { ConfirmEffect, WriteOrder } from './effects.js';
import { type FraudCheck, fraudVerdict } from './fraud.js';
import { historyEvents } from './history.js';
import { isActiveStatus, planHistoryWrite, planRevisionWrite, type StatusMove } from './status-move.js';
import type { HistoryWrite } from './write.js';

/** Confirm's own fields, parsed (OpenCart: `order_id`, `order_status_id`, `comment`, `affiliate_id`). */
export interface ConfirmInput {
  /** 0 creates a new order; an existing id updates that order. */
  readonly orderId: number;
  /** null: `config_order_status_id`. */
  readonly orderStatusId: number | null;
  readonly comment: string;
  /** null: the session's affiliate; 0: none. */
  readonly affiliateId: number | null;
  /** The totals digest the client was shown; null: no totals guard (OpenCart's confirm). */
  readonly totalsDigest: string | null;
  /** The customer's payment instrument, the provider's opaque reference; null for none. */
  readonly paymentToken: string | null;
}

/** What confirm reads besides the command facts. */
export interface ConfirmFacts extends CheckoutFacts {
  /** The order `orderId` names; only read when it is above 0 (undefined: no such order). */
  readonly existingOrder?: OrderRecord | undefined;
  /** The coupon id of `existingOrder`'s coupon code (null: none, or deleted since), for its release. */
  readonly existingCouponId?: number | null | undefined;
  /** The affiliate of the order, when one is named and exists. */
  readonly affiliate?: Affiliate | undefined;
  /** The client as the host saw it (IP, forwarded IP, user agent, accept-language). */
  readonly client: OrderClient;
  /** Digest of the session content and confirm fields: equal digests mean "the same order". */
  readonly fingerprint: string;
  /** The request's `Idempotency-Key`, when it has one. */
  readonly idempotencyKey?: string | undefined;
  /**
   * The code of the host's payment provider that takes the session's payment method at confirm (a card
   * payment), when there is one: a new order paid so waits with status 0 until its payment is authorized.
   */
  readonly paymentProvider?: string | undefined;
  /**
   * The order this confirm repeats (see {@link repeatedOrderId}), read to tell a payment still going from one
   * that ended unpaid; undefined when the confirm repeats nothing, or the order is gone.
   */
  readonly repeatedOrder?: OrderRecord | undefined;
}

/** An order to write: the write itself and what the rest of confirm needs to know about it. */
export interface OrderWrite {
  readonly kind: 'write';
  /** The effect: the order, its first history entry and the claims, in one repository transaction. */
  readonly effect: WriteOrder;
  readonly move: StatusMove;
  /** The order before this write, for an update (its lines go back to stock when it was active). */
  readonly original: OrderRecord | undefined;
  /** The coupon the order uses, for its redemption and events. */
  readonly couponId: number | null;
  /** The coupon whose use this write releases (an update of an active order: the original's), or null. */
  readonly releasedCouponId: number | null;
  /** Reward points the order earns (the response's `points`). */
  readonly points: number;
  readonly commission: Money;
  readonly view: CheckoutView;
  /** The totals digest of `view`, which the answer shows. */
  readonly digest: string;
  /** The fraud rules' flag of the order, when one replaced its status (its `orderId` set once written). */
  readonly flagged: readonly Omit<FraudFlagged, 'orderId'>[];
  /** Every effect, in order: the write (`effect`), the session's record, the events' place, the card payment. */
  readonly effects: readonly ConfirmEffect[];
  /** What the write reports once it wrote: a new order's events carry order id 0 until it is numbered. */
  readonly events: readonly DomainEvent[];
}

/** A write as planned, before its effects are listed. */
type PlannedWrite = Omit<OrderWrite, 'effects' | 'events'>;

/** The session confirmed this exact content before: answer with that order, write nothing. */
export interface OrderReplay {
  readonly kind: 'replay';
  readonly orderId: number;
  readonly view: CheckoutView;
  /** The totals digest of `view`, which the answer shows. */
  readonly digest: string;
  /** The order claimed (or read), the session's expiry slid, its card payment resumed where it stopped. */
  readonly effects: readonly ConfirmEffect[];
  /** None: a replay writes nothing new. */
  readonly events: readonly DomainEvent[];
}

/** What confirm decided. */
export type ConfirmPlan = OrderWrite | OrderReplay;

/** The errors of the cart itself at confirm: stock (unless allowed) and each line's minimum, under `product`. */
function cartErrors(
  view: CheckoutView,
  settings: StoreSettings,
  messages: MessageCatalog,
): Record<string, string> {
  if (view.lines.length === 0) return {};
  if (!settings.stockCheckout && !hasStock(view.lines))
    return { product: messageText(messages, 'confirm.stock') };
  const short = view.lines.find((line) => !lineMinimumMet(line, view.lines));
  if (short === undefined) return {};
  return { product: messageText(messages, 'cart.minimum', { name: short.name, minimum: short.minimum }) };
}

/** Field errors of confirm's own fields: status, affiliate, order. */
function fieldErrors(
  input: ConfirmInput,
  facts: ConfirmFacts,
  settings: StoreSettings,
): { errors: Record<string, string>; notFound: boolean } {
  const messages = facts.messages;
  const errors: Record<string, string> = {};
  const status = input.orderStatusId ?? settings.orderStatusId;
  if (!settings.orderStatuses.some((s) => s.orderStatusId === status)) {
    errors.order_status_id = messageText(messages, 'order.status');
  }
  // Keyed `affiliate`, as OpenCart's confirm keys its affiliate error (the affiliate step keys it by its field).
  if (input.affiliateId !== null && input.affiliateId > 0 && facts.affiliate === undefined) {
    errors.affiliate = messageText(messages, 'affiliate.not_found');
  }
  const notFound = input.orderId > 0 && facts.existingOrder === undefined;
  return { errors, notFound };
}

/**
 * Decides a confirm.
 *
 * A session whose last confirm had the same fingerprint, confirmed again with `order_id` 0, replays that order
 * before any check: the order exists, and what it took (stock above all) must not make its own retry fail.
 * Unless that order is an attempt that ended unpaid (see {@link isUnpaidAttempt}): answering it again would
 * leave the customer no way to pay, so the confirm is decided as a new order, with its own hold and payment.
 * Otherwise every missing step (OpenCart's confirm keys), stock, minimum, an unknown status or affiliate are
 * reported together.
 *
 * An unknown `order_id` (> 0, no such order) is `not_found` under `order_id` **alone**: it hides every other
 * error of the request, because the other checks describe a write to an order that does not exist (OpenCart's
 * edit answers the missing order first too).
 */
export function decideConfirm(
  session: CheckoutSession,
  input: ConfirmInput,
  facts: ConfirmFacts,
  pricing: Pricing,
  settings: StoreSettings,
  fraudChecks: readonly FraudCheck[],
): Result<ConfirmPlan, CheckoutError> {
  const view = pricing.view(session);
  const digest = pricing.digest(session);
  const repeated = repeatedOrderId(session, input, facts.fingerprint);
  if (repeated !== undefined && !isUnpaidAttempt(facts.repeatedOrder, repeated)) {
    return ok(replayOf(session, repeated, input, facts, settings, { view, digest }));
  }
  const state = { cartShips: view.shippingRequired, hasProducts: view.lines.length > 0 };
  const guard = checkGuards('confirm', session, state, settings, facts.messages);
  const { errors, notFound } = fieldErrors(input, facts, settings);
  const all = { ...guard, ...cartErrors(view, settings, facts.messages), ...errors };
  if (notFound)
    return err(checkoutError('not_found', { order_id: messageText(facts.messages, 'order.not_found') }));
  if (Object.keys(all).length > 0) {
    return err(
      checkoutError(
        Object.keys(errors).length === 0 && Object.keys(guard).length > 0 ? 'precondition' : 'validation',
        all,
      ),
    );
  }
  // The totals guard: the order is refused when what the customer saw is no longer what they would buy.
  if (input.totalsDigest !== null && input.totalsDigest !== digest) {
    return err(checkoutError('conflict', { totals: messageText(facts.messages, 'order.totals') }));
  }
  const plan = screened(
    planWrite(session, input, facts, settings, { view, digest }, pricing.taxRates(session)),
    fraudChecks,
    facts.messages,
    settings,
  );
  return plan.map((write) => withEffects(session, input, facts, settings, write));
}

/** The replay of the session's last order: its claim, the expiry slid, its card payment resumed. */
function replayOf(
  session: CheckoutSession,
  orderId: number,
  input: ConfirmInput,
  facts: ConfirmFacts,
  settings: StoreSettings,
  shown: Pick<OrderReplay, 'view' | 'digest'>,
): OrderReplay {
  const effects: ConfirmEffect[] = [
    { type: 'claim_order', orderId, claim: keyClaimOf(session, facts.fingerprint, facts.idempotencyKey) },
    // An answered request keeps its session alive, a replay too. Best effort: the replay may have recorded its
    // key on the order already, and a failed slide must not make the client confirm again.
    { type: 'slide_expiry', at: facts.now },
    // A card payment whose confirm did not finish (no answer from the provider) goes on where it stopped.
    {
      type: 'take_payment',
      provider: undefined,
      orderStatusId: input.orderStatusId ?? settings.orderStatusId,
      token: input.paymentToken,
    },
  ];
  return { kind: 'replay', orderId, ...shown, effects, events: [] };
}

/**
 * The write with its effects and events: a new order paid by a card provider (for more than nothing) is written
 * with status 0 and placed in its status once its payment is authorized; the session records the order after
 * the write, the events are delivered, then the payment is taken.
 */
function withEffects(
  session: CheckoutSession,
  input: ConfirmInput,
  facts: ConfirmFacts,
  settings: StoreSettings,
  screenedPlan: PlannedWrite,
): OrderWrite {
  const { orderId, draft } = screenedPlan.effect;
  const provider = orderId === 0 && !isZero(draft.total) ? facts.paymentProvider : undefined;
  const plan = provider === undefined ? screenedPlan : withStatus(screenedPlan, 0, settings);
  const replayClaim =
    orderId === 0 ? keyClaimOf(session, facts.fingerprint, facts.idempotencyKey) : undefined;
  const effect = replayClaim === undefined ? plan.effect : { ...plan.effect, replayClaim };
  const effects: ConfirmEffect[] = [
    effect,
    { type: 'record_order', session: confirmedSession(session, orderId, facts) },
    { type: 'deliver_events' },
  ];
  if (provider !== undefined) {
    effects.push({
      type: 'take_payment',
      provider,
      orderStatusId: screenedPlan.move.to,
      token: input.paymentToken,
    });
  }
  return { ...plan, effect, effects, events: orderEvents(plan) };
}

/**
 * The order a confirm repeats: the session's last order, when the confirm creates (`order_id` 0) exactly what
 * the session confirmed last (the same fingerprint). Undefined otherwise.
 */
export function repeatedOrderId(
  session: CheckoutSession,
  input: Pick<ConfirmInput, 'orderId'>,
  fingerprint: string,
): number | undefined {
  if (input.orderId !== 0 || session.lastOrder?.fingerprint !== fingerprint) return undefined;
  return session.lastOrder.orderId;
}

/**
 * Whether `order` (the order numbered `orderId`, as read) is an attempt that ended unpaid: never placed (its
 * status 0, OpenCart's "missing order", in every history entry) and its payment over with no money taken
 * (failed, voided or expired). A payment still open, or an order without a payment, is not: a repeat of its
 * confirm answers it (and takes its payment up where it stopped). An order not read is not either.
 */
export function isUnpaidAttempt(order: OrderRecord | undefined, orderId: number): boolean {
  if (order === undefined || order.orderId !== orderId || order.payment === undefined) return false;
  return (
    isUnpaidEndStatus(order.payment.status) &&
    order.orderStatusId === 0 &&
    order.history.every((entry) => entry.orderStatusId === 0)
  );
}

/**
 * The plan after the fraud rules: asked when the write moves the order into the processing or complete
 * statuses, on the order as it will be written; the first that flags it sets its status.
 */
function screened(
  plan: PlannedWrite,
  fraudChecks: readonly FraudCheck[],
  messages: MessageCatalog,
  settings: StoreSettings,
): Result<PlannedWrite, CheckoutError> {
  if (fraudChecks.length === 0 || !entersActive(plan, settings)) return ok(plan);
  const verdict = fraudVerdict(fraudChecks, provisionalRecord(plan), plan.move.to, messages);
  if (verdict.isErr()) return err(verdict.error);
  if (verdict.value === undefined) return ok(plan);
  return ok({ ...withStatus(plan, verdict.value.orderStatusId, settings), flagged: [verdict.value.event] });
}

/** The history write of a planned order: a create's first entry, or an update's release and re-apply. */
function historyOf(
  plan: Pick<PlannedWrite, 'move' | 'original' | 'couponId' | 'releasedCouponId'> & {
    readonly draft: OrderDraft;
  },
  entry: { readonly comment: string; readonly notify: boolean; readonly dateAdded: string },
  settings: StoreSettings,
): HistoryWrite {
  if (plan.original === undefined) {
    return planHistoryWrite(plan.draft, plan.move, entry, plan.couponId, settings);
  }
  const coupons = { original: plan.releasedCouponId, draft: plan.couponId };
  return planRevisionWrite(plan.original, plan.draft, plan.move, entry, coupons, settings);
}

/** The claims of a write: a create's key and session claims, an update's key claim alone. */
function claimsOf(session: CheckoutSession, existing: OrderRecord | undefined, facts: ConfirmFacts) {
  if (existing === undefined) return createClaimsOf(session, facts.fingerprint, facts.idempotencyKey);
  const claim = keyClaimOf(session, facts.fingerprint, facts.idempotencyKey);
  return claim === undefined ? [] : [claim];
}

/**
 * The write of a confirm that passed its checks. An update keeps the original order's date added, client,
 * currency and language (OpenCart's `editOrder`) and gives back what the original took before the new draft
 * takes its own (see `planRevisionWrite`).
 */
function planWrite(
  session: CheckoutSession,
  input: ConfirmInput,
  facts: ConfirmFacts,
  settings: StoreSettings,
  { view, digest }: Pick<PlannedWrite, 'view' | 'digest'>,
  rates: TaxRateSet,
): PlannedWrite {
  const built = buildOrderDraft(session, view, rates, facts, settings, {
    comment: input.comment,
    affiliate: facts.affiliate,
    client: facts.client,
    now: facts.now,
  });
  const existing = input.orderId > 0 ? facts.existingOrder : undefined;
  const draft = existing === undefined ? built : keepOriginalFields(built, existing);
  const move = { from: existing?.orderStatusId ?? 0, to: input.orderStatusId ?? settings.orderStatusId };
  const couponId = session.coupon === null ? null : (facts.coupon?.coupon?.couponId ?? null);
  const wasActive = existing !== undefined && isActiveStatus(existing.orderStatusId, settings);
  const planned = {
    draft,
    move,
    original: existing,
    couponId,
    releasedCouponId: wasActive ? (facts.existingCouponId ?? null) : null,
  };
  const history = historyOf(
    planned,
    { comment: input.comment, notify: false, dateAdded: facts.now },
    settings,
  );
  return {
    kind: 'write',
    effect: {
      type: 'write_order',
      orderId: existing?.orderId ?? 0,
      expectedRevision: existing?.revision ?? 0,
      draft,
      history,
      claims: claimsOf(session, existing, facts),
      events: eventsOfOrderWrite(existing, draft, history),
    },
    move,
    original: existing,
    couponId,
    releasedCouponId: planned.releasedCouponId,
    points: view.lines.reduce((points, line) => points + line.reward, 0),
    commission: draft.commission,
    view,
    digest,
    flagged: [],
  };
}

/** Whether a write moves the order into the processing or complete statuses (when fraud checks run). */
function entersActive(plan: PlannedWrite, settings: StoreSettings): boolean {
  return (
    isActiveStatus(plan.move.to, settings) &&
    !(plan.move.from !== 0 && isActiveStatus(plan.move.from, settings))
  );
}

/**
 * The plan with its status replaced (a fraud check's verdict, or status 0 while a card payment is open): the
 * history write is planned again.
 */
function withStatus(plan: PlannedWrite, orderStatusId: number, settings: StoreSettings): PlannedWrite {
  const move = { ...plan.move, to: orderStatusId };
  const { draft } = plan.effect;
  const history = historyOf({ ...plan, move, draft }, plan.effect.history, settings);
  const events = eventsOfOrderWrite(plan.original, draft, history);
  return { ...plan, move, effect: { ...plan.effect, history, events } };
}

/** The provisional record fraud checks see for an order not yet written (its own id, or 0 for a new one). */
function provisionalRecord(plan: PlannedWrite): OrderRecord {
  return {
    ...plan.effect.draft,
    orderId: plan.effect.orderId,
    orderStatusId: plan.move.from,
    revision: plan.effect.expectedRevision,
    history: [],
  };
}

/**
 * The events of the order a plan writes, in the order they happen: `OrderPlaced` for a new one, the fraud
 * checks' flags, then the history entry's own events. A new order's carry order id 0 until it is numbered; the
 * order is written as its draft and history entry say (its status the entry's).
 */
function orderEvents(plan: PlannedWrite): DomainEvent[] {
  const { orderId, draft, history } = plan.effect;
  const placed: DomainEvent[] =
    orderId === 0
      ? [
          {
            type: 'OrderPlaced',
            orderId,
            orderStatusId: history.orderStatusId,
            total: draft.total,
            customerEmail: draft.customer.email,
          },
        ]
      : [];
  const fraud = plan.flagged.map((event): DomainEvent => ({ ...event, orderId }));
  return [...placed, ...fraud, ...historyEvents(orderId, plan.move, history, plan.releasedCouponId)];
}

/** The session after a confirm: its data kept, the order and fingerprint recorded, one version on. */
export function confirmedSession(
  session: CheckoutSession,
  orderId: number,
  facts: Pick<ConfirmFacts, 'now' | 'expiresAt' | 'fingerprint'>,
): CheckoutSession {
  return {
    ...session,
    version: session.version + 1,
    updatedAt: facts.now,
    expiresAt: facts.expiresAt,
    lastOrder: { orderId, fingerprint: facts.fingerprint },
  };
}

/** What confirm fingerprints: the session's content and the confirm fields, canonically. */
export function confirmFingerprintSource(session: CheckoutSession, input: ConfirmInput): string {
  const content = {
    customer: session.customer,
    cart: session.cart,
    paymentAddress: session.paymentAddress,
    shippingAddress: session.shippingAddress,
    shippingMethod: session.shippingMethod,
    paymentMethod: session.paymentMethod,
    coupon: session.coupon,
    reward: session.reward,
    affiliateId: session.affiliateId,
    currency: session.currency,
    language: session.language,
    confirm: fingerprintedInput(input),
  };
  return canonicalJson(content);
}

/**
 * The confirm fields a fingerprint reads: the digest and the payment token only when sent, so that a confirm
 * without them fingerprints as it always did (a session confirmed before keeps replaying its order).
 */
function fingerprintedInput(input: ConfirmInput): Record<string, unknown> {
  const { totalsDigest, paymentToken, ...rest } = input;
  return {
    ...rest,
    ...(totalsDigest === null ? {} : { totalsDigest }),
    ...(paymentToken === null ? {} : { paymentToken }),
  };
}
