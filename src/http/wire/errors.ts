/**
 * The wire shapes of errors: always `{ "error": { <key>: <text> } }`, the key a field of the request or
 * `warning`; a refused confirm adds the cart it could not buy.
 * @module
 */
import * as z from 'zod';
import { cartSummaryWire } from './steps.js';

/** The texts of an error by key (a request field, or `warning`). */
export const fieldErrorsWire = z.record(z.string(), z.string());

/** Every handled error's answer. */
export const errorWire = z.object({ error: fieldErrorsWire });

/** A refused confirm's answer: the error, with OpenCart's `products`, `totals` and `shipping_required`. */
export const confirmFailureWire = z.object({ error: fieldErrorsWire, ...cartSummaryWire });

/** Every handled error's answer. */
export type ErrorJson = z.output<typeof errorWire>;
/** A refused confirm's answer. */
export type ConfirmFailureJson = z.output<typeof confirmFailureWire>;
