/**
 * The derived view of a session: its priced cart lines and total lines. Nothing here is stored; it is
 * recomputed from the session, the facts and the settings whenever it is needed: totals are
 * derived, never stored, so they can never disagree with the cart they price.
 * @module
 */

import type { Result } from 'neverthrow';
import { type Currency, findCurrency, type Money } from '../../money/index.js';
import type { GeoPlace } from '../address/geo-zone.js';
import type { PricedCartLine } from '../cart/line.js';
import { invariant } from '../errors.js';
import type { CouponFacts, ViewFacts } from '../machine/facts.js';
import { type CheckoutSession, pricingGroupId } from '../machine/session.js';
import type { StoreSettings } from '../settings/settings.js';
import { cartShips, cartSubTotal, type MeasureClassNames, priceCart } from './cart.js';
import { type CouponGrant, checkCoupon } from './coupon.js';
import { createTaxRates, type TaxRateSet } from './tax.js';
import type { TotalCalculator, TotalLine, TotalsContext, TotalsState } from './totals/calculator.js';
import { presentTotals, runTotals } from './totals/index.js';
import { pointsApplied } from './totals/reward.js';

/** A session's priced cart and totals. */
export interface CheckoutView {
  /** The available cart lines, priced (net, default currency). */
  readonly lines: readonly PricedCartLine[];
  /** The total lines in the session currency, rounded; `total` is their exact sum. */
  readonly totals: readonly TotalLine[];
  /** The exact grand total in the default currency, before presentation (payment offers read it). */
  readonly total: Money;
  /** The pipeline's exact state in the default currency (lines, taxes by rate, total): what an order stores. */
  readonly state: TotalsState;
  /** Some line needs shipping (OpenCart's `shipping_required`). */
  readonly shippingRequired: boolean;
}

/** A currency of the store by code; a session or store naming an unknown one is a programmer bug. */
export function storeCurrency(settings: StoreSettings, code: string): Currency {
  const currency = findCurrency(settings.currencies, code);
  invariant(currency !== undefined, () => `currency ${code} is not among the store's currencies`);
  return currency;
}

/** The priced, available lines of the session's cart. A command prices through its `Pricing`, which calls this once. */
export function priceLines(
  session: CheckoutSession,
  facts: Pick<ViewFacts, 'products' | 'today'>,
  settings: StoreSettings,
): readonly PricedCartLine[] {
  return priceCart(session.cart, {
    products: facts.products,
    customerGroupId: pricingGroupId(session, settings),
    today: facts.today,
    stockCheckout: settings.stockCheckout,
    classNames: classNamesOf(settings),
  });
}

/** The unit of each weight and length class (`kg`, `cm`), as the priced line's `weightClass` / `lengthClass`. */
function classNamesOf(settings: StoreSettings): MeasureClassNames {
  return {
    weight: new Map(settings.weightClasses.map((c) => [c.id, c.unit])),
    length: new Map(settings.lengthClasses.map((c) => [c.id, c.unit])),
  };
}

/** Checks the coupon of `couponFacts` against the session's priced cart (see `checkCoupon`). */
export function checkSessionCoupon(
  session: CheckoutSession,
  couponFacts: CouponFacts,
  lines: readonly PricedCartLine[],
  facts: Omit<ViewFacts, 'tax'>,
  settings: StoreSettings,
): Result<CouponGrant, string> {
  return checkCoupon(couponFacts.coupon, couponFacts.uses, {
    today: facts.today,
    subTotal: cartSubTotal(lines, settings.currency),
    loggedInCustomerId: session.loggedInCustomerId,
    lines,
    products: facts.products,
    categories: couponFacts.categories,
    messages: facts.messages,
  });
}

/**
 * The session's coupon as it applies now: checked again on every view (dates, minimum, uses, products), so a
 * cart that no longer qualifies simply gets no discount, as OpenCart's coupon total does.
 */
export function appliedCoupon(
  session: CheckoutSession,
  lines: readonly PricedCartLine[],
  facts: ViewFacts,
  settings: StoreSettings,
): CouponGrant | null {
  if (session.coupon === null || facts.coupon === undefined) return null;
  const grant = checkSessionCoupon(session, facts.coupon, lines, facts, settings);
  return grant.isOk() ? grant.value : null;
}

/**
 * The reward points the session spends now: none without a logged-in customer or beyond their balance (read
 * again on every view), and never more than the cart's points.
 */
export function appliedReward(
  session: CheckoutSession,
  lines: readonly PricedCartLine[],
  facts: ViewFacts,
): number {
  const asked = session.reward ?? 0;
  if (asked === 0 || session.loggedInCustomerId === null || (facts.rewardBalance ?? 0) < asked) return 0;
  return pointsApplied(asked, lines);
}

/** The context total calculators read. */
function totalsContext(
  session: CheckoutSession,
  lines: readonly PricedCartLine[],
  facts: ViewFacts,
  settings: StoreSettings,
  rates: TaxRateSet,
): TotalsContext {
  const coupon = appliedCoupon(session, lines, facts, settings);
  return {
    sessionId: session.id,
    loggedInCustomerId: session.loggedInCustomerId,
    lines,
    shippingMethod: cartShips(lines) ? session.shippingMethod : null,
    coupon: coupon?.coupon ?? null,
    couponProductIds: coupon?.productIds ?? [],
    reward: appliedReward(session, lines, facts),
    currency: storeCurrency(settings, session.currency),
    settings,
    messages: facts.messages,
    taxesOn: rates.taxesOn,
  };
}

/** The place (country and zone) of an address: all of it the tax rule reads. */
function placeOf(address: GeoPlace | null): GeoPlace | null {
  return address === null ? null : { countryId: address.countryId, zoneId: address.zoneId };
}

/**
 * The tax rule for the session: the places of its addresses, its customer group, the store address, the facts'
 * tables. Pure, and worked out anew on each call; a command asks its `Pricing`, which works it out once for the
 * session's places and group (and, with the engine's cache, once while those and the tables stay the same). The
 * rule holds the places only, never the session's addresses, since other sessions at the same places share it.
 */
export function taxRatesOf(
  session: CheckoutSession,
  facts: Pick<ViewFacts, 'tax'>,
  settings: StoreSettings,
): TaxRateSet {
  const customerGroupId = pricingGroupId(session, settings);
  return createTaxRates({
    shippingAddress: placeOf(session.shippingAddress),
    paymentAddress: placeOf(session.paymentAddress),
    storeAddress: settings.storeAddress,
    taxDefault: settings.taxDefault,
    customerGroupId,
    geoZones: facts.tax.geoZones,
    table: facts.tax.table,
  });
}

/** Runs the totals pipeline over lines already priced for the session. Pure. */
export function viewOfLines(
  session: CheckoutSession,
  lines: readonly PricedCartLine[],
  facts: ViewFacts,
  settings: StoreSettings,
  calculators: readonly TotalCalculator[],
  rates: TaxRateSet = taxRatesOf(session, facts, settings),
): CheckoutView {
  const state = runTotals(
    calculators,
    totalsContext(session, lines, facts, settings, rates),
    settings.currency,
  );
  const totals = presentTotals(
    state,
    storeCurrency(settings, settings.currency),
    storeCurrency(settings, session.currency),
    settings,
  );
  return { lines, totals, total: state.total, state, shippingRequired: cartShips(lines) };
}

/** Prices the session's cart and runs the totals pipeline. Pure. */
export function viewCheckout(
  session: CheckoutSession,
  facts: ViewFacts,
  settings: StoreSettings,
  calculators: readonly TotalCalculator[],
): CheckoutView {
  return viewOfLines(session, priceLines(session, facts, settings), facts, settings, calculators);
}
