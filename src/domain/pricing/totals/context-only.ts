/**
 * Which calculators read nothing but their `TotalsContext` and the state before them: the built-ins, store
 * credit excepted (it asks the host what the customer chose to spend, which can change between two requests on
 * the same session). Totals run only such calculators can be reused by a later request whose every input is the
 * same; a host's own calculator is never assumed to be one.
 * @module
 */
import type { TotalCalculator } from './calculator.js';

/**
 * The mark of a calculator made here that reads only its context: a property under a symbol no other module can
 * name, not enumerable, so the calculator still looks and compares like the one it was made from.
 */
const CONTEXT_ONLY: unique symbol = Symbol('cartwright.totals.contextOnly');

/** A copy of a built-in calculator, frozen and marked as reading only its context. */
export function readsOnlyContext<T extends TotalCalculator>(calculator: T): T {
  return Object.freeze(Object.defineProperty({ ...calculator }, CONTEXT_ONLY, { value: true }));
}

/** Whether every calculator of `calculators` is a built-in that reads only its context. */
export function allReadOnlyContext(calculators: readonly TotalCalculator[]): boolean {
  for (const calculator of calculators) {
    if ((calculator as { readonly [CONTEXT_ONLY]?: true })[CONTEXT_ONLY] !== true) return false;
  }
  return true;
}
