/**
 * Stock moves inside an order write: lock the rows, plan every move as the memory repository plans them, and
 * apply the net change, or report the shortages.
 * @module
 */
import { CartwrightInvariantError } from '../../domain/errors.js';
import type { StockMove, StockShortage } from '../../ports/order-repository.js';
import type { Tables } from './identifiers.js';
import type { PgClientLike } from './pool.js';
import type { ReferenceReads } from './reference-cache.js';
import { isStoredId } from './values.js';

/** The running stock of one target (a product's own stock or one option value's) while planning. */
interface Tally {
  readonly productId: number;
  readonly productOptionValueId: number | null;
  /** Stock when the write began; what a shortage reports as available. */
  readonly initial: number;
  /** Whether the row exists (moves on a missing row change nothing). */
  readonly exists: boolean;
  current: number;
  /** Units guarded moves asked for. */
  requested: number;
  refused: boolean;
}

/** The locked stock: products by id, option values by id with the product they belong to. */
interface LockedStock {
  readonly products: ReadonlyMap<number, number>;
  readonly values: ReadonlyMap<number, { readonly productId: number; readonly quantity: number }>;
}

const ascending = (ids: Iterable<number>) => [...new Set(ids)].filter(isStoredId).sort((a, b) => a - b);

/**
 * The statement locking the product rows `$1` and then the option-value rows `$2`, each in id order. A query
 * with `FOR UPDATE` in `WITH` is never folded into the outer one: each runs as the `UNION ALL` reads it, products
 * first, and locks its rows as its sort hands them out.
 */
const lockStatement = (t: Tables) => `
  WITH products AS (
    SELECT product_id, quantity FROM ${t.product}
    WHERE product_id = ANY($1::int[]) ORDER BY product_id FOR UPDATE
  ), option_values AS (
    SELECT product_option_value_id, product_id, quantity FROM ${t.product_option_value}
    WHERE product_option_value_id = ANY($2::int[]) ORDER BY product_option_value_id FOR UPDATE
  )
  SELECT false AS value, product_id AS id, product_id, quantity FROM products
  UNION ALL
  SELECT true, product_option_value_id, product_id, quantity FROM option_values`;

/**
 * Locks (`SELECT … FOR UPDATE`) the product and option-value rows the moves touch, in one statement, products
 * first and each in id order, so that concurrent writes always lock in the same order and never deadlock. Once
 * locked, no other write can change these rows before this transaction ends: the stock read here is the stock
 * the write changes.
 */
async function lockStock(client: PgClientLike, t: Tables, moves: readonly StockMove[]): Promise<LockedStock> {
  const productIds = ascending(moves.filter((m) => m.productOptionValueId === null).map((m) => m.productId));
  const valueIds = ascending(
    moves.flatMap((m) => (m.productOptionValueId === null ? [] : [m.productOptionValueId])),
  );
  const products = new Map<number, number>();
  const values = new Map<number, { productId: number; quantity: number }>();
  if (productIds.length === 0 && valueIds.length === 0) return { products, values };
  const { rows } = await client.query(lockStatement(t), [productIds, valueIds]);
  for (const row of rows) {
    const quantity = Number(row.quantity);
    if (row.value === true) values.set(Number(row.id), { productId: Number(row.product_id), quantity });
    else products.set(Number(row.id), quantity);
  }
  return { products, values };
}

/** The locked stock of a move's target, or undefined when the product, or the value of that product, is missing. */
function stockOf(locked: LockedStock, move: StockMove): number | undefined {
  if (move.productOptionValueId === null) return locked.products.get(move.productId);
  const value = locked.values.get(move.productOptionValueId);
  return value !== undefined && value.productId === move.productId ? value.quantity : undefined;
}

/**
 * Plans the moves in order, as the memory repository does: a guarded move taking out more than is left
 * (counting the earlier moves of the write) is refused and not applied; each refused target is reported once,
 * with the stock the write started from and every unit its guarded moves asked for. A move on a missing row is
 * a shortage when guarded and skipped otherwise.
 */
function plan(locked: LockedStock, moves: readonly StockMove[]): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  for (const move of moves) {
    const key = `${move.productId}:${move.productOptionValueId ?? ''}`;
    let tally = tallies.get(key);
    if (tally === undefined) {
      const stock = stockOf(locked, move);
      if (stock === undefined && !move.guard) continue;
      const { productId, productOptionValueId } = move;
      const initial = stock ?? 0;
      tally = {
        productId,
        productOptionValueId,
        initial,
        exists: stock !== undefined,
        current: initial,
        requested: 0,
        refused: false,
      };
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
  return tallies;
}

/** The `UPDATE` adding each change (`$n` ids, `$n+1` deltas, `$n+2` expected stock) to `table`'s rows. */
const changeRows = (table: string, idColumn: string, first: number) => `
  UPDATE ${table} AS s SET quantity = s.quantity + m.delta
  FROM unnest($${first}::int[], $${first + 1}::int[], $${first + 2}::int[]) AS m (id, delta, expected)
  WHERE s.${idColumn} = m.id AND s.quantity = m.expected
  RETURNING 1`;

/** The ids, deltas and expected stock of `tallies`, as the three arrays of {@link changeRows}. */
const changeArrays = (tallies: readonly Tally[], idOf: (tally: Tally) => number) => [
  tallies.map(idOf),
  tallies.map((x) => x.current - x.initial),
  tallies.map((x) => x.initial),
];

/**
 * Adds each target's net change to its locked row, products and option values in one statement. The
 * `quantity = expected` condition restates what the lock guarantees (the row still holds the stock the plan
 * started from); a row that fails it means the lock did not hold, and the write is abandoned rather than
 * oversell.
 */
async function applyChanges(client: PgClientLike, t: Tables, changed: readonly Tally[]): Promise<void> {
  if (changed.length === 0) return;
  const products = changed.filter((x) => x.productOptionValueId === null);
  const values = changed.filter((x) => x.productOptionValueId !== null);
  const { rows } = await client.query(
    `WITH products AS (${changeRows(t.product, 'product_id', 1)}),
       option_values AS (${changeRows(t.product_option_value, 'product_option_value_id', 4)})
     SELECT (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM option_values)::int AS option_values`,
    [
      ...changeArrays(products, (x) => x.productId),
      ...changeArrays(values, (x) => x.productOptionValueId ?? 0),
    ],
  );
  const [row] = rows;
  if (Number(row?.products) !== products.length || Number(row?.option_values) !== values.length) {
    throw new CartwrightInvariantError('postgres: locked stock changed during the write');
  }
}

/**
 * Runs `write` (a transaction that may move stock), then forgets the moved products in `cache`: this process
 * reads its own stock changes at once, without waiting for their change notice. A write that failed forgets
 * nothing: whether it committed is for the notice to tell (its caller was told it failed).
 */
export async function forgettingMoved<T>(
  cache: ReferenceReads,
  moves: readonly StockMove[],
  write: () => Promise<T>,
): Promise<T> {
  const value = await write();
  if (moves.length > 0) cache.forget('products', ascending(moves.map((move) => move.productId)));
  return value;
}

/**
 * Makes the stock moves of one write inside its transaction: locks, plans, and applies them all, or none.
 * Returns the shortages (nothing applied; the caller rolls back) or an empty list (every move applied).
 */
export async function moveStock(
  client: PgClientLike,
  t: Tables,
  moves: readonly StockMove[],
): Promise<readonly StockShortage[]> {
  if (moves.length === 0) return [];
  const tallies = [...plan(await lockStock(client, t, moves), moves).values()];
  const refused = tallies.filter((tally) => tally.refused);
  if (refused.length > 0) {
    return refused.map(({ productId, productOptionValueId, initial, requested }) => ({
      productId,
      productOptionValueId,
      available: initial,
      requested,
    }));
  }
  await applyChanges(
    client,
    t,
    tallies.filter((tally) => tally.exists && tally.current !== tally.initial),
  );
  return [];
}
