/**
 * The `low_order_fee` step (OpenCart's `total/low_order_fee`): a fee on carts whose net sub-total is below the
 * configured threshold. An empty cart (sub-total zero) pays none.
 * @module
 */
import { compare, isZero } from '../../../money/index.js';
import type { FeeTotalConfig } from '../../settings/extension-config.js';
import type { TotalCalculator } from './calculator.js';
import { createFeeCalculator, type FeeOptions, type FeeRule } from './fee.js';

/** The low order fee is due when the net sub-total is not zero and below `config.total`. */
export const lowOrderFeeRule: FeeRule = {
  code: 'low_order_fee',
  title: 'total.low_order_fee',
  due: (subTotal, config) => !isZero(subTotal) && compare(subTotal, config.total) < 0,
};

/** The `low_order_fee` step from its settings (fee, threshold, tax class, sort order). */
export function createLowOrderFeeCalculator(
  config: FeeTotalConfig,
  options: FeeOptions = {},
): TotalCalculator {
  return createFeeCalculator(lowOrderFeeRule, config, options);
}
