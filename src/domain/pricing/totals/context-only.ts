/**
 * Which calculators read nothing but their `TotalsContext` and the state before them: the built-ins, store
 * credit excepted (it asks the host what the customer chose to spend, which can change between two requests on
 * the same session). Totals run only such calculators can be reused by a later request whose every input is the
 * same; a host's own calculator is never assumed to be one.
 * @module
 */
import type { TotalCalculator } from './calculator.js';

/** The calculators made here that read only their context. */
const contextOnly = new WeakSet<TotalCalculator>();

/** Marks a built-in calculator as reading only its context, and answers it. */
export function readsOnlyContext<T extends TotalCalculator>(calculator: T): T {
  contextOnly.add(calculator);
  return calculator;
}

/** Whether every calculator of `calculators` is a built-in that reads only its context. */
export function allReadOnlyContext(calculators: readonly TotalCalculator[]): boolean {
  for (const calculator of calculators) if (!contextOnly.has(calculator)) return false;
  return true;
}
