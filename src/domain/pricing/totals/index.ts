/**
 * The built-in total calculators and the pipeline that runs them.
 * @module
 */
import type { TotalCalculator } from './calculator.js';
import { readsOnlyContext } from './context-only.js';
import { couponCalculator } from './coupon.js';
import { rewardCalculator } from './reward.js';
import { shippingCalculator } from './shipping.js';
import { subTotalCalculator } from './sub-total.js';
import { taxCalculator } from './tax.js';
import { totalCalculator } from './total.js';

export { type BuiltinTotalsOptions, createTotalCalculators } from './builtins.js';
export { couponCalculator, createCouponCalculator } from './coupon.js';
export { type CreditHolder, type CreditSource, createCreditCalculator } from './credit.js';
export { createHandlingCalculator } from './handling.js';
export { createLowOrderFeeCalculator } from './low-order-fee.js';
export { presentTotals, runTotals } from './pipeline.js';
export { createRewardCalculator, rewardCalculator } from './reward.js';
export { addTaxes, shippingCalculator } from './shipping.js';
export { withSortOrder } from './sort-order.js';
export { subTotalCalculator } from './sub-total.js';
export { createTaxCalculator, taxCalculator } from './tax.js';
export { totalCalculator } from './total.js';

/**
 * The built-in calculators with OpenCart's default sort orders: sub_total 1, reward 2, shipping 3, coupon 4,
 * tax 5, total 9. Fees and store credit need settings: see `createTotalCalculators`.
 */
export const defaultTotalCalculators: readonly TotalCalculator[] = [
  subTotalCalculator,
  rewardCalculator,
  shippingCalculator,
  couponCalculator,
  taxCalculator,
  totalCalculator,
].map(readsOnlyContext);
