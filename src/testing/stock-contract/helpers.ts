/**
 * Shared pieces of the stock contract cases: moves, stock read back through the catalog, outcome checks.
 * @module
 */
import assert from 'node:assert/strict';
import type { StockMove, StockShortage } from '../../domain/order/write.js';
import type { MoveStockOutcome, Stock } from '../../ports/stock.js';
import type { StockFixture } from '../stock-fixture.js';

/** Registers one case that runs on a fresh fixture. */
export type StockCase = (title: string, body: (fixture: StockFixture) => Promise<void>) => void;

export { expectStock, putBack, stockOf, take } from '../stock-checks.js';

/** Moves and asserts that every move was applied. */
export async function expectMoved(stock: Stock, moves: readonly StockMove[], when: string): Promise<void> {
  const outcome = await stock.move(moves);
  assert.deepStrictEqual(
    outcome,
    { status: 'moved' },
    `${when}: expected moved, got ${JSON.stringify(outcome)}`,
  );
}

/** Shortages in one order (product, then option value), for comparing lists whose order carries no meaning. */
function sorted(shortages: readonly StockShortage[]): StockShortage[] {
  return [...shortages].sort(
    (a, b) => a.productId - b.productId || (a.productOptionValueId ?? 0) - (b.productOptionValueId ?? 0),
  );
}

/** Asserts that the outcome refused the call with exactly these shortages (in any order). */
export function expectShortages(
  outcome: MoveStockOutcome,
  expected: readonly StockShortage[],
  when: string,
): void {
  if (outcome.status !== 'insufficient_stock')
    assert.fail(`${when}: expected insufficient_stock, got ${JSON.stringify(outcome)}`);
  assert.deepStrictEqual(sorted(outcome.shortages), sorted(expected), `${when}: the shortages`);
}
