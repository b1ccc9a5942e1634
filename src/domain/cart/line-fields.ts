/**
 * The descriptive fields of a priced cart line: the chosen options, the subscription plan and the line weight.
 * @module
 */
import type { CartOptionValue } from '../machine/session.js';
import {
  type IndexedOption,
  type OptionSurcharge,
  type ProductIndex,
  productIndex,
  sumDecimals,
  valuesChosen,
} from '../pricing/line-choice.js';
import { multiplyDecimal, optionSurcharge } from '../pricing/unit-price.js';
import type { Product, ProductOption, SubscriptionPlan } from '../records/catalog.js';
import type { LineOption, LineSubscription } from './line.js';

/** One chosen option of a line (written out, not spread: this runs for every option of every line). */
function optionEntry(
  option: ProductOption,
  valueId: number,
  optionValueId: number,
  value: string,
): LineOption {
  return {
    productOptionId: option.productOptionId,
    productOptionValueId: valueId,
    optionId: option.optionId,
    optionValueId,
    name: option.name,
    value,
    type: option.type,
  };
}

/** Adds the entries of one chosen option: one per chosen value, or one holding the text of a free-text type. */
function addEntries(entries: LineOption[], indexed: IndexedOption, chosen: CartOptionValue): void {
  const { option } = indexed;
  if (indexed.listed) {
    for (const value of valuesChosen(indexed, chosen))
      entries.push(optionEntry(option, value.productOptionValueId, value.optionValueId, value.name));
  } else if (typeof chosen === 'string') {
    entries.push(optionEntry(option, 0, 0, chosen));
  }
}

/**
 * The chosen options of a line: for select and radio the chosen value (its name as `value`), for checkbox one
 * entry per chosen value, for the free-text types one entry with value ids 0 and the text as `value`. In
 * ascending `productOptionId` order (the canonical key order); keys that name no option of the product and values
 * no longer on the option are left out, as OpenCart drops them. `index`: the product's, when the caller indexed it
 * already.
 */
export function lineOptions(
  product: Product,
  options: Readonly<Record<string, CartOptionValue>>,
  index: ProductIndex = productIndex(product),
): readonly LineOption[] {
  const entries: LineOption[] = [];
  for (const indexed of index.ascending) {
    if (!Object.hasOwn(options, indexed.key)) continue;
    const chosen = options[indexed.key];
    if (chosen !== undefined) addEntries(entries, indexed, chosen);
  }
  return entries;
}

/** The subscription of a line priced by `plan`: the plan's terms, without its customer group and status. */
export function lineSubscription(plan: SubscriptionPlan): LineSubscription {
  return {
    subscriptionPlanId: plan.subscriptionPlanId,
    name: plan.name,
    trialStatus: plan.trialStatus,
    trialPrice: plan.trialPrice,
    trialCycle: plan.trialCycle,
    trialFrequency: plan.trialFrequency,
    trialDuration: plan.trialDuration,
    price: plan.price,
    cycle: plan.cycle,
    frequency: plan.frequency,
    duration: plan.duration,
  };
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
