/**
 * The wire shapes of what steps answer: OpenCart's `success`, after the method and extension steps its
 * `products`, `totals` and `shipping_required`, and `dropped` when a step made a chosen method stale.
 * @module
 */
import * as z from 'zod';
import { cartLineWire, totalLineWire } from './cart.js';

/** A chosen method a step can make stale. */
export const selectionWire = z.enum(['shipping_method', 'payment_method']);

/** The chosen methods a step dropped; only present when there are some. */
export const droppedWire = z.array(selectionWire).optional();

/** A step's answer. */
export const stepWire = z.object({ success: z.string(), dropped: droppedWire });

/** OpenCart's `products`, `totals` and `shipping_required`. */
export const cartSummaryWire = {
  products: z.array(cartLineWire),
  totals: z.array(totalLineWire),
  shipping_required: z.boolean(),
};

/** A method or extension step's answer: the step's, with the cart and totals after it. */
export const summaryWire = z.object({ ...stepWire.shape, ...cartSummaryWire });

/**
 * The multi add's answer: with rows, a step's answer; without rows, the cart as it is (a summary). The summary
 * comes first: it is the one with more fields, so a reader tells them apart by `products`.
 */
export const cartAnswerWire = z.union([summaryWire, stepWire]);

/** A step's answer. */
export type StepJson = z.output<typeof stepWire>;
/** A step's answer with the cart and totals after it. */
export type SummaryJson = z.output<typeof summaryWire>;
/** The multi add's answer. */
export type CartAnswerJson = z.output<typeof cartAnswerWire>;
