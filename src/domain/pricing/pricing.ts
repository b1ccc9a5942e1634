/**
 * One command's pricing. A command reads the priced cart in several places (the step's guard, its rule, the
 * re-checks of stale selections, the answer), and pricing a cart is the engine's largest cost, so each cart a
 * command meets is priced once and each session's totals are run once: every reader gets the same result.
 *
 * A cart is keyed by the identity of its line list and the customer group its prices follow (a rule that leaves
 * the cart alone hands the same list on); totals by the identity of every session field they read. Sessions are
 * immutable values, so identity is a sound key. With the engine's cache (see `pricing-cache.ts`) a cart or totals
 * worked out by an earlier command from the very same inputs is not worked out again at all.
 * @module
 */
import type { PricedCartLine } from '../cart/line.js';
import { invariant } from '../errors.js';
import type { TaxFacts, ViewFacts } from '../machine/facts.js';
import type { CheckoutSession } from '../machine/session.js';
import { pricingGroupId } from '../machine/session.js';
import type { StoreSettings } from '../settings/settings.js';
import { type ShippingCart, shippingCartOf } from './cart.js';
import { type CheckoutView, priceLines, taxRatesOf, viewOfLines } from './checkout.js';
import { lasting, type PricingCache } from './pricing-cache.js';
import type { TaxRateSet } from './tax.js';
import type { TotalCalculator } from './totals/calculator.js';
import { allReadOnlyContext } from './totals/context-only.js';
import { viewDigest } from './view-digest.js';

/** What pricing reads: the view facts, the tax table arriving once it has been read. */
export type PricingFacts = Omit<ViewFacts, 'tax'> & { readonly tax?: TaxFacts | undefined };

/** The priced cart and totals of the sessions one command meets, each computed once. */
export interface Pricing {
  /** The facts prices are computed with. */
  readonly facts: PricingFacts;
  /** The priced, available lines of the session's cart. */
  lines(session: CheckoutSession): readonly PricedCartLine[];
  /** What shipping methods read of the session's priced cart (sub-total, units that ship, weight). */
  shippingCart(session: CheckoutSession): ShippingCart;
  /** The session's priced cart and totals; needs the tax facts. */
  view(session: CheckoutSession): CheckoutView;
  /** The totals digest of the session's view (see `viewDigest`), worked out once for each view. */
  digest(session: CheckoutSession): string;
  /** The tax rule for the session's addresses and customer group (see `taxRatesOf`); needs the tax facts. */
  taxRates(session: CheckoutSession): TaxRateSet;
  /**
   * Offers worked out by `work` from `key` (see `PricingCache.offers`): with the engine's cache, the ones an
   * earlier command worked out from the very same inputs when `keep` said they may be kept; without a key,
   * worked out anew.
   */
  offers<T>(key: readonly unknown[] | undefined, work: () => T, keep: (value: T) => boolean): T;
  /** The same pricing over facts with a wider tax table (lines already priced are kept; totals are run anew). */
  withFacts(facts: PricingFacts): Pricing;
}

/** The session fields totals read, in a fixed order: two sessions with the same ones have the same totals. */
function totalsKey(session: CheckoutSession): readonly unknown[] {
  return [
    session.cart,
    session.customer,
    session.loggedInCustomerId,
    session.shippingMethod,
    session.shippingAddress,
    session.paymentAddress,
    session.coupon,
    session.reward,
    session.currency,
    session.id,
  ];
}

/** Whether two keys are the same, field by field, by identity. */
function sameKey(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}

/** A small cache by key: a command meets at most a few sessions (as loaded, as decided, as re-checked). */
function createMemo<T>(): (key: readonly unknown[], compute: () => T) => T {
  const entries: { key: readonly unknown[]; value: T }[] = [];
  return (key, compute) => {
    const found = entries.find((entry) => sameKey(entry.key, key));
    if (found !== undefined) return found.value;
    const value = compute();
    entries.push({ key, value });
    return value;
  };
}

/**
 * Every input of the session's totals besides its priced lines, in a fixed order, for the cache kept across
 * commands; undefined when one could still change (an unfrozen object) or some calculator may read more than its
 * context (their totals are never reused). The engine's own settings, texts and calculators are told by identity.
 */
function viewKey(
  session: CheckoutSession,
  facts: ViewFacts,
  settings: StoreSettings,
  calculators: readonly TotalCalculator[],
): readonly unknown[] | undefined {
  if (!allReadOnlyContext(calculators)) return undefined;
  const { coupon, tax } = facts;
  const parts = [
    session.shippingMethod,
    session.shippingAddress,
    session.paymentAddress,
    tax.table,
    tax.geoZones,
    coupon?.coupon,
    coupon?.categories,
  ];
  // The other inputs are primitives: told apart by value.
  if (!parts.every(lasting)) return undefined;
  const key: unknown[] = [
    ...parts,
    session.id,
    session.loggedInCustomerId,
    pricingGroupId(session, settings),
    session.coupon,
    session.reward,
    session.currency,
    facts.today,
    facts.rewardBalance,
    coupon?.enabled,
    coupon?.uses.total,
    coupon?.uses.customer,
    settings,
    facts.messages,
  ];
  for (const calculator of calculators) key.push(calculator);
  return key;
}

/** Where the engine's cache keeps a priced cart's {@link ShippingCart}. */
const shippingCartSlot = Object.freeze({ name: 'shippingCart' });

/** Pricing over `facts` sharing an existing cache of priced lines, and the engine's cache across commands. */
function pricingOf(
  facts: PricingFacts,
  settings: StoreSettings,
  calculators: readonly TotalCalculator[],
  lineMemo: (key: readonly unknown[], compute: () => readonly PricedCartLine[]) => readonly PricedCartLine[],
  cache: PricingCache | undefined,
): Pricing {
  const viewMemo = createMemo<CheckoutView>();
  const shippingMemo = createMemo<ShippingCart>();
  const ratesMemo = createMemo<TaxRateSet>();
  const taxRates = (session: CheckoutSession) => {
    const groupId = pricingGroupId(session, settings);
    return ratesMemo([session.shippingAddress, session.paymentAddress, groupId], () => {
      invariant(facts.tax !== undefined, 'pricing: tax rates asked for before the tax table was read');
      const tax = facts.tax;
      const work = () => taxRatesOf(session, { tax }, settings);
      const { shippingAddress: shipping, paymentAddress: payment } = session;
      // A rule reads no more of an address than its place, so sessions at the same places share one; the
      // table first, as the first object of the key files it (see `PricingCache.taxRates`).
      const key = [
        tax.table,
        tax.geoZones,
        shipping?.countryId ?? null,
        shipping?.zoneId ?? null,
        payment?.countryId ?? null,
        payment?.zoneId ?? null,
        groupId,
        settings,
      ];
      if (cache === undefined || !key.every(lasting)) return work();
      return cache.taxRates(key, work);
    });
  };
  const lines = (session: CheckoutSession) => {
    const groupId = pricingGroupId(session, settings);
    return lineMemo([session.cart, groupId], () => {
      const price = () => priceLines(session, facts, settings);
      if (cache === undefined) return price();
      const inputs = { groupId, today: facts.today, settings, products: facts.products };
      return cache.lines(session.cart, inputs, price);
    });
  };
  const view = (session: CheckoutSession) =>
    viewMemo(totalsKey(session), () => {
      invariant(facts.tax !== undefined, 'pricing: totals asked for before the tax table was read');
      const viewFacts = facts as ViewFacts;
      const priced = lines(session);
      const run = () => viewOfLines(session, priced, viewFacts, settings, calculators, taxRates(session));
      if (cache === undefined) return run();
      return cache.view(priced, viewKey(session, viewFacts, settings, calculators), run);
    });
  return {
    facts,
    lines,
    shippingCart: (session) => {
      const priced = lines(session);
      return shippingMemo([priced], () => {
        const work = () => shippingCartOf(priced, facts.products, settings);
        return cache === undefined ? work() : cache.derived(priced, shippingCartSlot, work);
      });
    },
    view,
    taxRates,
    offers: (key, work, keep) =>
      cache === undefined || key === undefined ? work() : cache.offers(key, work, keep),
    digest: (session) => {
      const shown = view(session);
      return cache === undefined ? viewDigest(shown) : cache.digest(shown, () => viewDigest(shown));
    },
    withFacts: (wider) => pricingOf(wider, settings, calculators, lineMemo, cache),
  };
}

/**
 * A command's pricing over the facts gathered for it. With `cache` (an engine keeps one), priced lines and totals
 * worked out by earlier commands from the very same inputs are reused (see `pricing-cache.ts`).
 */
export function createPricing(
  facts: PricingFacts,
  settings: StoreSettings,
  calculators: readonly TotalCalculator[],
  cache?: PricingCache,
): Pricing {
  return pricingOf(facts, settings, calculators, createMemo<readonly PricedCartLine[]>(), cache);
}
