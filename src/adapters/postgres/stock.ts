/**
 * The PostgreSQL stock.
 * @module
 */
import type { StockMove } from '../../ports/order-repository.js';
import type { MoveStockOutcome, Stock } from '../../ports/stock.js';
import { type PostgresAdapterOptions, resolveOptions } from './options.js';
import { forgettingMoved, moveStock } from './stock-moves.js';

/**
 * A {@link Stock} over the `product` and `product_option_value` tables the PostgreSQL catalog reads. Each call
 * is one transaction: it locks the rows the moves touch (in id order, so concurrent calls never deadlock),
 * plans the moves against the locked stock and applies them all, or rolls back and names the shortages.
 *
 * The PostgreSQL order repository moves stock itself, inside each order's transaction; this port is for a
 * host that keeps orders elsewhere, or that runs the stock contract suite, over these tables.
 */
export function createPostgresStock(options: PostgresAdapterOptions): Stock {
  const { db, tables, cache } = resolveOptions(options);
  return {
    move(moves: readonly StockMove[]): Promise<MoveStockOutcome> {
      return forgettingMoved(cache, moves, () =>
        db.transaction<MoveStockOutcome>('stock move', async (client) => {
          const shortages = await moveStock(client, tables, moves);
          return shortages.length === 0
            ? { commit: true, value: { status: 'moved' } }
            : { commit: false, value: { status: 'insufficient_stock', shortages } };
        }),
      );
    },
  };
}
