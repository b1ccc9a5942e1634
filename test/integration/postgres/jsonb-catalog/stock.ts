/**
 * The stock over the JSONB tables: a product's own stock is a column, its option values' stock lives inside
 * the `options` JSONB. A call locks the rows of the products it names (in id order, so two calls never wait on
 * each other in a cycle), plans every move against what it read, and writes all of them or none.
 */
import type pg from 'pg';
import type { StockMove, StockShortage } from '../../../../src/domain/order/write.js';
import type { ProductOption } from '../../../../src/domain/records/catalog.js';
import type { MoveStockOutcome, Stock } from '../../../../src/ports/stock.js';
import { tablesOf } from './tables.js';

/** A locked product: its own stock and its options as stored. */
interface StockRow {
  readonly productId: number;
  quantity: number;
  options: ProductOption[];
}

/** The running stock of one target of the call, and what its guarded moves asked. */
interface Tally {
  readonly productId: number;
  readonly productOptionValueId: number | null;
  readonly available: number;
  current: number;
  requested: number;
  refused: boolean;
  /** Where the stock is written back; undefined for a product or value that does not exist. */
  readonly write?: (quantity: number) => void;
}

/** The tally of a move's target, from the locked rows. */
function tallyOf(rows: ReadonlyMap<number, StockRow>, move: StockMove): Tally {
  const base = { productId: move.productId, productOptionValueId: move.productOptionValueId, requested: 0 };
  const row = rows.get(move.productId);
  if (row !== undefined && move.productOptionValueId === null) {
    const write = (quantity: number) => {
      row.quantity = quantity;
    };
    return { ...base, available: row.quantity, current: row.quantity, refused: false, write };
  }
  for (const [o, option] of (row?.options ?? []).entries()) {
    const v = option.values.findIndex((value) => value.productOptionValueId === move.productOptionValueId);
    const value = option.values[v];
    if (row === undefined || value === undefined) continue;
    const write = (quantity: number) => {
      const values = option.values.map((item, i) => (i === v ? { ...item, quantity } : item));
      row.options = row.options.map((item, i) => (i === o ? { ...item, values } : item));
    };
    return { ...base, available: value.quantity, current: value.quantity, refused: false, write };
  }
  return { ...base, available: 0, current: 0, refused: false };
}

/** Plans `moves` in order: the tallies by target, or undefined targets skipped when unguarded. */
function plan(rows: ReadonlyMap<number, StockRow>, moves: readonly StockMove[]): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  for (const move of moves) {
    const key = `${move.productId}:${move.productOptionValueId ?? ''}`;
    const tally = tallies.get(key) ?? tallyOf(rows, move);
    tallies.set(key, tally);
    const taking = move.guard && move.delta < 0;
    if (taking) tally.requested -= move.delta;
    if (taking && (tally.write === undefined || tally.current + move.delta < 0)) {
      tally.refused = true;
      continue;
    }
    tally.current += move.delta;
  }
  return tallies;
}

/** The stock of the JSONB tables of `schema`. */
export function createJsonbStock(pool: pg.Pool, schema: string): Stock {
  const t = tablesOf(schema);
  return {
    async move(moves): Promise<MoveStockOutcome> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const ids = [...new Set(moves.map((move) => move.productId))].sort((a, b) => a - b);
        const { rows } = await client.query<StockRow>(
          `SELECT product_id AS "productId", quantity, options FROM ${t.product}
           WHERE product_id = ANY($1::int[]) ORDER BY product_id FOR UPDATE`,
          [ids],
        );
        const byId = new Map(rows.map((row) => [row.productId, row]));
        const tallies = [...plan(byId, moves).values()];
        const refused = tallies.filter((tally) => tally.refused);
        if (refused.length > 0) {
          await client.query('ROLLBACK');
          const shortages = refused.map(
            ({ productId, productOptionValueId, available, requested }): StockShortage => ({
              productId,
              productOptionValueId,
              available,
              requested,
            }),
          );
          return { status: 'insufficient_stock', shortages };
        }
        for (const tally of tallies) tally.write?.(tally.current);
        for (const row of byId.values()) {
          await client.query(`UPDATE ${t.product} SET quantity = $2, options = $3 WHERE product_id = $1`, [
            row.productId,
            row.quantity,
            JSON.stringify(row.options),
          ]);
        }
        await client.query('COMMIT');
        return { status: 'moved' };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
