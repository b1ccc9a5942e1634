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
import { okAsync, type Result, ResultAsync } from 'neverthrow';
import type { CheckoutError, UnavailableError } from '../domain/errors.js';
import type { CheckoutCommand } from '../domain/machine/commands.js';
import type { CheckoutFacts, CouponFacts, TaxFacts, ViewFacts } from '../domain/machine/facts.js';
import { dayOf } from '../domain/machine/facts.js';
import type { Offers } from '../domain/machine/selections.js';
import type { CheckoutSession, ShippingQuoteGroup } from '../domain/machine/session.js';
import type { MessageCatalog } from '../domain/messages.js';
import { priceSessionCart, viewCheckout } from '../domain/pricing/checkout.js';
import type { Category, Product } from '../domain/records/catalog.js';
import type { GeoZone } from '../domain/records/geo.js';
import { commandFacts } from './command-facts.js';
import { callPort, type EngineContext, newIds, readClock, secondsAfter } from './context.js';
import { paymentOffers, shippingOffers } from './offers.js';

/** The product ids a command and the session's cart name, each once. */
export function productIdsOf(session: CheckoutSession, command: CheckoutCommand | null): number[] {
  const ids = new Set(session.cart.map((line) => line.productId));
  if (command?.type === 'add_products') for (const item of command.items) ids.add(item.productId);
  return [...ids].filter((id) => id > 0);
}

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

/** The time-dependent facts of a request: now, today, and the expiry a save at this instant sets. */
export type TimeFacts = Pick<CheckoutFacts, 'now' | 'today' | 'expiresAt'>;

/** The time facts of the instant `now`. */
function timeFactsAt(context: EngineContext, now: Date): TimeFacts {
  const instant = now.toISOString();
  return { now: instant, today: dayOf(instant), expiresAt: secondsAfter(now, context.ttlSeconds) };
}

/** The time-dependent facts, read once per request from the clock; a failing clock is `unavailable` `clock`. */
export function readTimeFacts(
  context: EngineContext,
  messages: MessageCatalog,
): Result<TimeFacts, UnavailableError> {
  return readClock(context, messages).map((now) => timeFactsAt(context, now));
}

/**
 * {@link readTimeFacts} for callers that cannot return its error yet: a failing clock throws here (and the
 * operation's promise rejects), so new code reads the clock through `readTimeFacts`.
 */
export function timeFacts(context: EngineContext): TimeFacts {
  return timeFactsAt(context, context.deps.clock.now());
}

/** The tax classes in play: the products', the chosen and quoted shipping's, and the calculators' own. */
function taxClassesOf(
  context: EngineContext,
  session: CheckoutSession,
  products: ReadonlyMap<number, Product>,
  quotes: Readonly<Record<string, ShippingQuoteGroup>> | undefined,
): number[] {
  const ids = new Set<number>([...products.values()].map((product) => product.taxClassId));
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

/** The tax facts extended to `classIds` when one of them was not read (a fresh quote of a new class). */
export function ensureTaxClasses<F extends Pick<CheckoutFacts, 'tax' | 'messages'>>(
  context: EngineContext,
  facts: F,
  classIds: readonly number[],
): ResultAsync<F, CheckoutError> {
  const missing = classIds.filter((id) => id > 0 && !facts.tax.classIds.includes(id));
  if (missing.length === 0) return okAsync(facts);
  const all = [...new Set([...facts.tax.classIds, ...missing])].sort((a, b) => a - b);
  return readTax(context, facts.messages, all, facts.tax.geoZones).map((tax) => ({ ...facts, tax }));
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

/** The facts every view of the session reads: products, taxes, geo zones, coupon and reward balance. */
export function viewFacts(
  context: EngineContext,
  session: CheckoutSession,
  messages: MessageCatalog,
  today: string,
): ResultAsync<ViewFacts, CheckoutError> {
  return baseFacts(context, session, null, messages).andThen((base) =>
    readTax(context, messages, taxClassesOf(context, session, base.products, undefined), base.geoZones).map(
      (tax) => ({ ...base.view, today, tax }),
    ),
  );
}

/** What is read for every command before offers and taxes. */
interface BaseFacts {
  readonly products: ReadonlyMap<number, Product>;
  readonly geoZones: readonly GeoZone[];
  readonly view: Omit<ViewFacts, 'tax' | 'today'>;
}

/** Products, geo zones, coupon and reward facts, read together. */
function baseFacts(
  context: EngineContext,
  session: CheckoutSession,
  command: CheckoutCommand | null,
  messages: MessageCatalog,
): ResultAsync<BaseFacts, CheckoutError> {
  const code = command?.type === 'set_coupon' ? command.code : session.coupon;
  const spends = command?.type === 'set_reward' ? command.points > 0 : (session.reward ?? 0) > 0;
  return ResultAsync.combine([
    readProducts(context, messages, productIdsOf(session, command)),
    callPort('geo', messages, () => context.deps.geo.getGeoZones()),
    couponFacts(context, messages, session, code),
    rewardFacts(context, messages, session, spends),
  ] as const).map(([products, geoZones, coupon, rewardBalance]) => ({
    products,
    geoZones,
    view: {
      products,
      messages,
      ...(coupon === undefined ? {} : { coupon }),
      ...(rewardBalance === undefined ? {} : { rewardBalance }),
    },
  }));
}

/** Which offers a command decides on. */
function offersNeeded(command: CheckoutCommand): { shipping: boolean; payment: boolean } {
  const shipping = command.type === 'quote_shipping' || command.type === 'set_shipping_method';
  const payment = command.type === 'offer_payment' || command.type === 'set_payment_method';
  return { shipping, payment };
}

/** Everything `decide` needs for `command` on `session`. */
export function gatherFacts(
  context: EngineContext,
  session: CheckoutSession,
  command: CheckoutCommand,
): ResultAsync<CheckoutFacts, CheckoutError> {
  const messages = context.messagesFor(session.language);
  const lineCount = command.type === 'add_products' ? command.items.length : 0;
  const needed = offersNeeded(command);
  const early = readTimeFacts(context, messages).andThen((time) =>
    newIds(context, messages, 'cart', lineCount).map((cartIds) => ({ time, cartIds })),
  );
  return early.asyncAndThen(({ time, cartIds }) =>
    ResultAsync.combine([
      baseFacts(context, session, command, messages),
      commandFacts(context, messages, session, command),
    ] as const).andThen(([base, extra]) =>
      gatherOffers(context, session, needed, messages, base, {
        ...time,
        ...base.view,
        cartIds,
        ...extra,
      }),
    ),
  );
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
  needed: { shipping: boolean; payment: boolean },
  messages: MessageCatalog,
  base: BaseFacts,
  partial: PartialFacts,
): ResultAsync<CheckoutFacts, CheckoutError> {
  const lines = priceSessionCart(session, partial, context.settings);
  const quoting: ResultAsync<Readonly<Record<string, ShippingQuoteGroup>> | undefined, CheckoutError> =
    needed.shipping
      ? shippingOffers(context, {
          session,
          lines,
          products: base.products,
          geoZones: base.geoZones,
          messages,
        })
      : okAsync(undefined);
  return quoting.andThen((shipping) =>
    readTax(
      context,
      messages,
      taxClassesOf(context, session, base.products, shipping),
      base.geoZones,
    ).andThen((tax): ResultAsync<CheckoutFacts, CheckoutError> => {
      const facts: CheckoutFacts = {
        ...partial,
        tax,
        ...(shipping === undefined ? {} : { offers: { shipping } }),
      };
      if (!needed.payment) return okAsync(facts);
      const view = viewCheckout(session, facts, context.settings, context.calculators);
      return paymentOffers(context, session, view, tax.geoZones, messages).map((payment) => ({
        ...facts,
        offers: { ...facts.offers, payment } satisfies Offers,
      }));
    }),
  );
}
