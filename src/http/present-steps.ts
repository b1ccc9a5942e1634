/**
 * What a step answers: OpenCart's `success`, and after the method and extension steps its `products`, `totals`
 * and `shipping_required`. A step that dropped a stale shipping or payment method says so in
 * `dropped`; the key is absent otherwise, so answers keep OpenCart's shape.
 * @module
 */
import type { Selection } from '../domain/machine/steps.js';
import type { StepResult, SummaryResult } from '../operations/answers.js';
import { presentCartLines, presentTotalLines } from './present-cart.js';
import type { MoneyPresenter } from './present-money.js';
import type { StepJson, SummaryJson } from './wire/steps.js';

/** `{ dropped }` when something was dropped, `{}` otherwise. */
export function droppedOf(dropped: readonly Selection[]): { dropped?: Selection[] } {
  return dropped.length === 0 ? {} : { dropped: [...dropped] };
}

/** A step's answer. */
export function presentStep(result: StepResult): StepJson {
  return { success: result.success, ...droppedOf(result.dropped) };
}

/** A method or extension step's answer. */
export function presentSummary(result: SummaryResult, money: MoneyPresenter): SummaryJson {
  return {
    success: result.success,
    ...droppedOf(result.dropped),
    products: presentCartLines(result.products, money),
    totals: presentTotalLines(result.totals, money),
    shipping_required: result.shippingRequired,
  };
}
