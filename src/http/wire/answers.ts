/**
 * The wire shape of every kind of answer, by kind: what the presenter of that kind returns (its type is the
 * presenter's return type) and what the OpenAPI document says the operation answers. `WireAnswers` is the typed
 * client's answer type of each operation.
 * @module
 */
import * as z from 'zod';
import type { AnswerKind } from '../../operations/answers.js';
import { cartLineWire, totalLineWire } from './cart.js';
import { manufacturerAnswerWire, manufacturerPageWire, productPageWire } from './catalog.js';
import { paymentMethodsWire, shippingMethodsWire } from './methods.js';
import { orderAnswerWire } from './order.js';
import { paymentWire } from './payment.js';
import { cartAnswerWire, stepWire, summaryWire, totalsDigestWire } from './steps.js';

/** The wire schema of each kind of answer. */
export const answerWires = {
  step: stepWire,
  summary: summaryWire,
  cart: cartAnswerWire,
  shipping_methods: shippingMethodsWire,
  payment_methods: paymentMethodsWire,
  cart_lines: z.array(cartLineWire),
  totals: z.array(totalLineWire),
  confirm: z.object({
    success: z.string(),
    order_id: z.int(),
    points: z.int(),
    commission: z.string(),
    products: z.array(cartLineWire),
    totals: z.array(totalLineWire),
    shipping_required: z.boolean(),
    totals_digest: totalsDigestWire,
    payment: paymentWire.optional(),
  }),
  payment: z.object({ success: z.string(), order_id: z.int(), payment: paymentWire }),
  order: orderAnswerWire,
  manufacturer: manufacturerAnswerWire,
  manufacturer_page: manufacturerPageWire,
  product_page: productPageWire,
} as const satisfies { readonly [K in AnswerKind]: z.ZodType };

/** The JSON an answer of each kind is, as the HTTP API sends it. */
export type WireAnswers = { readonly [K in AnswerKind]: z.output<(typeof answerWires)[K]> };
