/**
 * What the `handling` and `low_order_fee` steps share: a fixed fee from the store's settings, added when the
 * cart's net sub-total passes the step's test, and taxed by the fee's tax class (OpenCart's `total/handling` and
 * `total/low_order_fee`).
 * @module
 */
import { add, type Money, sum } from '../../../money/index.js';
import { type MessageId, messageText } from '../../messages.js';
import type { FeeTotalConfig } from '../../settings/extension-config.js';
import type { TotalCalculator, TotalsContext, TotalsState } from './calculator.js';
import { addTaxes } from './shipping.js';
import { chargeLateTaxes } from './tax.js';

/** How a fee step is built besides its settings. */
export interface FeeOptions {
  /**
   * True when the step runs after the `tax` step (a larger sort order, as OpenCart's and the demo's 6 and 8 after
   * tax's 5). The fee then charges its own taxes as `tax` lines at its sort order, since the `tax` step has
   * already turned the taxes into lines; OpenCart leaves them in the taxes, uncharged. Default false: the fee
   * only adds its taxes to the taxes, for the `tax` step to charge.
   */
  readonly afterTax?: boolean;
}

/** What distinguishes one fee step from the other. */
export interface FeeRule {
  /** The total code of the step and its line. */
  readonly code: string;
  /** The text of the line's title. */
  readonly title: MessageId;
  /** Whether the fee is due on a cart of this net sub-total. */
  readonly due: (subTotal: Money, config: FeeTotalConfig) => boolean;
}

/** The cart's net sub-total (what OpenCart's fees test: the lines, not the running total). */
function cartSubTotal(context: Pick<TotalsContext, 'lines'>, currency: string): Money {
  return sum(
    context.lines.map((line) => line.total),
    currency,
  );
}

/** The state with the fee added and its taxes added (and charged, when the `tax` step is past). */
function addFee(
  state: TotalsState,
  context: TotalsContext,
  rule: FeeRule,
  config: FeeTotalConfig,
  afterTax: boolean,
): TotalsState {
  const title = messageText(context.messages, rule.title);
  const line = { code: rule.code, title, value: config.fee, sortOrder: config.sortOrder };
  const withFee = { ...state, lines: [...state.lines, line], total: add(state.total, config.fee) };
  const taxes = config.taxClassId === 0 ? [] : context.taxesOn(config.fee, config.taxClassId, 1);
  return afterTax
    ? chargeLateTaxes(withFee, taxes, config.sortOrder)
    : { ...withFee, taxes: addTaxes(state.taxes, taxes) };
}

/** A fee step from its rule and settings; it names its tax class so the engine reads that class's rates. */
export function createFeeCalculator(
  rule: FeeRule,
  config: FeeTotalConfig,
  options: FeeOptions = {},
): TotalCalculator {
  return {
    code: rule.code,
    sortOrder: config.sortOrder,
    taxClassIds: config.taxClassId === 0 ? [] : [config.taxClassId],
    apply(state, context) {
      if (!rule.due(cartSubTotal(context, state.total.currency), config)) return state;
      return addFee(state, context, rule, config, options.afterTax === true);
    },
  };
}
