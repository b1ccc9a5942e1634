/**
 * OpenCart's JSON shape of every kind of answer: one presenter per kind, so a route presents whatever its
 * operation's descriptor says it answers. Presentation is the HTTP edge's alone: the engine speaks camelCase
 * records and exact Money; here they become snake_case fields, JSON numbers in the session currency and
 * formatted texts.
 *
 * A route looks its kind's presenter up once, when the route table is built ({@link answerPresenter}): the kind
 * of an operation's answer never changes, so no request needs to look it up again.
 * @module
 */
import type { Selection } from '../domain/machine/steps.js';
import type { AnswerKind, Answers, StepResult, SummaryResult } from '../operations/answers.js';
import type { HandlerConfig } from './options.js';
import { presentCartLines, presentTotalLines } from './present-cart.js';
import { presentManufacturer, presentManufacturerEntry, presentProductEntry } from './present-catalog.js';
import { presentPaymentMethods, presentShippingMethods } from './present-methods.js';
import type { MoneyPresenter } from './present-money.js';
import { presentOrder } from './present-order.js';
import { presentPayment } from './present-payment.js';
import type { WireAnswers } from './wire/answers.js';
import type { StepJson, SummaryJson } from './wire/steps.js';

/** What a presenter may read besides the result: money in the session currency, the handler's settings. */
export interface PresentContext {
  readonly money: MoneyPresenter;
  readonly config: HandlerConfig;
}

/**
 * `{ dropped }` when something was dropped, `{}` otherwise: a step that dropped a stale shipping or payment method
 * says so, and the key is absent otherwise, so answers keep OpenCart's shape.
 */
function droppedOf(dropped: readonly Selection[]): { dropped?: Selection[] } {
  return dropped.length === 0 ? {} : { dropped: [...dropped] };
}

/** A step's answer: OpenCart's `success`. */
function presentStep(result: StepResult): StepJson {
  return { success: result.success, ...droppedOf(result.dropped) };
}

/** A method or extension step's answer: after `success`, OpenCart's `products`, `totals` and `shipping_required`. */
function presentSummary(result: SummaryResult, money: MoneyPresenter): SummaryJson {
  return {
    success: result.success,
    ...droppedOf(result.dropped),
    products: presentCartLines(result.products, money),
    totals: presentTotalLines(result.totals, money),
    shipping_required: result.shippingRequired,
    totals_digest: result.totalsDigest,
  };
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

/** How answers of one kind are presented: the body, and the headers of the kinds that carry any. */
export interface AnswerPresenter<K extends AnswerKind> {
  /** The answer's body. */
  readonly body: (result: Answers[K], context: PresentContext) => WireAnswers[K];
  /** The answer's own headers, for a kind that has them. */
  readonly headers?: (result: Answers[K]) => Readonly<Record<string, string>>;
}

/** The presenter of answers of kind `kind`: what a route takes once, when the route table is built. */
export function answerPresenter<K extends AnswerKind>(kind: K): AnswerPresenter<K> {
  const headers = answerHeaders[kind] as AnswerPresenter<K>['headers'];
  return { body: presenters[kind], ...(headers === undefined ? {} : { headers }) };
}
