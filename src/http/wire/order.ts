/**
 * The wire shape of a stored order with its history. Amounts are in the order's own currency (`currency_code`)
 * at the rate it was confirmed with (`currency_value`), as the customer saw them.
 * @module
 */
import * as z from 'zod';
import { cartOptionWire } from './cart.js';

/** Custom field values by id: a value id or text, or a list of them. */
const customFieldWire = z.record(z.string(), z.union([z.string(), z.array(z.string()).readonly()]));

/** The order's customer. */
export const orderCustomerWire = z.object({
  customer_id: z.int(),
  customer_group_id: z.int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  telephone: z.string(),
  custom_field: customFieldWire,
});

/** A payment or shipping address of the order. */
export const orderAddressWire = z.object({
  address_id: z.int(),
  firstname: z.string(),
  lastname: z.string(),
  company: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  city: z.string(),
  postcode: z.string(),
  country_id: z.int(),
  country: z.string(),
  iso_code_2: z.string(),
  iso_code_3: z.string(),
  zone_id: z.int(),
  zone: z.string(),
  zone_code: z.string(),
  address_format: z.string(),
  custom_field: customFieldWire,
});

/** The subscription of an ordered product. */
const orderSubscriptionWire = z.object({
  subscription_plan_id: z.int(),
  name: z.string(),
  trial_status: z.boolean(),
  trial_price: z.number(),
  trial_tax: z.number(),
  trial_frequency: z.string(),
  trial_cycle: z.int(),
  trial_duration: z.int(),
  price: z.number(),
  tax: z.number(),
  frequency: z.string(),
  cycle: z.int(),
  duration: z.int(),
});

/** An ordered product. */
export const orderProductWire = z.object({
  product_id: z.int(),
  master_id: z.int(),
  name: z.string(),
  model: z.string(),
  quantity: z.int(),
  price: z.number(),
  total: z.number(),
  tax: z.number(),
  reward: z.int(),
  // An ordered option has the fields of a cart line's.
  option: z.array(cartOptionWire),
  subscription: orderSubscriptionWire.nullable(),
});

/** A status change of the order. */
export const orderHistoryWire = z.object({
  order_history_id: z.int(),
  order_status_id: z.int(),
  comment: z.string(),
  notify: z.boolean(),
  date_added: z.string(),
});

/** A stored order with its history. */
export const orderWire = z.object({
  order_id: z.int(),
  order_status_id: z.int(),
  invoice_prefix: z.string(),
  store_id: z.int(),
  store_name: z.string(),
  store_url: z.string(),
  customer: orderCustomerWire,
  payment_address: orderAddressWire.nullable(),
  shipping_address: orderAddressWire.nullable(),
  payment_method: z.object({ name: z.string(), code: z.string() }).nullable(),
  shipping_method: z
    .object({ name: z.string(), code: z.string(), cost: z.number(), tax_class_id: z.int() })
    .nullable(),
  products: z.array(orderProductWire),
  totals: z.array(
    z.object({
      code: z.string(),
      title: z.string(),
      value: z.number(),
      text: z.string(),
      sort_order: z.int(),
    }),
  ),
  taxes: z.array(z.object({ tax_rate_id: z.int(), name: z.string(), amount: z.number() })),
  total: z.number(),
  comment: z.string(),
  coupon: z.string(),
  reward: z.int(),
  affiliate_id: z.int(),
  commission: z.number(),
  language_code: z.string(),
  currency_code: z.string(),
  currency_value: z.number(),
  ip: z.string(),
  forwarded_ip: z.string(),
  user_agent: z.string(),
  accept_language: z.string(),
  date_added: z.string(),
  date_modified: z.string(),
  history: z.array(orderHistoryWire),
});

/** `order_info`'s answer. */
export const orderAnswerWire = z.object({ order: orderWire });

/** A stored order with its history. */
export type OrderJson = z.output<typeof orderWire>;
