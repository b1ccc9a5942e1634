/**
 * OpenCart's JSON shape of every kind of answer: one presenter per kind, so a route presents whatever its
 * operation's descriptor says it answers. Presentation is the HTTP edge's alone: the engine speaks camelCase
 * records and exact Money; here they become snake_case fields, JSON numbers in the session currency and
 * formatted texts.
 * @module
 */
import type { AnswerKind, Answers } from '../operations/answers.js';
import type { HandlerConfig } from './options.js';
import { presentCartLines, presentTotalLines } from './present-cart.js';
import { presentManufacturer, presentManufacturerEntry, presentProductEntry } from './present-catalog.js';
import { presentPaymentMethods, presentShippingMethods } from './present-methods.js';
import type { MoneyPresenter } from './present-money.js';
import { presentOrder } from './present-order.js';
import { presentPayment } from './present-payment.js';
import { droppedOf, presentStep, presentSummary } from './present-steps.js';
import type { WireAnswers } from './wire/answers.js';

/** What a presenter may read besides the result: money in the session currency, the handler's settings. */
export interface PresentContext {
  readonly money: MoneyPresenter;
  readonly config: HandlerConfig;
}

/** The presenters, one per kind of answer, each returning its kind's wire shape (`wire/answers.ts`). */
export const presenters: {
  readonly [K in AnswerKind]: (result: Answers[K], context: PresentContext) => WireAnswers[K];
} = {
  step: (result) => presentStep(result),
  summary: (result, { money }) => presentSummary(result, money),
  cart: (result, { money }) => ('products' in result ? presentSummary(result, money) : presentStep(result)),
  shipping_methods: (result, { money }) => ({
    shipping_methods: presentShippingMethods(result.shippingMethods, money),
    ...droppedOf(result.dropped),
  }),
  payment_methods: (result) => ({
    payment_methods: presentPaymentMethods(result.paymentMethods),
    ...droppedOf(result.dropped),
  }),
  cart_lines: (lines, { money }) => presentCartLines(lines, money),
  totals: (result, { money }) => presentTotalLines(result.totals, money),
  confirm: (result, { money }) => ({
    success: result.success,
    order_id: result.orderId,
    points: result.points,
    commission: money.text(result.commission),
    products: presentCartLines(result.products, money),
    totals: presentTotalLines(result.totals, money),
    shipping_required: result.shippingRequired,
    totals_digest: result.totalsDigest,
    ...(result.payment === undefined ? {} : { payment: presentPayment(result.payment) }),
  }),
  payment: (result, { config }) => ({
    success: result.success,
    order_id: result.orderId,
    payment: presentPayment(result.payment, config.settings.currencies),
  }),
  order: (order, { config }) => ({ order: presentOrder(order, config.settings) }),
  manufacturer: (manufacturer) => ({ manufacturer: presentManufacturer(manufacturer) }),
  manufacturer_page: (page) => ({
    manufacturers: page.manufacturers.map(presentManufacturerEntry),
    total: page.total,
  }),
  product_page: (page, { money }) => ({
    products: page.products.map((entry) => presentProductEntry(entry, money)),
    total: page.total,
  }),
};

/**
 * The headers an answer of some kind carries besides its body. `getTotals` answers OpenCart's bare list of
 * total lines, which has no room for a field, so its totals digest travels as `Totals-Digest`.
 */
const answerHeaders: {
  readonly [K in AnswerKind]?: (result: Answers[K]) => Readonly<Record<string, string>>;
} = {
  totals: (result) => ({ 'Totals-Digest': result.totalsDigest }),
};

/** The headers of an answer of kind `kind`, if its kind has any. */
export function headersOf<K extends AnswerKind>(
  kind: K,
  result: Answers[K],
): Readonly<Record<string, string>> | undefined {
  const headers = answerHeaders[kind] as
    | ((result: Answers[K]) => Readonly<Record<string, string>>)
    | undefined;
  return headers?.(result);
}

/** Presents a result of kind `kind`. */
export function present<K extends AnswerKind>(
  kind: K,
  result: Answers[K],
  context: PresentContext,
): WireAnswers[K] {
  return presenters[kind](result, context);
}
