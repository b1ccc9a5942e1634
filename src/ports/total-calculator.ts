/**
 * The total-calculator extension port: one step of the totals pipeline per code, in a registry the host can extend.
 * A calculator is pure and synchronous, so its types live in the domain (`src/domain/totals/calculator.ts`).
 * @module
 */

export type {
  TaxAmount,
  TotalCalculator,
  TotalLine,
  TotalsContext,
  TotalsState,
} from '../domain/pricing/totals/calculator.js';
