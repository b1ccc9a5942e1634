/**
 * The descriptive fields of a priced cart line in the seed's shape: the chosen options, the subscription object,
 * the `recurring` description and the line weight.
 * @module
 */
import { type Money, round } from '../../money/index.js';
import type { CartOptionValue } from '../machine/session.js';
import {
  type IndexedOption,
  type OptionSurcharge,
  productIndex,
  sumDecimals,
  valuesChosen,
} from '../pricing/line-choice.js';
import { multiplyDecimal, optionSurcharge } from '../pricing/unit-price.js';
import type { Product, ProductOption, SubscriptionFrequency, SubscriptionPlan } from '../records/catalog.js';
import type { LineSubscription, PricedOption } from './line.js';

/** One entry of the seed's `option` array (written out, not spread: this runs for every option of every line). */
function optionEntry(
  option: ProductOption,
  valueId: number,
  optionValueId: number,
  value: string,
): PricedOption {
  return {
    product_option_id: option.productOptionId,
    option_id: option.optionId,
    name: option.name,
    product_option_value_id: valueId,
    option_value_id: optionValueId,
    value,
    type: option.type,
  };
}

/** The entries of one chosen option: one per chosen value, or one holding the text of a free-text type. */
function optionEntries(indexed: IndexedOption, chosen: CartOptionValue): readonly PricedOption[] {
  const { option } = indexed;
  if (indexed.listed) {
    return valuesChosen(indexed, chosen).map((value) =>
      optionEntry(option, value.productOptionValueId, value.optionValueId, value.name),
    );
  }
  if (typeof chosen !== 'string') return [];
  return [optionEntry(option, 0, 0, chosen)];
}

/** The keys of an options record in ascending numeric order (canonical records have them so already). */
function ascendingKeys(options: Readonly<Record<string, CartOptionValue>>): string[] {
  const keys = Object.keys(options);
  for (let i = 1; i < keys.length; i += 1) {
    if (Number(keys[i - 1]) > Number(keys[i])) return keys.sort((a, b) => Number(a) - Number(b));
  }
  return keys;
}

/**
 * The seed's `option` array of a line: for select and radio the chosen value (its name as `value`), for checkbox
 * one entry per chosen value, for the free-text types one entry with value ids 0 and the text as `value`. In
 * ascending `product_option_id` order (the canonical key order); values no longer on the option are left out,
 * as OpenCart drops them.
 */
export function pricedOptions(
  product: Product,
  options: Readonly<Record<string, CartOptionValue>>,
): readonly PricedOption[] {
  const { byKey } = productIndex(product);
  const entries: PricedOption[] = [];
  for (const key of ascendingKeys(options)) {
    const indexed = byKey.get(key);
    const chosen = options[key];
    if (indexed === undefined || chosen === undefined) continue;
    for (const entry of optionEntries(indexed, chosen)) entries.push(entry);
  }
  return entries;
}

/** The seed's subscription object for a line priced by `plan`. */
export function lineSubscription(plan: SubscriptionPlan): LineSubscription {
  return {
    subscription_plan_id: plan.subscriptionPlanId,
    name: plan.name,
    trial_status: plan.trialStatus,
    trial_price: plan.trialPrice,
    trial_cycle: plan.trialCycle,
    trial_frequency: plan.trialFrequency,
    trial_duration: plan.trialDuration,
    price: plan.price,
    cycle: plan.cycle,
    frequency: plan.frequency,
    duration: plan.duration,
  };
}

/** An amount as a plain string with 2 decimals (`"1.00"`), rounded half away from zero. */
function amountText(amount: Money): string {
  const text = round(amount, 2).amount;
  return text.slice(0, text.indexOf('.') + 3);
}

/** One period of a plan: OpenCart's `%s every %d %s(s) for %d payment(s)` or `… until canceled` (duration 0). */
function periodText(price: Money, cycle: number, frequency: SubscriptionFrequency, duration: number): string {
  const every = `${amountText(price)} every ${cycle} ${frequency.replace('_', '-')}(s)`;
  return duration > 0 ? `${every} for ${duration} payment(s)` : `${every} until canceled`;
}

/**
 * The `recurring` description of a line priced by `plan`, after OpenCart's `checkout/cart` patterns: the trial
 * period (when the plan has one) followed by `then` and the regular period, e.g.
 * `1.00 every 1 month(s) for 1 payment(s) then 10.00 every 1 month(s) for 10 payment(s)`. Amounts are the plain
 * amount in the catalog's currency with 2 decimals (no symbol: the line is not yet converted for display); the
 * frequency is the plan's code (`semi_month` reads `semi-month`). A display aid only: clients that need the
 * figures read the `subscription` object.
 */
export function recurringText(plan: SubscriptionPlan): string {
  const regular = periodText(plan.price, plan.cycle, plan.frequency, plan.duration);
  if (!plan.trialStatus) return regular;
  const trial = periodText(plan.trialPrice, plan.trialCycle, plan.trialFrequency, plan.trialDuration);
  return `${trial} then ${regular}`;
}

/**
 * The weight of a line: (product weight + chosen option weights) × `quantity`, exact, in the product's weight
 * class, with as many decimals as the most precise weight involved.
 */
export function lineWeight(
  product: Product,
  options: Readonly<Record<string, CartOptionValue>>,
  quantity: number,
): string {
  return weightWith(product, optionSurcharge(product, options), quantity);
}

/** {@link lineWeight} with what the line's options add to a unit already worked out. */
export function weightWith(product: Product, surcharge: OptionSurcharge, quantity: number): string {
  // Options that add no weight (`sumDecimals` of none is '0') leave the product's weight to be multiplied alone.
  const unit = surcharge.weight === '0' ? product.weight : sumDecimals([product.weight, surcharge.weight]);
  return multiplyDecimal(unit, quantity);
}
