/**
 * Confirm's pass: take the session → check its key and parse → gather facts (the view's, the order to update,
 * the affiliate, the fingerprint, the host's card provider for the payment method) and price once →
 * `decideConfirm` (fraud rules and the card payment's waiting status included), whose plan lists the effects
 * the shell's one effect interpreter performs (see `effects.ts`): the write (order, lines, totals and the first
 * history entry with its stock moves, one repository transaction), the order recorded on the session, the events,
 * the card payment.
 *
 * No duplicate orders: the write carries idempotency claims (see the domain's `claims.ts`). A replay (the same
 * key and payload, or the session's last fingerprint again) answers the stored order: its id, points and
 * commission. A replay of the session's last order records the `Idempotency-Key` it carries for that order, as
 * the confirm that wrote it would have: every confirm that answers with an order binds its key to that order.
 * @module
 */
import { err, ok, type ResultAsync } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { needFact } from '../domain/machine/facts.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import { idempotencyKeyError } from '../domain/order/claims.js';
import {
  type ConfirmFacts,
  type ConfirmInput,
  type ConfirmPlan,
  confirmFingerprintSource,
  decideConfirm,
} from '../domain/order/confirm.js';
import type { Pricing } from '../domain/pricing/pricing.js';
import type { OrderClient, OrderRecord } from '../domain/records/order.js';
import { sha256Hex } from '../domain/sha256-hex.js';
import { zero } from '../money/index.js';
import type { ConfirmResult } from '../operations/answers.js';
import type { ConfirmDescriptor } from '../operations/operation.js';
import { type Answer, askPort, type EngineContext } from './context.js';
import type { Performed } from './effects.js';
import { viewPricing } from './facts.js';
import { couponIdOf } from './order-lookups.js';
import { orderRepeated, paymentSummaryOf, providerAtConfirm } from './payment-confirm.js';
import { requestTime, type SessionTarget, type TakenSession } from './session-access.js';
import { type Pass, runPass } from './shell.js';

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
  const fingerprint = sha256Hex(confirmFingerprintSource(session, input));
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
    paymentProvider: providerAtConfirm(context, session.paymentMethod?.code),
    repeatedOrder: repeated.value,
  };
  if (viewFacts.coupon !== undefined) facts.coupon = viewFacts.coupon;
  if (viewFacts.rewardBalance !== undefined) facts.rewardBalance = viewFacts.rewardBalance;
  return ok({ facts, pricing: pricing.value });
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
    totalsDigest: plan.digest,
    ...(payment === undefined ? {} : { payment }),
  };
}

/**
 * Confirm as the one pass runs it: its key checked and its fields parsed, its facts gathered and priced once,
 * then `decideConfirm`, whose plan says every effect (the write, the session's record of the order, the events'
 * place, the card payment) and the events; the answer is made from the order the effects reached.
 */
function confirmPass(
  context: EngineContext,
  operation: ConfirmDescriptor,
  options: ConfirmOptions,
): Pass<ConfirmInput, ConfirmResult> {
  return {
    saves: true,
    parse: (posted, messages) => {
      const keyError = idempotencyKeyError(options.idempotencyKey, messages);
      if (keyError !== undefined) return err(keyError);
      const input = operation.input.parse(posted, messages);
      return input.isErr() ? err(checkoutError('validation', input.error)) : ok(input.value);
    },
    attempt: async (taken, input, messages) => {
      const gathered = await confirmFacts(context, taken, input, options, messages);
      if (gathered.isErr()) return err(gathered.error);
      const { facts, pricing } = gathered.value;
      const fraudChecks = context.deps.fraudChecks ?? [];
      const decided = decideConfirm(taken.session, input, facts, pricing, context.settings, fraudChecks);
      if (decided.isErr()) return err(decided.error);
      const plan = decided.value;
      const planned = plan.kind === 'replay' ? plan.orderId : plan.effect.orderId;
      return ok({
        save: 'effects',
        effects: plan.effects,
        events: plan.events,
        answer: ({ order }: Performed) => resultOf(context, plan, order?.orderId ?? planned, order, messages),
      });
    },
  };
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
  return runPass(context, confirmPass(context, operation, options), target, posted);
}
