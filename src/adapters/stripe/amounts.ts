/**
 * Amounts as Stripe takes them: a whole number of the currency's smallest unit, with Stripe's own rules, and
 * never rounded: an amount Stripe cannot take exactly is refused.
 * @module
 */
import { fromMinorUnits, type Money, toMinorUnits } from '../../money/index.js';

/** Currencies Stripe takes in whole units (`1000` JPY is ¥1,000). */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** Currencies Stripe takes in thousandths, whose last digit must be 0 (5.124 KWD cannot be charged). */
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** The exponent of Stripe's unit for `currency` (ISK is taken in hundredths, in whole krónur only). */
export function stripeExponent(currency: string): number {
  if (ZERO_DECIMAL.has(currency)) return 0;
  return THREE_DECIMAL.has(currency) ? 3 : 2;
}

/** The step Stripe's units must be a multiple of in `currency`. */
function stripeStep(currency: string): number {
  if (THREE_DECIMAL.has(currency)) return 10;
  return currency === 'ISK' ? 100 : 1;
}

/** `m` as Stripe's `amount` and `currency`, or why Stripe cannot take it exactly. */
export function toStripeAmount(
  m: Money,
): { readonly amount: number; readonly currency: string } | { readonly refused: string } {
  const units = toMinorUnits(m, stripeExponent(m.currency));
  if (units === undefined || units % stripeStep(m.currency) !== 0) {
    return { refused: `${m.amount} ${m.currency} cannot be taken exactly by Stripe` };
  }
  if (units < 0) return { refused: `${m.amount} ${m.currency} is below zero` };
  return { amount: units, currency: m.currency.toLowerCase() };
}

/** Stripe's `amount` in `currency` (any case) as Money. */
export function fromStripeAmount(units: number, currency: string): Money {
  const code = currency.toUpperCase();
  return fromMinorUnits(units, stripeExponent(code), code);
}
