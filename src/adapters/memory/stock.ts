/**
 * The in-memory stock.
 * @module
 */

import type { MemoryStoreData } from '../../demo/store-data.js';
import type { StockMove } from '../../ports/order-repository.js';
import type { MoveStockOutcome, Stock } from '../../ports/stock.js';
import { planStockMoves } from './stock-moves.js';

/**
 * A {@link Stock} over the memory tables: moves the `quantity` of `data.products` and of their option values,
 * which the memory catalog over the same `data` reads next. Each call plans every move first and stores the
 * result synchronously, so concurrent calls never interleave and a refused call changes nothing.
 *
 * The memory order repository moves stock itself, inside each order write; this port is for a host that keeps
 * orders elsewhere, or that runs the stock contract suite, over memory tables.
 */
export function createMemoryStock(data: MemoryStoreData): Stock {
  return {
    async move(moves: readonly StockMove[]): Promise<MoveStockOutcome> {
      const plan = planStockMoves(data.products, moves);
      if (!plan.ok) return { status: 'insufficient_stock', shortages: plan.shortages };
      for (const product of plan.products) data.products.set(product.productId, product);
      return { status: 'moved' };
    },
  };
}
