/**
 * The demo store as the totals see it: priced cart lines, the tax rule for an address, a totals context, and a
 * pipeline run presented in a currency.
 */
import { demoStore } from '../../../../src/adapters/memory/index.js';
import type { GeoPlace } from '../../../../src/domain/address/geo-zone.js';
import type { PricedCartLine } from '../../../../src/domain/cart/line.js';
import type { CartLine, CartOptionValue, ShippingQuote } from '../../../../src/domain/machine/session.js';
import { defaultMessages } from '../../../../src/domain/messages.js';
import { priceCart } from '../../../../src/domain/pricing/cart.js';
import { createTaxRates } from '../../../../src/domain/pricing/tax.js';
import { createTotalCalculators } from '../../../../src/domain/pricing/totals/builtins.js';
import { presentTotals, runTotals } from '../../../../src/domain/pricing/totals/pipeline.js';
import type { Coupon } from '../../../../src/domain/records/coupon.js';
import { type Currency, findCurrency, type Money, money } from '../../../../src/money/index.js';
import type {
  TotalCalculator,
  TotalLine,
  TotalsContext,
  TotalsState,
} from '../../../../src/ports/total-calculator.js';

export const { data } = demoStore();
export const settings = data.settings;
export const today = '2026-06-01';
export const usd = (amount: string): Money => money(amount, 'USD');

/** Lancashire, in the UK VAT zone. */
export const UK_ADDRESS: GeoPlace = { countryId: 222, zoneId: 3563 };
/** California: no demo tax rate applies. */
export const US_ADDRESS: GeoPlace = { countryId: 223, zoneId: 3624 };

/** The demo's flat rate: 5.00, tax class 9. */
export const FLAT: ShippingQuote = {
  code: 'flat.flat',
  name: 'Flat Shipping Rate',
  cost: usd('5.00'),
  taxClassId: 9,
};

/** Product 42's options: Green (+1), Small (+10), checkboxes 8 (+10) and 10 (+30): unit price 151.00. */
export const CINEMA: Record<string, CartOptionValue> = {
  '208': 'hello',
  '209': 'note',
  '217': '1',
  '218': '5',
  '219': '2011-02-20',
  '220': '2011-02-20 22:25',
  '221': '22:25',
  '222': 'upload-code',
  '223': ['8', '10'],
};

/** One cart item: product, quantity, options. */
export type Item = readonly [productId: number, quantity: number, options?: Record<string, CartOptionValue>];

/** The demo's lines priced for customer group 1. */
export function priceItems(items: readonly Item[]): readonly PricedCartLine[] {
  const cart: CartLine[] = items.map(([productId, quantity, options = {}], i) => ({
    cartId: `line-${i}`,
    productId,
    quantity,
    options,
    subscriptionPlanId: 0,
  }));
  return priceCart(cart, { products: data.products, customerGroupId: 1, today, stockCheckout: false });
}

/**
 * The line with its points price (`PricedCartLine.points`, what the reward step reads) set to `points` in all:
 * of the demo products only product 28 can be bought with points (200 a unit), so tests set the price directly
 * to put any line, at any price in points, through the reward step.
 */
export function withPoints(line: PricedCartLine, points: number): PricedCartLine {
  return { ...line, points };
}

/** A demo coupon by code. */
export function demoCoupon(code: string): Coupon {
  const coupon = [...data.coupons.values()].find((c) => c.code === code);
  if (coupon === undefined) throw new Error(`demo coupon ${code} missing`);
  return coupon;
}

/** The demo tax rule with `address` as shipping and payment address, customer group 1. */
export function taxesOnFor(address: GeoPlace): TotalsContext['taxesOn'] {
  return createTaxRates({
    shippingAddress: address,
    paymentAddress: address,
    storeAddress: settings.storeAddress,
    taxDefault: settings.taxDefault,
    customerGroupId: 1,
    geoZones: [...data.geoZones.values()],
    table: { rules: data.taxRules, rates: [...data.taxRates.values()] },
  }).taxesOn;
}

/** A totals context for `lines`: a guest's session, UK address, no shipping, coupon or reward unless given. */
export function totalsContext(
  lines: readonly PricedCartLine[],
  over: Partial<Omit<TotalsContext, 'taxesOn'>> & { readonly address?: GeoPlace } = {},
): TotalsContext {
  const { address = UK_ADDRESS, ...rest } = over;
  return {
    sessionId: 'totals-test',
    loggedInCustomerId: null,
    lines,
    shippingMethod: null,
    coupon: null,
    couponProductIds: [],
    reward: 0,
    currency: currency('USD'),
    settings,
    messages: defaultMessages,
    taxesOn: taxesOnFor(address),
    ...rest,
  };
}

/** A demo currency by code. */
export function currency(code: string): Currency {
  const found = findCurrency(settings.currencies, code);
  if (found === undefined) throw new Error(`demo currency ${code} missing`);
  return found;
}

/** The demo's enabled total calculators (sub_total, reward, shipping, coupon, tax, total). */
export const demoCalculators: readonly TotalCalculator[] = createTotalCalculators(data.extensions.totals);

/** Runs `calculators` over `context` in USD. */
export function run(
  context: TotalsContext,
  calculators: readonly TotalCalculator[] = demoCalculators,
): TotalsState {
  return runTotals(calculators, context, 'USD');
}

/** The presented lines as `[code, title, amount]`, in `to` (default USD). */
export function present(state: TotalsState, to = 'USD'): [string, string, string][] {
  return presentTotals(state, currency('USD'), currency(to), settings).map((line: TotalLine) => [
    line.code,
    line.title,
    line.value.amount,
  ]);
}
