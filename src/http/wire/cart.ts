/**
 * The wire shapes of cart lines and total lines (OpenCart's Cart line and Total line): ids and quantities
 * integers, flags booleans, money numbers in the session currency plus formatted texts where OpenCart has them.
 * The presenters build these shapes and the OpenAPI document describes them, so the two cannot drift apart.
 * @module
 */
import * as z from 'zod';

/** A chosen option of a cart line. */
export const cartOptionWire = z.object({
  product_option_id: z.int(),
  product_option_value_id: z.int(),
  option_id: z.int(),
  option_value_id: z.int(),
  name: z.string(),
  value: z.string(),
  type: z.string(),
});

/** OpenCart's subscription object of a cart line. */
export const cartSubscriptionWire = z.object({
  subscription_plan_id: z.int(),
  name: z.string(),
  trial_status: z.boolean(),
  trial_price: z.number(),
  trial_price_text: z.string(),
  trial_cycle: z.int(),
  trial_frequency: z.string(),
  trial_duration: z.int(),
  price: z.number(),
  price_text: z.string(),
  cycle: z.int(),
  frequency: z.string(),
  duration: z.int(),
});

/** OpenCart's Cart line: `price` and `total` net, in the session currency. */
export const cartLineWire = z.object({
  cart_id: z.string(),
  product_id: z.int(),
  name: z.string(),
  model: z.string(),
  option: z.array(cartOptionWire),
  subscription: cartSubscriptionWire.nullable(),
  subscription_plan_id: z.int(),
  quantity: z.int(),
  minimum: z.int(),
  maximum: z.int(),
  stock: z.boolean(),
  subtract: z.boolean(),
  price: z.number(),
  total: z.number(),
  reward: z.int(),
  image: z.string(),
  weight: z.number(),
  weight_class: z.string(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  length_class: z.string(),
  recurring: z.string(),
  tax_class_id: z.int(),
});

/** OpenCart's Total line: `value` in the session currency, `text` as the customer reads it. */
export const totalLineWire = z.object({
  code: z.string(),
  title: z.string(),
  value: z.number(),
  text: z.string(),
  sort_order: z.int(),
});

/** A chosen option of a cart line. */
export type CartOptionJson = z.output<typeof cartOptionWire>;
/** OpenCart's subscription object of a cart line. */
export type CartSubscriptionJson = z.output<typeof cartSubscriptionWire>;
/** OpenCart's Cart line. */
export type CartLineJson = z.output<typeof cartLineWire>;
/** OpenCart's Total line. */
export type TotalLineJson = z.output<typeof totalLineWire>;
