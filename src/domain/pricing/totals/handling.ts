/**
 * The `handling` step (OpenCart's `total/handling`): a handling fee on carts whose net sub-total is above the
 * configured threshold (strictly, and above zero). `FeeTotalConfig`'s "below `total`" describes the low order
 * fee only.
 * @module
 */
import { compare, isPositive } from '../../../money/index.js';
import type { FeeTotalConfig } from '../../settings/extension-config.js';
import type { TotalCalculator } from './calculator.js';
import { createFeeCalculator, type FeeOptions, type FeeRule } from './fee.js';

/** Handling is due when the net sub-total is above zero and above `config.total`. */
export const handlingRule: FeeRule = {
  code: 'handling',
  title: 'total.handling',
  due: (subTotal, config) => isPositive(subTotal) && compare(subTotal, config.total) > 0,
};

/** The `handling` step from its settings (fee, threshold, tax class, sort order). */
export function createHandlingCalculator(config: FeeTotalConfig, options: FeeOptions = {}): TotalCalculator {
  return createFeeCalculator(handlingRule, config, options);
}
