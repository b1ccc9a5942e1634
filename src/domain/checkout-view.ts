/**
 * The derived view of a session: its priced cart lines and total lines. Nothing here is stored; it is
 * recomputed from the session, the facts and the settings whenever it is needed (ARCHITECTURE: "totals are
 * derived, never stored").
 * @module
 */
import { type Currency, findCurrency, type Money } from '../money/index.js';
import type { TotalCalculator, TotalLine, TotalsContext } from '../ports/total-calculator.js';
import type { PricedCartLine } from './cart-line.js';
import { cartShips, type MeasureClassNames, priceCart } from './cart-pricing.js';
import { invariant } from './errors.js';
import type { MessageCatalog } from './messages.js';
import type { Product } from './records/catalog.js';
import type { CheckoutSession } from './session.js';
import type { StoreSettings } from './settings.js';
import { presentTotals, runTotals } from './totals/index.js';

/** What a view needs besides the session and the settings. */
export interface ViewFacts {
  readonly products: ReadonlyMap<number, Product>;
  readonly today: string;
  readonly messages: MessageCatalog;
}

/** A session's priced cart and totals. */
export interface CheckoutView {
  /** The available cart lines, priced (net, default currency). */
  readonly lines: readonly PricedCartLine[];
  /** The total lines in the session currency, rounded; `total` is their exact sum. */
  readonly totals: readonly TotalLine[];
  /** The exact grand total in the default currency, before presentation (payment offers read it). */
  readonly total: Money;
  /** Some line needs shipping (the seed's `shipping_required`). */
  readonly shippingRequired: boolean;
}

/** A currency of the store by code; a session or store naming an unknown one is a programmer bug. */
export function storeCurrency(settings: StoreSettings, code: string): Currency {
  const currency = findCurrency(settings.currencies, code);
  invariant(currency !== undefined, `currency ${code} is not among the store's currencies`);
  return currency;
}

/** The customer group prices follow: the session customer's, or the store default. */
export function pricingGroupId(session: CheckoutSession, settings: StoreSettings): number {
  return session.customer?.customerGroupId ?? settings.customerGroupId;
}

/** The priced, available lines of the session's cart. */
export function priceSessionCart(
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

/** The unit of each weight and length class (`kg`, `cm`), as the cart line's `weight_class` / `length_class`. */
function classNamesOf(settings: StoreSettings): MeasureClassNames {
  return {
    weight: new Map(settings.weightClasses.map((c) => [c.id, c.unit])),
    length: new Map(settings.lengthClasses.map((c) => [c.id, c.unit])),
  };
}

/** The context total calculators read. Taxes, coupons and rewards join in with the totals issue. */
function totalsContext(
  session: CheckoutSession,
  lines: readonly PricedCartLine[],
  facts: ViewFacts,
  settings: StoreSettings,
): TotalsContext {
  return {
    lines,
    shippingMethod: cartShips(lines) ? session.shippingMethod : null,
    coupon: null,
    couponProductIds: [],
    reward: 0,
    currency: storeCurrency(settings, session.currency),
    settings,
    messages: facts.messages,
    taxesOn: () => [],
  };
}

/** Prices the session's cart and runs the totals pipeline. Pure. */
export function viewCheckout(
  session: CheckoutSession,
  facts: ViewFacts,
  settings: StoreSettings,
  calculators: readonly TotalCalculator[],
): CheckoutView {
  const lines = priceSessionCart(session, facts, settings);
  const state = runTotals(calculators, totalsContext(session, lines, facts, settings), settings.currency);
  const totals = presentTotals(
    state,
    storeCurrency(settings, settings.currency),
    storeCurrency(settings, session.currency),
    settings,
  );
  return { lines, totals, total: state.total, shippingRequired: cartShips(lines) };
}
