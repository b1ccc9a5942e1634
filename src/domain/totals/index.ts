/**
 * The built-in total calculators and the pipeline that runs them.
 * @module
 */
import type { TotalCalculator } from '../../ports/total-calculator.js';
import { shippingCalculator } from './shipping.js';
import { subTotalCalculator } from './sub-total.js';
import { totalCalculator } from './total.js';

export { presentTotals, runTotals } from './pipeline.js';
export { addTaxes, shippingCalculator } from './shipping.js';
export { subTotalCalculator } from './sub-total.js';
export { totalCalculator } from './total.js';

/** The built-in calculators, in sort order. */
export const defaultTotalCalculators: readonly TotalCalculator[] = [
  subTotalCalculator,
  shippingCalculator,
  totalCalculator,
];
