/**
 * Money for cartwright: immutable plain values `{ amount, currency }` with canonical decimal-string amounts,
 * exact arithmetic, rounding only where asked and with a named tie rule, and deterministic formatting.
 * decimal.js stays private to this folder; nothing here exposes its types.
 * @module
 */
export { add } from './add.js';
export { allocate } from './allocate.js';
export { compare, equals, isNegative, isPositive, isZero, maximum, minimum } from './compare.js';
export { type Currency, convert, findCurrency } from './currency.js';
export { divide } from './divide.js';
export { type FormatOptions, formatMoney, toDisplayNumber } from './format.js';
export { convertMeasure, sumMeasures } from './measure.js';
export { fromMinorUnits, isoMinorUnitExponent, toMinorUnits } from './minor-units.js';
export {
  isCanonicalAmount,
  isCurrencyCode,
  isMoney,
  type Money,
  money,
  moneyFromJSON,
  parseAmount,
  zero,
} from './money.js';
export { multiply } from './multiply.js';
export { negate } from './negate.js';
export { percent } from './percent.js';
export { isRoundingMode, type RoundingMode, round, roundingModes } from './rounding.js';
export { subtract } from './subtract.js';
export { sum } from './sum.js';
