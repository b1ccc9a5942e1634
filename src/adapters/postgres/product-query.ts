/**
 * Reading whole products in one statement: every product row with its categories, options and values,
 * discounts, specials, rewards and subscription plans, aggregated as JSON.
 * @module
 */
import type {
  DiscountType,
  FixedPriceDiscount,
  Product,
  ProductDiscount,
  ProductOption,
  ProductOptionValue,
  ProductSpecial,
  SubscriptionPlan,
} from '../../domain/records/catalog.js';
import type { Tables } from './identifiers.js';
import { isoDate, toMoney } from './values.js';

/** SQL: a JSON array aggregate that is `[]`, not NULL, over no rows. */
const jsonList = (select: string) => `COALESCE((${select}), '[]'::json)`;

/** The statement reading the products whose ids are in `$1` (an `int[]`), one JSON `record` per row. */
export function productsStatement(t: Tables): string {
  const values = `SELECT json_agg(json_build_object(
      'productOptionValueId', v.product_option_value_id, 'optionValueId', v.option_value_id, 'name', v.name,
      'quantity', v.quantity, 'subtract', v.subtract, 'price', v.price::text, 'points', v.points,
      'weight', v.weight::text
    ) ORDER BY v.position, v.product_option_value_id)
    FROM ${t.product_option_value} v WHERE v.product_option_id = o.product_option_id`;
  const options = `SELECT json_agg(json_build_object(
      'productOptionId', o.product_option_id, 'optionId', o.option_id, 'name', o.name, 'type', o.type,
      'required', o.required, 'value', o.value, 'validation', o.validation, 'sortOrder', o.sort_order,
      'values', ${jsonList(values)}
    ) ORDER BY o.position, o.product_option_id)
    FROM ${t.product_option} o WHERE o.product_id = p.product_id`;
  const discounts = `SELECT json_agg(json_build_object(
      'customerGroupId', d.customer_group_id, 'quantity', d.quantity, 'priority', d.priority,
      'type', d.type, 'price', d.price::text, 'dateStart', ${isoDate('d.date_start')}, 'dateEnd', ${isoDate('d.date_end')}
    ) ORDER BY d.position, d.product_discount_id)
    FROM ${t.product_discount} d WHERE d.product_id = p.product_id`;
  const specials = `SELECT json_agg(json_build_object(
      'customerGroupId', s.customer_group_id, 'priority', s.priority, 'price', s.price::text,
      'dateStart', ${isoDate('s.date_start')}, 'dateEnd', ${isoDate('s.date_end')}
    ) ORDER BY s.position, s.product_special_id)
    FROM ${t.product_special} s WHERE s.product_id = p.product_id`;
  const rewards = `SELECT json_agg(json_build_object('customerGroupId', r.customer_group_id, 'points', r.points)
      ORDER BY r.position, r.product_reward_id)
    FROM ${t.product_reward} r WHERE r.product_id = p.product_id`;
  const plans = `SELECT json_agg(json_build_object(
      'subscriptionPlanId', sp.subscription_plan_id, 'customerGroupId', ps.customer_group_id, 'name', sp.name,
      'status', sp.status, 'price', sp.price::text, 'frequency', sp.frequency, 'cycle', sp.cycle,
      'duration', sp.duration, 'trialStatus', sp.trial_status, 'trialPrice', sp.trial_price::text,
      'trialFrequency', sp.trial_frequency, 'trialCycle', sp.trial_cycle, 'trialDuration', sp.trial_duration
    ) ORDER BY ps.position, ps.subscription_plan_id, ps.customer_group_id)
    FROM ${t.product_subscription} ps JOIN ${t.subscription_plan} sp USING (subscription_plan_id)
    WHERE ps.product_id = p.product_id`;
  const categories = `SELECT json_agg(c.category_id ORDER BY c.position, c.category_id)
    FROM ${t.product_to_category} c WHERE c.product_id = p.product_id`;
  return `SELECT json_build_object(
      'productId', p.product_id, 'masterId', p.master_id, 'name', p.name, 'model', p.model,
      'description', p.description, 'image', p.image, 'manufacturerId', p.manufacturer_id,
      'price', p.price::text, 'quantity', p.quantity, 'minimum', p.minimum, 'maximum', p.maximum,
      'subtract', p.subtract, 'shipping', p.shipping, 'points', p.points, 'taxClassId', p.tax_class_id,
      'weight', p.weight::text, 'weightClassId', p.weight_class_id, 'length', p.length::text,
      'width', p.width::text, 'height', p.height::text, 'lengthClassId', p.length_class_id,
      'status', p.status, 'dateAvailable', ${isoDate('p.date_available')}, 'sortOrder', p.sort_order,
      'categoryIds', ${jsonList(categories)},
      'options', ${jsonList(options)},
      'discounts', ${jsonList(discounts)},
      'specials', ${jsonList(specials)},
      'rewards', ${jsonList(rewards)},
      'subscriptionPlans', ${jsonList(plans)}
    ) AS record
    FROM ${t.product} p
    WHERE p.product_id = ANY($1::int[])`;
}

/** A record as the statement builds it: every amount still a NUMERIC string. */
type Stored<T, K extends keyof T> = Omit<T, K> & { readonly [P in K]: string };

type StoredValue = Stored<ProductOptionValue, 'price'>;
type StoredOption = Omit<ProductOption, 'values'> & { readonly values: readonly StoredValue[] };
type StoredPlan = Stored<SubscriptionPlan, 'price' | 'trialPrice'>;
/** A discount row: `price` is the amount of a fixed price or the figure of a percentage, as `type` says. */
type StoredDiscount = Omit<FixedPriceDiscount, 'type' | 'price'> & {
  readonly type: DiscountType;
  readonly price: string;
};

/** A product as the statement builds it. */
export type StoredProduct = Omit<
  Stored<Product, 'price'>,
  'options' | 'discounts' | 'specials' | 'subscriptionPlans'
> & {
  readonly options: readonly StoredOption[];
  readonly discounts: readonly StoredDiscount[];
  readonly specials: readonly Stored<ProductSpecial, 'price'>[];
  readonly subscriptionPlans: readonly StoredPlan[];
};

/** The discount record of a stored row: a fixed price in `currency`, or a percentage. */
function toDiscount(stored: StoredDiscount, currency: string): ProductDiscount {
  const { price, type, ...terms } = stored;
  return type === 'F'
    ? { ...terms, type, price: toMoney(price, currency) }
    : { ...terms, type, percent: price };
}

/** The product record of a stored product, amounts in `currency`. */
export function toProduct(stored: StoredProduct, currency: string): Product {
  const priced = <T extends { readonly price: string }>(row: T) => ({
    ...row,
    price: toMoney(row.price, currency),
  });
  return {
    ...stored,
    price: toMoney(stored.price, currency),
    options: stored.options.map((option) => ({ ...option, values: option.values.map(priced) })),
    discounts: stored.discounts.map((discount) => toDiscount(discount, currency)),
    specials: stored.specials.map(priced),
    subscriptionPlans: stored.subscriptionPlans.map((plan) => ({
      ...plan,
      price: toMoney(plan.price, currency),
      trialPrice: toMoney(plan.trialPrice, currency),
    })),
  };
}
