/**
 * The rows of the product tables for the loader: products, their categories, options and values, discounts,
 * specials, rewards, and subscription plans.
 * @module
 */
import { CartwrightInvariantError } from '../../domain/errors.js';
import type { Product } from '../../domain/records/catalog.js';
import type { Money } from '../../money/index.js';
import type { TableName } from './identifiers.js';
import type { Row } from './order-rows.js';

/** The rows of a product's child tables, appended to `out`. */
export function productChildren(
  product: Product,
  amount: (value: Money) => string,
  out: Map<TableName, Row[]>,
) {
  const add = (table: TableName, row: Row): void => {
    out.get(table)?.push(row);
  };
  const { productId: product_id } = product;
  product.categoryIds.forEach((category_id, position) => {
    add('product_to_category', { product_id, category_id, position });
  });
  product.options.forEach((option, position) => {
    const { productOptionId: product_option_id } = option;
    add('product_option', {
      product_option_id,
      product_id,
      option_id: option.optionId,
      name: option.name,
      type: option.type,
      required: option.required,
      value: option.value,
      validation: option.validation,
      sort_order: option.sortOrder,
      position,
    });
    option.values.forEach((value, index) => {
      add('product_option_value', {
        product_option_value_id: value.productOptionValueId,
        product_option_id,
        product_id,
        option_value_id: value.optionValueId,
        name: value.name,
        quantity: value.quantity,
        subtract: value.subtract,
        price: amount(value.price),
        points: value.points,
        weight: value.weight,
        position: index,
      });
    });
  });
  product.discounts.forEach((d, position) => {
    add('product_discount', {
      product_id,
      customer_group_id: d.customerGroupId,
      quantity: d.quantity,
      priority: d.priority,
      type: d.type,
      // One column holds either figure, as OpenCart's does: the type says which it is.
      price: d.type === 'F' ? amount(d.price) : d.percent,
      date_start: d.dateStart,
      date_end: d.dateEnd,
      position,
    });
  });
  product.specials.forEach((s, position) => {
    add('product_special', {
      product_id,
      customer_group_id: s.customerGroupId,
      priority: s.priority,
      price: amount(s.price),
      date_start: s.dateStart,
      date_end: s.dateEnd,
      position,
    });
  });
  product.rewards.forEach((r, position) => {
    add('product_reward', { product_id, customer_group_id: r.customerGroupId, points: r.points, position });
  });
}

/** The product row itself. */
export function productRow(p: Product, amount: (value: Money) => string): Row {
  return {
    product_id: p.productId,
    master_id: p.masterId,
    name: p.name,
    model: p.model,
    description: p.description,
    image: p.image,
    manufacturer_id: p.manufacturerId,
    price: amount(p.price),
    quantity: p.quantity,
    minimum: p.minimum,
    maximum: p.maximum,
    subtract: p.subtract,
    shipping: p.shipping,
    points: p.points,
    tax_class_id: p.taxClassId,
    weight: p.weight,
    weight_class_id: p.weightClassId,
    length: p.length,
    width: p.width,
    height: p.height,
    length_class_id: p.lengthClassId,
    status: p.status,
    date_available: p.dateAvailable,
    sort_order: p.sortOrder,
  };
}

/**
 * The subscription plans of every product, once per plan id (products carry the plan per customer group), and
 * the product links. Two different definitions under one plan id cannot be stored and throw.
 */
export function subscriptionRows(
  products: Iterable<Product>,
  amount: (value: Money) => string,
  out: Map<TableName, Row[]>,
) {
  const plans = new Map<number, Row>();
  for (const product of products) {
    product.subscriptionPlans.forEach((plan, position) => {
      const row: Row = {
        subscription_plan_id: plan.subscriptionPlanId,
        name: plan.name,
        status: plan.status,
        price: amount(plan.price),
        frequency: plan.frequency,
        cycle: plan.cycle,
        duration: plan.duration,
        trial_status: plan.trialStatus,
        trial_price: amount(plan.trialPrice),
        trial_frequency: plan.trialFrequency,
        trial_cycle: plan.trialCycle,
        trial_duration: plan.trialDuration,
      };
      const known = plans.get(plan.subscriptionPlanId);
      if (known === undefined) plans.set(plan.subscriptionPlanId, row);
      else if (JSON.stringify(known) !== JSON.stringify(row)) {
        throw new CartwrightInvariantError(
          `postgres: subscription plan ${plan.subscriptionPlanId} has two different definitions`,
        );
      }
      out.get('product_subscription')?.push({
        product_id: product.productId,
        subscription_plan_id: plan.subscriptionPlanId,
        customer_group_id: plan.customerGroupId,
        position,
      });
    });
  }
  out.set('subscription_plan', [...plans.values()]);
}
