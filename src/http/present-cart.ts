/**
 * Cart lines and total lines in OpenCart's JSON shapes (OpenCart: Cart line, Total line; their schemas are in
 * `wire/cart.ts`) from the engine's camelCase records: snake_case names, ids and quantities integers, flags
 * booleans, measures numbers, money numbers in the session currency plus formatted texts where OpenCart has them,
 * and the line's `recurring` description (the plan's terms as one line of text). A line's `total` is its `price` as shown times its quantity (the
 * sub-total adds exactly these). Built field by field, so nothing of the domain records leaks: the engine's
 * `points` and `shipping` stay out.
 * @module
 */
import type { LineOption, LineSubscription, PricedCartLine } from '../domain/cart/line.js';
import type { SubscriptionFrequency } from '../domain/records/catalog.js';
import { type Money, round } from '../money/index.js';
import type { TotalLine } from '../ports/total-calculator.js';
import type { MoneyPresenter } from './present-money.js';
import type { CartLineJson, CartOptionJson, CartSubscriptionJson, TotalLineJson } from './wire/cart.js';

/** A chosen option, field by field. */
function presentOption(option: LineOption): CartOptionJson {
  return {
    product_option_id: option.productOptionId,
    product_option_value_id: option.productOptionValueId,
    option_id: option.optionId,
    option_value_id: option.optionValueId,
    name: option.name,
    value: option.value,
    type: option.type,
  };
}

/** A subscription with its prices as numbers and texts. */
function presentSubscription(plan: LineSubscription, money: MoneyPresenter): CartSubscriptionJson {
  return {
    subscription_plan_id: plan.subscriptionPlanId,
    name: plan.name,
    trial_status: plan.trialStatus,
    trial_price: money.amount(plan.trialPrice),
    trial_price_text: money.text(plan.trialPrice),
    trial_cycle: plan.trialCycle,
    trial_frequency: plan.trialFrequency,
    trial_duration: plan.trialDuration,
    price: money.amount(plan.price),
    price_text: money.text(plan.price),
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
 * The `recurring` description of a line with `subscription` (`''` for a line without one), after OpenCart's
 * `checkout/cart` patterns: the trial period (when the plan has one) followed by `then` and the regular period,
 * e.g. `1.00 every 1 month(s) for 1 payment(s) then 10.00 every 1 month(s) for 10 payment(s)`. Amounts are the
 * plain amount in the catalog's currency with 2 decimals (no symbol: OpenCart does not convert it for display);
 * the frequency is the plan's code (`semi_month` reads `semi-month`). A display aid only: clients that need the
 * figures read the `subscription` object.
 */
export function recurringText(subscription: LineSubscription | null): string {
  if (subscription === null) return '';
  const { price, cycle, frequency, duration } = subscription;
  const regular = periodText(price, cycle, frequency, duration);
  if (!subscription.trialStatus) return regular;
  const trial = periodText(
    subscription.trialPrice,
    subscription.trialCycle,
    subscription.trialFrequency,
    subscription.trialDuration,
  );
  return `${trial} then ${regular}`;
}

/** A decimal measure (weight, length) as a JSON number. */
function measure(value: string): number {
  const number = Number(value);
  return Number.isFinite(number) ? number : 0;
}

/** One cart line in OpenCart's shape. */
export function presentCartLine(line: PricedCartLine, money: MoneyPresenter): CartLineJson {
  return {
    cart_id: line.cartId,
    product_id: line.productId,
    name: line.name,
    model: line.model,
    option: line.options.map(presentOption),
    subscription: line.subscription === null ? null : presentSubscription(line.subscription, money),
    subscription_plan_id: line.subscriptionPlanId,
    quantity: line.quantity,
    minimum: line.minimum,
    maximum: line.maximum,
    stock: line.stock,
    subtract: line.subtract,
    price: money.amount(line.price),
    total: money.lineTotal(line.price, line.quantity),
    reward: line.reward,
    image: line.image,
    weight: measure(line.weight),
    weight_class: line.weightClass,
    length: measure(line.length),
    width: measure(line.width),
    height: measure(line.height),
    length_class: line.lengthClass,
    recurring: recurringText(line.subscription),
    tax_class_id: line.taxClassId,
  };
}

/** One total line in OpenCart's shape. */
export function presentTotalLine(line: TotalLine, money: MoneyPresenter): TotalLineJson {
  return {
    code: line.code,
    title: line.title,
    value: money.amount(line.value),
    text: money.text(line.value),
    sort_order: line.sortOrder,
  };
}

/** Every cart line. */
export function presentCartLines(lines: readonly PricedCartLine[], money: MoneyPresenter): CartLineJson[] {
  return lines.map((line) => presentCartLine(line, money));
}

/** Every total line. */
export function presentTotalLines(lines: readonly TotalLine[], money: MoneyPresenter): TotalLineJson[] {
  return lines.map((line) => presentTotalLine(line, money));
}
