/**
 * Priced cart lines, totals contexts and states for testing total calculators.
 * @module
 */
import type { PricedCartLine } from '../domain/cart/line.js';
import { defaultMessages } from '../domain/messages.js';
import type { TaxAmount, TotalsContext, TotalsState } from '../domain/pricing/totals/calculator.js';
import { type Money, money, multiply, percent, zero } from '../money/index.js';
import { sampleStoreSettings } from './method-contexts.js';

/** A priced cart line: by default two units of product 40 at 101.00 net, tax class 9, shipping, 1 kg each. */
export function samplePricedLine(overrides: Partial<PricedCartLine> = {}): PricedCartLine {
  const price = overrides.price ?? money('101.00', 'USD');
  const quantity = overrides.quantity ?? 2;
  return {
    cartId: 'line-1',
    productId: 40,
    name: 'iPhone',
    model: 'product 11',
    options: [],
    subscription: null,
    subscriptionPlanId: 0,
    quantity,
    minimum: 1,
    maximum: 0,
    stock: true,
    subtract: true,
    price,
    total: multiply(price, quantity),
    reward: 0,
    points: 0,
    image: 'catalog/demo/iphone_1.jpg',
    weight: '1.00000000',
    weightClass: 'kg',
    length: '0.00000000',
    width: '0.00000000',
    height: '0.00000000',
    lengthClass: 'cm',
    taxClassId: 9,
    shipping: true,
    ...overrides,
  };
}

/** The sample tax rule: 20 % VAT (rate 86) on tax class 9, nothing on any other class. */
function sampleTaxesOn(amount: Money, taxClassId: number, quantity: number): readonly TaxAmount[] {
  if (taxClassId !== 9) return [];
  return [{ taxRateId: 86, name: 'VAT (20%)', amount: multiply(percent(amount, '20'), quantity) }];
}

/**
 * A totals context: session `s1`, a guest, the sample line, flat shipping at 5.00 (class 9), no coupon, no
 * reward, in US dollars, with the default texts and 20 % VAT on class 9.
 */
export function sampleTotalsContext(overrides: Partial<TotalsContext> = {}): TotalsContext {
  const settings = sampleStoreSettings();
  const [usd] = settings.currencies;
  if (usd === undefined) throw new Error('the sample settings have no currency');
  return {
    sessionId: 's1',
    loggedInCustomerId: null,
    lines: [samplePricedLine()],
    shippingMethod: {
      code: 'flat.flat',
      name: 'Flat Shipping Rate',
      cost: money('5.00', 'USD'),
      taxClassId: 9,
    },
    coupon: null,
    couponProductIds: [],
    reward: 0,
    currency: usd,
    settings,
    messages: defaultMessages,
    taxesOn: sampleTaxesOn,
    ...overrides,
  };
}

/** A totals state: empty (the pipeline's start), or after a sub-total of `subTotal` in US dollars. */
export function sampleTotalsState(subTotal?: string): TotalsState {
  if (subTotal === undefined) return { lines: [], taxes: {}, total: zero('USD') };
  const value = money(subTotal, 'USD');
  return { lines: [{ code: 'sub_total', title: 'Sub-Total', value, sortOrder: 1 }], taxes: {}, total: value };
}
