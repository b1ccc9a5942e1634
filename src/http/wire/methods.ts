/**
 * The wire shapes of the method steps' offers: shipping quote groups and payment method entries, keyed by
 * method code.
 * @module
 */
import * as z from 'zod';
import { droppedWire } from './steps.js';

/** One shipping quote: `cost` a number in the session currency, `text` as the customer reads it. */
export const shippingQuoteWire = z.object({
  code: z.string(),
  name: z.string(),
  cost: z.number(),
  tax_class_id: z.int(),
  text: z.string(),
});

/**
 * One shipping method's quotes. `title` is OpenCart's name for the method's label; `code` and `name` are
 * OpenCart 4.1's, which its clients read.
 */
export const shippingMethodWire = z.object({
  code: z.string(),
  name: z.string(),
  title: z.string(),
  quote: z.record(z.string(), shippingQuoteWire),
  sort_order: z.int(),
  error: z.boolean(),
});

/** One payment method and its options. */
export const paymentMethodWire = z.object({
  code: z.string(),
  name: z.string(),
  option: z.record(z.string(), z.object({ code: z.string(), name: z.string() })),
  sort_order: z.int(),
});

/** The shipping methods on offer, by code. */
export const shippingMethodsWire = z.object({
  shipping_methods: z.record(z.string(), shippingMethodWire),
  dropped: droppedWire,
});

/** The payment methods on offer, by code. */
export const paymentMethodsWire = z.object({
  payment_methods: z.record(z.string(), paymentMethodWire),
  dropped: droppedWire,
});

/** One shipping quote. */
export type ShippingQuoteJson = z.output<typeof shippingQuoteWire>;
/** One shipping method's quotes. */
export type ShippingMethodJson = z.output<typeof shippingMethodWire>;
/** One payment method and its options. */
export type PaymentMethodJson = z.output<typeof paymentMethodWire>;
