/**
 * What a step answers: the seed's `success`, and after the method and extension steps its `products`, `totals`
 * and `shipping_required`. A step that dropped a stale shipping or payment method (DECISIONS 19) says so in
 * `dropped`; the key is absent otherwise, so answers keep the seed's shape.
 * @module
 */
import type { Selection } from '../domain/machine/steps.js';
import type { StepResult, SummaryResult } from '../operations/answers.js';
import {
  type CartLineJson,
  presentCartLines,
  presentTotalLines,
  type TotalLineJson,
} from './present-cart.js';
import type { MoneyPresenter } from './present-money.js';

/** A step's answer. */
export interface StepJson {
  readonly success: string;
  /** The chosen methods the step made stale and dropped; only present when there are some. */
  readonly dropped?: readonly Selection[];
}

/** A step's answer with the cart and totals after it. */
export interface SummaryJson extends StepJson {
  readonly products: readonly CartLineJson[];
  readonly totals: readonly TotalLineJson[];
  readonly shipping_required: boolean;
}

/** `{ dropped }` when something was dropped, `{}` otherwise. */
export function droppedOf(dropped: readonly Selection[]): { readonly dropped?: readonly Selection[] } {
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
