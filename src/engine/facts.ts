/**
 * Gathering the facts a command needs, through the ports, before `decide` runs. Reads are batched: every product
 * a command needs comes from one `catalog.getProducts` call whatever the number of cart lines and items, and
 * independent reads run together. That is the command's only catalog read, except that a session whose coupon
 * is limited to categories also reads the category tree (`catalog.getCategories`) for the coupon check.
 *
 * Order matters in one place: shipping quotes are asked first (they need only the priced cart), then the tax
 * table is read for every class in play (cart lines, the chosen and the quoted shipping, the calculators' fees),
 * and payment methods last, since they depend on the total with its taxes.
 * @module
 */
import { errAsync, okAsync, type Result, ResultAsync } from 'neverthrow';
import type { CheckoutError, UnavailableError } from '../domain/errors.js';
import type { CheckoutFacts, CouponFacts, TaxFacts } from '../domain/machine/facts.js';
import { dayOf } from '../domain/machine/facts.js';
import type { CheckoutSession, ShippingQuoteGroup } from '../domain/machine/session.js';
import type { MessageCatalog } from '../domain/messages.js';
import { createPricing, type Pricing, type PricingFacts } from '../domain/pricing/pricing.js';
import type { Category, Product } from '../domain/records/catalog.js';
import type { GeoZone } from '../domain/records/geo.js';
import type { FactPlan } from '../operations/operation.js';
import { commandFacts } from './command-facts.js';
import { callPort, type EngineContext, newIds, readClock, secondsAfter } from './context.js';
import { paymentOffers, shippingOffers } from './offers.js';

/** Every product of `ids` in one catalog read (none when there are no ids), as a map by id. */
export function readProducts(
  context: EngineContext,
  messages: MessageCatalog,
  ids: readonly number[],
): ResultAsync<ReadonlyMap<number, Product>, CheckoutError> {
  if (ids.length === 0) return okAsync(new Map());
  return callPort('catalog', messages, () => context.deps.catalog.getProducts(ids)).map(
    (products) => new Map(products.map((product) => [product.productId, product])),
  );
}

/** The product ids the session's cart and the plan name, each once. */
function productIdsOf(session: CheckoutSession, plan: FactPlan): number[] {
  const ids = new Set(session.cart.map((line) => line.productId));
  for (const id of plan.productIds ?? []) ids.add(id);
  return [...ids].filter((id) => id > 0);
}

/** The time-dependent facts of a request: now, today, and the expiry a save at this instant sets. */
export type TimeFacts = Pick<CheckoutFacts, 'now' | 'today' | 'expiresAt'>;

/** The time-dependent facts, read once per request from the clock; a failing clock is `unavailable` `clock`. */
export function readTimeFacts(
  context: EngineContext,
  messages: MessageCatalog,
): Result<TimeFacts, UnavailableError> {
  return readClock(context, messages).map((now) => {
    const instant = now.toISOString();
    return { now: instant, today: dayOf(instant), expiresAt: secondsAfter(now, context.ttlSeconds) };
  });
}

/** The tax classes in play: the products', the chosen and quoted shipping's, and the calculators' own. */
function taxClassesOf(
  context: EngineContext,
  session: CheckoutSession,
  products: ReadonlyMap<number, Product>,
  quotes: Readonly<Record<string, ShippingQuoteGroup>> | undefined,
): number[] {
  const ids = new Set<number>();
  for (const product of products.values()) ids.add(product.taxClassId);
  if (session.shippingMethod !== null) ids.add(session.shippingMethod.taxClassId);
  for (const group of Object.values(quotes ?? {})) {
    for (const quote of Object.values(group.quote)) ids.add(quote.taxClassId);
  }
  for (const calculator of context.calculators) for (const id of calculator.taxClassIds ?? []) ids.add(id);
  return [...ids].filter((id) => id > 0).sort((a, b) => a - b);
}

/** The tax rules and rates of `classIds` (no read for none). */
function readTax(
  context: EngineContext,
  messages: MessageCatalog,
  classIds: readonly number[],
  geoZones: readonly GeoZone[],
): ResultAsync<TaxFacts, CheckoutError> {
  if (classIds.length === 0) return okAsync({ classIds, table: { rules: [], rates: [] }, geoZones });
  return callPort('taxes', messages, () => context.deps.taxes.getTaxTable(classIds)).map((table) => ({
    classIds,
    table,
    geoZones,
  }));
}

/**
 * A pricing over facts whose tax table covers `classIds` too: the same pricing when it does, else one over a
 * table read again with the new classes (a fresh quote of a class not read before).
 */
export function coverTaxClasses(
  context: EngineContext,
  pricing: Pricing,
  classIds: readonly number[],
): ResultAsync<Pricing, CheckoutError> {
  const { facts } = pricing;
  const tax = facts.tax;
  const known = tax?.classIds ?? [];
  const missing = classIds.filter((id) => id > 0 && !known.includes(id));
  if (tax === undefined || missing.length === 0) return okAsync(pricing);
  const all = [...new Set([...known, ...missing])].sort((a, b) => a - b);
  return readTax(context, facts.messages, all, tax.geoZones).map((wider) =>
    pricing.withFacts({ ...facts, tax: wider }),
  );
}

/**
 * The coupon the session (or the command) names, its uses by the logged-in customer, and the category tree when
 * the coupon is limited to categories (its check walks the tree below them; any other coupon needs no tree, so
 * the catalog is not asked for one).
 */
function couponFacts(
  context: EngineContext,
  messages: MessageCatalog,
  session: CheckoutSession,
  code: string | null,
): ResultAsync<CouponFacts | undefined, CheckoutError> {
  if (code === null || code === '') return okAsync(undefined);
  const { coupons, catalog } = context.deps;
  const enabled = context.calculators.some((calculator) => calculator.code === 'coupon');
  return callPort('coupons', messages, () => coupons.getCoupon(code)).andThen((coupon) => {
    if (coupon === undefined)
      return okAsync({ enabled, coupon, uses: { total: 0, customer: 0 }, categories: [] });
    return ResultAsync.combine([
      callPort('coupons', messages, () =>
        coupons.countUses(coupon.couponId, session.loggedInCustomerId ?? 0),
      ),
      coupon.categoryIds.length === 0
        ? okAsync<readonly Category[], CheckoutError>([])
        : callPort('catalog', messages, () => catalog.getCategories()),
    ] as const).map(([uses, categories]) => ({ enabled, coupon, uses, categories }));
  });
}

/** The logged-in customer's reward balance, when points are or are about to be spent. */
function rewardFacts(
  context: EngineContext,
  messages: MessageCatalog,
  session: CheckoutSession,
  spends: boolean,
): ResultAsync<number | undefined, CheckoutError> {
  const customerId = session.loggedInCustomerId;
  if (!spends || customerId === null) return okAsync(undefined);
  return callPort('customers', messages, () => context.deps.customers.getRewardBalance(customerId));
}

/** What every command and every view reads: products, geo zones, coupon and reward balance. */
interface BaseFacts {
  readonly products: ReadonlyMap<number, Product>;
  readonly geoZones: readonly GeoZone[];
  readonly coupon?: CouponFacts;
  readonly rewardBalance?: number;
}

/** Products, geo zones, coupon and reward facts, read together. */
function baseFacts(
  context: EngineContext,
  session: CheckoutSession,
  plan: FactPlan,
  messages: MessageCatalog,
): ResultAsync<BaseFacts, CheckoutError> {
  const code = plan.coupon ?? session.coupon;
  const spends = (plan.reward ?? session.reward ?? 0) > 0;
  return ResultAsync.combine([
    readProducts(context, messages, productIdsOf(session, plan)),
    callPort('geo', messages, () => context.deps.geo.getGeoZones()),
    couponFacts(context, messages, session, code),
    rewardFacts(context, messages, session, spends),
  ] as const).map(([products, geoZones, coupon, rewardBalance]) => ({
    products,
    geoZones,
    ...(coupon === undefined ? {} : { coupon }),
    ...(rewardBalance === undefined ? {} : { rewardBalance }),
  }));
}

/** The facts of a command and the pricing it is decided with. */
export interface GatheredFacts {
  readonly facts: CheckoutFacts;
  readonly pricing: Pricing;
}

/** Everything a command planned by `plan` needs on `session`, priced once. */
export function gatherFacts(
  context: EngineContext,
  session: CheckoutSession,
  plan: FactPlan,
  time: TimeFacts,
  messages: MessageCatalog,
): ResultAsync<GatheredFacts, CheckoutError> {
  const cartIds = newIds(context, messages, 'cart', plan.cartIds ?? 0);
  if (cartIds.isErr()) return errAsync(cartIds.error);
  return ResultAsync.combine([
    baseFacts(context, session, plan, messages),
    commandFacts(context, messages, session, plan),
  ] as const).andThen(([base, extra]) => {
    const partial = { ...time, ...base, messages, cartIds: cartIds.value, ...extra };
    const pricing = createPricing(partial, context.settings, context.calculators);
    return gatherOffers(context, session, plan, base, partial, pricing);
  });
}

/** The facts gathered before offers and taxes (what `gatherFacts` passes on to {@link gatherOffers}). */
type PartialFacts = Omit<CheckoutFacts, 'tax' | 'offers'>;

/**
 * The rest of `gatherFacts`: shipping quotes when the command needs them, then the tax table of every class in
 * play, then payment offers (they read the total with its taxes).
 */
function gatherOffers(
  context: EngineContext,
  session: CheckoutSession,
  plan: FactPlan,
  base: BaseFacts,
  partial: PartialFacts,
  linePricing: Pricing,
): ResultAsync<GatheredFacts, CheckoutError> {
  const { messages } = partial;
  const quoting: ResultAsync<Readonly<Record<string, ShippingQuoteGroup>> | undefined, CheckoutError> =
    plan.offers === 'shipping'
      ? shippingOffers(context, session, linePricing.lines(session), base.products, base.geoZones, messages)
      : okAsync(undefined);
  return quoting.andThen((shipping) =>
    readTax(
      context,
      messages,
      taxClassesOf(context, session, base.products, shipping),
      base.geoZones,
    ).andThen((tax) => {
      const facts: CheckoutFacts = {
        ...partial,
        tax,
        ...(shipping === undefined ? {} : { offers: { shipping } }),
      };
      const pricing = linePricing.withFacts(facts satisfies PricingFacts);
      if (plan.offers !== 'payment') return okAsync({ facts, pricing });
      return paymentOffers(context, session, pricing.view(session), tax.geoZones, messages).map((payment) => {
        // Offers change no price: the pricing that computed the total they were made from serves on.
        return { facts: { ...facts, offers: { payment } }, pricing };
      });
    }),
  );
}

/** The facts of a view of the session (its priced cart and totals), and their pricing. */
export function viewPricing(
  context: EngineContext,
  session: CheckoutSession,
  messages: MessageCatalog,
  today: string,
): ResultAsync<Pricing, CheckoutError> {
  return baseFacts(context, session, {}, messages).andThen((base) =>
    readTax(context, messages, taxClassesOf(context, session, base.products, undefined), base.geoZones).map(
      (tax) => createPricing({ ...base, messages, today, tax }, context.settings, context.calculators),
    ),
  );
}
