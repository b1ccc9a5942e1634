/**
 * Every built-in total calculator made from the store's total settings (OpenCart's `total_<code>_status` and
 * `total_<code>_sort_order`): the enabled ones, each at its configured sort order.
 * @module
 */

import type { FeeTotalConfig, TotalConfig, TotalExtensionsConfig } from '../../settings/extension-config.js';
import type { TotalCalculator } from './calculator.js';
import { readsOnlyContext } from './context-only.js';
import { createCouponCalculator } from './coupon.js';
import { type CreditSource, createCreditCalculator } from './credit.js';
import { createHandlingCalculator } from './handling.js';
import { createLowOrderFeeCalculator } from './low-order-fee.js';
import { createRewardCalculator } from './reward.js';
import { shippingCalculator } from './shipping.js';
import { runsBefore, withSortOrder } from './sort-order.js';
import { subTotalCalculator } from './sub-total.js';
import { createTaxCalculator } from './tax.js';
import { totalCalculator } from './total.js';

/** What the settings cannot say. */
export interface BuiltinTotalsOptions {
  /**
   * How a host opts in to store credit: the credit the session's logged-in customer chose to spend (see
   * {@link CreditSource}). Without it the `credit` step is left out even when enabled, since the engine never
   * spends credit unasked and has no request that asks. For example:
   *
   * ```ts
   * const chosen = new Map<string, { customerId: number; amount: Money }>(); // filled by the host's own route
   * const calculators = createTotalCalculators(data.extensions.totals, {
   *   credit: ({ sessionId, customerId }) => {
   *     const choice = chosen.get(sessionId);
   *     return choice?.customerId === customerId ? choice.amount : null;
   *   },
   * });
   * createCheckout({ ...ports, totalCalculators: calculators }, { settings });
   * ```
   */
  readonly credit?: CreditSource;
}

/** Whether a fee at `config`'s sort order runs after an enabled `tax` step (and so must charge its own tax). */
function feeAfterTax(code: string, config: FeeTotalConfig, tax: TotalConfig): boolean {
  return (
    tax.status && runsBefore({ code: 'tax', sortOrder: tax.sortOrder }, { code, sortOrder: config.sortOrder })
  );
}

/** Each built-in with its settings and how to make it; null when it cannot be made. */
function builtins(
  config: TotalExtensionsConfig,
  options: BuiltinTotalsOptions,
): (readonly [TotalConfig, () => TotalCalculator | null])[] {
  const { credit } = options;
  return [
    [config.sub_total, () => withSortOrder(subTotalCalculator, config.sub_total.sortOrder)],
    [config.reward, () => createRewardCalculator(config.reward.sortOrder)],
    [config.shipping, () => withSortOrder(shippingCalculator, config.shipping.sortOrder)],
    [config.coupon, () => createCouponCalculator(config.coupon.sortOrder)],
    [config.tax, () => createTaxCalculator(config.tax.sortOrder)],
    [
      config.handling,
      () =>
        createHandlingCalculator(config.handling, {
          afterTax: feeAfterTax('handling', config.handling, config.tax),
        }),
    ],
    [
      config.credit,
      () => (credit === undefined ? null : createCreditCalculator(config.credit.sortOrder, credit)),
    ],
    [
      config.low_order_fee,
      () =>
        createLowOrderFeeCalculator(config.low_order_fee, {
          afterTax: feeAfterTax('low_order_fee', config.low_order_fee, config.tax),
        }),
    ],
    [config.total, () => withSortOrder(totalCalculator, config.total.sortOrder)],
  ];
}

/**
 * The enabled built-in calculators at their configured sort orders, in the order they run. `credit` needs
 * `options.credit` (see {@link BuiltinTotalsOptions}); a fee sorted after `tax` charges its own tax lines.
 */
export function createTotalCalculators(
  config: TotalExtensionsConfig,
  options: BuiltinTotalsOptions = {},
): TotalCalculator[] {
  return builtins(config, options)
    .filter(([settings]) => settings.status)
    .map(([, make]) => make())
    .filter((calculator): calculator is TotalCalculator => calculator !== null)
    .map((calculator) => (calculator.code === 'credit' ? calculator : readsOnlyContext(calculator)))
    .sort((a, b) => a.sortOrder - b.sortOrder || a.code.localeCompare(b.code));
}
