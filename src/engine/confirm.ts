/**
 * Confirm in the shell: load the session → parse → gather facts (view facts, the order to update, the affiliate,
 * the fingerprint) → `decideConfirm` → fraud checks → one repository transaction (order, lines, totals and the
 * first history entry with its stock moves) → record the order on the session → deliver events.
 *
 * No duplicate orders: see `order-claims.ts`. A replay (the same key and payload, or the session's last
 * fingerprint again) answers the stored order: its id, points and commission. A replay of the session's last
 * order records the `Idempotency-Key` it carries for that order, as the confirm that wrote it would have: every
 * confirm that answers with an order binds its key to that order.
 * @module
 */
import { err, errAsync, ok, okAsync, ResultAsync } from 'neverthrow';
import { storeCurrency } from '../domain/checkout-view.js';
import {
  type ConfirmFacts,
  type ConfirmInput,
  type ConfirmPlan,
  confirmFingerprintSource,
  decideConfirm,
  entersActive,
  type OrderWrite,
  withStatus,
} from '../domain/confirm.js';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import type { DomainEvent } from '../domain/events.js';
import type { MessageCatalog } from '../domain/messages.js';
import { messageText } from '../domain/messages.js';
import { historyEvents, shortageErrors } from '../domain/order-history.js';
import type { OrderClient, OrderRecord } from '../domain/records/order.js';
import type { CheckoutSession } from '../domain/session.js';
import { parseConfirm } from '../input/confirm.js';
import { convert, formatMoney, zero } from '../money/index.js';
import { callPort, type EngineContext } from './context.js';
import { readTimeFacts, viewFacts } from './facts.js';
import { checkFraud } from './fraud.js';
import { couponIdOf } from './history.js';
import {
  createClaimsOf,
  idempotencyKeyError,
  keyClaimOf,
  recordOrder,
  replayedOrder,
} from './order-claims.js';
import type { CheckoutSummary } from './outputs.js';
import { runEvents } from './run-events.js';
import { loadSession } from './session-access.js';

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

/** The seed's confirm success response. */
export interface ConfirmResult extends CheckoutSummary {
  readonly success: string;
  readonly orderId: number;
  /** Reward points the order earns. */
  readonly points: number;
  /** The affiliate's commission, formatted in the session currency. */
  readonly commission: string;
}

/** A SHA-256 hex digest (Web Crypto: available in Node 20 and every fetch-style host). */
function sha256(text: string): ResultAsync<string, CheckoutError> {
  return ResultAsync.fromSafePromise(
    crypto.subtle
      .digest('SHA-256', new TextEncoder().encode(text))
      .then((buffer) =>
        Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join(''),
      ),
  );
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

/** The facts of a confirm. */
function confirmFacts(
  context: EngineContext,
  session: CheckoutSession,
  input: ConfirmInput,
  options: ConfirmOptions,
  messages: MessageCatalog,
): ResultAsync<ConfirmFacts, CheckoutError> {
  const read = readTimeFacts(context, messages);
  if (read.isErr()) return errAsync(read.error);
  const time = read.value;
  const affiliateId = input.affiliateId ?? session.affiliateId ?? 0;
  const { orders, customers } = context.deps;
  const existing =
    input.orderId > 0
      ? callPort('orders', messages, () => orders.get(input.orderId)).andThen((order) =>
          order === undefined
            ? okAsync({ order, couponId: null })
            : couponIdOf(context, messages, order).map((couponId) => ({ order, couponId })),
        )
      : okAsync({ order: undefined, couponId: null });
  return ResultAsync.combine([
    viewFacts(context, session, messages, time.today),
    existing,
    affiliateId > 0
      ? callPort('customers', messages, () => customers.getAffiliate(affiliateId))
      : okAsync(undefined),
    sha256(confirmFingerprintSource(session, input)),
  ] as const).map(([view, existingOrder, affiliate, fingerprint]) => ({
    ...view,
    ...time,
    cartIds: [],
    existingOrder: existingOrder.order,
    existingCouponId: existingOrder.couponId,
    affiliate: affiliate?.status === true ? affiliate : undefined,
    client: clientOf(options),
    fingerprint,
  }));
}

/** The provisional record fraud checks see for an order not yet written (id 0, no history). */
function provisionalRecord(plan: OrderWrite): OrderRecord {
  return {
    ...plan.draft,
    orderId: plan.orderId,
    orderStatusId: plan.move.from,
    revision: plan.expectedRevision,
    history: [],
  };
}

/** The plan after the fraud checks, and the event of a replaced status. */
function applyFraud(
  context: EngineContext,
  plan: OrderWrite,
  messages: MessageCatalog,
): ResultAsync<{ plan: OrderWrite; flagged: DomainEvent[] }, CheckoutError> {
  if (!entersActive(plan, context.settings)) return okAsync({ plan, flagged: [] });
  return checkFraud(context, messages, provisionalRecord(plan), plan.move.to).map((verdict) =>
    verdict === undefined
      ? { plan, flagged: [] }
      : {
          plan: withStatus(plan, verdict.orderStatusId, context.settings),
          flagged: [verdict.event as DomainEvent],
        },
  );
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
 * Creates the order. A replay answers the order the claims name; the session's claim may be the one that
 * replayed, with the key still free, so the key is recorded for that order too.
 */
function createOrder(
  context: EngineContext,
  session: CheckoutSession,
  plan: OrderWrite,
  facts: ConfirmFacts,
  idempotencyKey: string | undefined,
): ResultAsync<Written, CheckoutError> {
  const { messages, fingerprint } = facts;
  const claims = createClaimsOf(session, fingerprint, idempotencyKey);
  return callPort('orders', messages, () =>
    context.deps.orders.create(plan.draft, plan.history, claims),
  ).andThen((outcome): ResultAsync<Written, CheckoutError> => {
    if (outcome.status === 'created') return okAsync({ order: outcome.order, fresh: true });
    if (outcome.status === 'insufficient_stock')
      return errAsync(shortageErrors(plan.draft.products, outcome.shortages, messages));
    if (outcome.status === 'idempotency_conflict') return errAsync(keyUsed(messages));
    const replayed = outcome.order;
    return replayedOrder(context, session, replayed.orderId, facts, idempotencyKey, replayed).map(
      (order) => ({ order: order ?? replayed, fresh: false }),
    );
  });
}

/** Writes the order in one repository transaction; the repository's refusals as errors. */
function writeOrder(
  context: EngineContext,
  session: CheckoutSession,
  plan: OrderWrite,
  facts: ConfirmFacts,
  options: ConfirmOptions,
): ResultAsync<Written, CheckoutError> {
  const { orders } = context.deps;
  const { messages } = facts;
  const { idempotencyKey } = options;
  if (plan.orderId === 0) return createOrder(context, session, plan, facts, idempotencyKey);
  const claim = keyClaimOf(session, facts.fingerprint, idempotencyKey);
  return callPort('orders', messages, () =>
    orders.update(plan.orderId, plan.draft, plan.history, plan.expectedRevision, claim),
  ).andThen((outcome) => {
    if (outcome.status === 'written') return ok({ order: outcome.order, fresh: true });
    if (outcome.status === 'replayed') return ok({ order: outcome.order, fresh: false });
    if (outcome.status === 'idempotency_conflict') return err(keyUsed(messages));
    if (outcome.status === 'insufficient_stock')
      return err(shortageErrors(plan.draft.products, outcome.shortages, messages));
    if (outcome.status === 'not_found') {
      return err(checkoutError('not_found', { order_id: messageText(messages, 'order.not_found') }));
    }
    return err(checkoutError('conflict', { warning: messageText(messages, 'order.conflict') }));
  });
}

/** The events of a written order. */
function orderEvents(written: OrderRecord, plan: OrderWrite, flagged: readonly DomainEvent[]): DomainEvent[] {
  const placed: DomainEvent[] =
    plan.orderId === 0
      ? [
          {
            type: 'OrderPlaced',
            orderId: written.orderId,
            orderStatusId: written.orderStatusId,
            total: written.total,
            customerEmail: written.customer.email,
          },
        ]
      : [];
  const fraud = flagged.map((event) => ({ ...event, orderId: written.orderId }) as DomainEvent);
  const history = historyEvents(written.orderId, plan.move, plan.history, plan.releasedCouponId);
  return [...placed, ...fraud, ...history];
}

/**
 * The success response for an order. The order's own figures come from the stored order when there is one (a
 * replay answers what was stored, not what the catalog says now); lines and totals are the session's view,
 * which a replay shares with the order by its fingerprint.
 */
function resultOf(
  context: EngineContext,
  session: CheckoutSession,
  plan: ConfirmPlan,
  order: OrderRecord | undefined,
  messages: MessageCatalog,
): ConfirmResult {
  const { settings } = context;
  const from = storeCurrency(settings, settings.currency);
  const to = storeCurrency(settings, session.currency);
  const commission = order?.commission ?? (plan.kind === 'write' ? plan.commission : zero(from.code));
  const lines = order?.products ?? plan.view.lines;
  return {
    success: messageText(messages, 'confirm.success'),
    orderId: plan.orderId === 0 && order !== undefined ? order.orderId : plan.orderId,
    points: lines.reduce((points, line) => points + line.reward, 0),
    commission: formatMoney(convert(commission, from, to), to, { mode: settings.roundingMode }),
    products: plan.view.lines,
    totals: plan.view.totals,
    shippingRequired: plan.view.shippingRequired,
  };
}

/** Writes a planned order, records it on the session and delivers its events. */
function executeWrite(
  context: EngineContext,
  loaded: CheckoutSession,
  plan: OrderWrite,
  facts: ConfirmFacts,
  options: ConfirmOptions,
): ResultAsync<ConfirmResult, CheckoutError> {
  return applyFraud(context, plan, facts.messages).andThen(({ plan: checked, flagged }) =>
    writeOrder(context, loaded, checked, facts, options).andThen((written) =>
      recordOrder(context, loaded, written.order.orderId, facts)
        .andThen(() =>
          ResultAsync.fromSafePromise(
            written.fresh
              ? runEvents(context, orderEvents(written.order, checked, flagged))
              : Promise.resolve(),
          ),
        )
        .map(() =>
          resultOf(
            context,
            loaded,
            { ...checked, orderId: written.order.orderId },
            written.order,
            facts.messages,
          ),
        ),
    ),
  );
}

/** Runs confirm on a session. */
export function runConfirm(
  context: EngineContext,
  sessionId: string,
  request: unknown,
  options: ConfirmOptions,
): ResultAsync<ConfirmResult, CheckoutError> {
  return loadSession(context, sessionId).andThen((loaded) => {
    const messages = context.messagesFor(loaded.language);
    const keyError = idempotencyKeyError(options.idempotencyKey, messages);
    if (keyError !== undefined) return errAsync(keyError);
    return parseConfirm(request, messages).asyncAndThen((input) =>
      confirmFacts(context, loaded, input, options, messages).andThen((facts) =>
        decideConfirm(loaded, input, facts, context.settings, context.calculators).asyncAndThen((plan) =>
          plan.kind === 'replay'
            ? replayedOrder(context, loaded, plan.orderId, facts, options.idempotencyKey).map((order) =>
                resultOf(
                  context,
                  loaded,
                  { ...plan, orderId: order?.orderId ?? plan.orderId },
                  order,
                  messages,
                ),
              )
            : executeWrite(context, loaded, plan, facts, options),
        ),
      ),
    );
  });
}
