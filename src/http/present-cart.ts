/**
 * Cart lines and total lines in the seed's JSON shapes (seed: Cart line, Total line; DECISIONS 34): ids and
 * quantities integers, flags booleans, money numbers in the session currency plus formatted texts where the seed
 * has them. A line's `total` is its `price` as shown times its quantity (the sub-total adds exactly these).
 * Built field by field, so nothing of the domain records leaks.
 * @module
 */
import type { LineSubscription, PricedCartLine, PricedOption } from '../domain/cart/line.js';
import type { TotalLine } from '../ports/total-calculator.js';
import type { MoneyPresenter } from './present-money.js';

/** A chosen option of a cart line. */
export interface CartOptionJson {
  readonly product_option_id: number;
  readonly product_option_value_id: number;
  readonly option_id: number;
  readonly option_value_id: number;
  readonly name: string;
  readonly value: string;
  readonly type: string;
}

/** The seed's subscription object of a cart line. */
export interface CartSubscriptionJson {
  readonly subscription_plan_id: number;
  readonly name: string;
  readonly trial_status: boolean;
  readonly trial_price: number;
  readonly trial_price_text: string;
  readonly trial_cycle: number;
  readonly trial_frequency: string;
  readonly trial_duration: number;
  readonly price: number;
  readonly price_text: string;
  readonly cycle: number;
  readonly frequency: string;
  readonly duration: number;
}

/** The seed's Cart line. */
export interface CartLineJson {
  readonly cart_id: string;
  readonly product_id: number;
  readonly name: string;
  readonly model: string;
  readonly option: readonly CartOptionJson[];
  readonly subscription: CartSubscriptionJson | null;
  readonly subscription_plan_id: number;
  readonly quantity: number;
  readonly minimum: number;
  readonly maximum: number;
  readonly stock: boolean;
  readonly subtract: boolean;
  readonly price: number;
  readonly total: number;
  readonly reward: number;
  readonly image: string;
  readonly weight: number;
  readonly weight_class: string;
  readonly length: number;
  readonly width: number;
  readonly height: number;
  readonly length_class: string;
  readonly recurring: string;
  readonly tax_class_id: number;
}

/** The seed's Total line. */
export interface TotalLineJson {
  readonly code: string;
  readonly title: string;
  readonly value: number;
  readonly text: string;
  readonly sort_order: number;
}

/** A chosen option, field by field. */
function presentOption(option: PricedOption): CartOptionJson {
  return {
    product_option_id: option.product_option_id,
    product_option_value_id: option.product_option_value_id,
    option_id: option.option_id,
    option_value_id: option.option_value_id,
    name: option.name,
    value: option.value,
    type: option.type,
  };
}

/** A subscription with its prices as numbers and texts. */
function presentSubscription(plan: LineSubscription, money: MoneyPresenter): CartSubscriptionJson {
  return {
    subscription_plan_id: plan.subscription_plan_id,
    name: plan.name,
    trial_status: plan.trial_status,
    trial_price: money.amount(plan.trial_price),
    trial_price_text: money.text(plan.trial_price),
    trial_cycle: plan.trial_cycle,
    trial_frequency: plan.trial_frequency,
    trial_duration: plan.trial_duration,
    price: money.amount(plan.price),
    price_text: money.text(plan.price),
    cycle: plan.cycle,
    frequency: plan.frequency,
    duration: plan.duration,
  };
}

/** A decimal measure (weight, length) as a JSON number. */
function measure(value: string): number {
  const number = Number(value);
  return Number.isFinite(number) ? number : 0;
}

/** One cart line in the seed's shape. */
export function presentCartLine(line: PricedCartLine, money: MoneyPresenter): CartLineJson {
  return {
    cart_id: line.cart_id,
    product_id: line.product_id,
    name: line.name,
    model: line.model,
    option: line.option.map(presentOption),
    subscription: line.subscription === null ? null : presentSubscription(line.subscription, money),
    subscription_plan_id: line.subscription_plan_id,
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
    weight_class: line.weight_class,
    length: measure(line.length),
    width: measure(line.width),
    height: measure(line.height),
    length_class: line.length_class,
    recurring: line.recurring,
    tax_class_id: line.tax_class_id,
  };
}

/** One total line in the seed's shape. */
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
