/**
 * A cartwright `Stock` over the host's `stock` table: the engine moves stock through it when an order is placed
 * or changes status, and the host's catalog (`catalog.ts`) reads the same rows.
 */
import type { MoveStockOutcome, Stock, StockMove, StockShortage } from 'cartwright/core';
import type { HostTables, StockRow } from './host-tables.js';

/** The running count of one stock row while a call's moves are planned. */
interface Tally {
  readonly row: StockRow;
  readonly initial: number;
  current: number;
  requested: number;
  refused: boolean;
}

/**
 * The `Stock` port over the host's tables. Each call plans every move against the rows (in order, each guarded
 * move against what the earlier ones left), then writes all of them or none, with no `await` in between: in one
 * process, calls cannot interleave, so concurrent orders never oversell. (Over SQL, the same plan runs in one
 * transaction holding `SELECT … FOR UPDATE` locks on the rows, taken in id order.)
 */
export function createHostStock(tables: HostTables): Stock {
  return {
    async move(moves: readonly StockMove[]): Promise<MoveStockOutcome> {
      const tallies = new Map<string, Tally>();
      const missing = new Map<string, StockShortage>();
      for (const move of moves) {
        const key = `${move.productId}:${move.productOptionValueId ?? ''}`;
        const row = tables.stock.find(
          (s) => s.product_id === move.productId && s.option_value_id === move.productOptionValueId,
        );
        if (row === undefined) {
          // Nothing to take from a product or value the shop does not have; nothing to put back into it either.
          if (!move.guard || move.delta >= 0) continue;
          const before = missing.get(key)?.requested ?? 0;
          const { productId, productOptionValueId } = move;
          missing.set(key, { productId, productOptionValueId, available: 0, requested: before - move.delta });
          continue;
        }
        let tally = tallies.get(key);
        if (tally === undefined) {
          tally = { row, initial: row.on_hand, current: row.on_hand, requested: 0, refused: false };
          tallies.set(key, tally);
        }
        if (move.guard && move.delta < 0) {
          tally.requested -= move.delta;
          if (tally.current + move.delta < 0) {
            tally.refused = true;
            continue;
          }
        }
        tally.current += move.delta;
      }
      const shortages: StockShortage[] = [...missing.values()];
      for (const { row, initial, requested, refused } of tallies.values()) {
        if (!refused) continue;
        const { product_id: productId, option_value_id: productOptionValueId } = row;
        shortages.push({ productId, productOptionValueId, available: initial, requested });
      }
      if (shortages.length > 0) return { status: 'insufficient_stock', shortages };
      for (const tally of tallies.values()) tally.row.on_hand = tally.current;
      return { status: 'moved' };
    },
  };
}
