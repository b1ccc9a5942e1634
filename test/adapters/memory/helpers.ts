/**
 * Small fixtures for the memory adapter tests. Order drafts, history writes and clocks come from
 * `cartwright/testing`, the same ones the contract suites use.
 */
import { money } from '../../../src/money/index.js';
import type { StockMove } from '../../../src/ports/order-repository.js';
import { createManualClock, type ManualClock } from '../../../src/testing/clocks.js';

export {
  sampleHistoryWrite as history,
  sampleOrderDraft as draft,
} from '../../../src/testing/order-fixtures.js';
export { withInstalledStock } from '../../support/installed-stock.js';

/** USD from a decimal string. */
export const usd = (amount: string) => money(amount, 'USD');

/** A manual clock starting at `iso`. */
export function testClock(iso = '2026-03-01T10:00:00.000Z'): ManualClock {
  return createManualClock(iso);
}

/** A guarded move taking `units` out (of an option value when `valueId` is given). */
export function take(productId: number, units: number, valueId: number | null = null): StockMove {
  return { productId, productOptionValueId: valueId, delta: -units, guard: true };
}
