/**
 * Planning stock moves for the memory order repository: work out every product's new stock, or every
 * shortage, without touching the tables.
 * @module
 */

import { deepFreeze } from '../../domain/deep-freeze.js';
import type { Product, ProductOption } from '../../domain/records/catalog.js';
import type { StockMove, StockShortage } from '../../ports/order-repository.js';

/** The outcome of planning: the products to store, or why the write is refused. */
export type StockPlan =
  | { readonly ok: true; readonly products: readonly Product[] }
  | { readonly ok: false; readonly shortages: readonly StockShortage[] };

/** Where a move lands: a product's own stock, or one of its option values. */
interface Target {
  readonly productId: number;
  readonly productOptionValueId: number | null;
}

/** The running stock of one target during planning, with what guarded moves asked of it. */
interface Tally {
  readonly target: Target;
  /** Stock when the write began (what a shortage reports as available). */
  readonly initial: number;
  current: number;
  /** Units guarded moves tried to take out. */
  requested: number;
  refused: boolean;
}

const targetKey = (move: Target) => `${move.productId}:${move.productOptionValueId ?? ''}`;

/** The stored stock of a target, or undefined when the product or option value does not exist. */
function storedStock(product: Product | undefined, productOptionValueId: number | null): number | undefined {
  if (product === undefined || productOptionValueId === null) return product?.quantity;
  for (const option of product.options) {
    const value = option.values.find((v) => v.productOptionValueId === productOptionValueId);
    if (value !== undefined) return value.quantity;
  }
  return undefined;
}

/** Applies one move to its tally; a guarded move that would go below zero is refused and not applied. */
function applyMove(tally: Tally, move: StockMove): void {
  if (move.guard && move.delta < 0) tally.requested -= move.delta;
  if (move.guard && move.delta < 0 && tally.current + move.delta < 0) {
    tally.refused = true;
    return;
  }
  tally.current += move.delta;
}

/** The product with its own stock and option-value stock set from the tallies. */
function restocked(product: Product, tallies: ReadonlyMap<string, Tally>): Product {
  const own = tallies.get(targetKey({ productId: product.productId, productOptionValueId: null }));
  const options = product.options.map(
    (option): ProductOption => ({
      ...option,
      values: option.values.map((value) => {
        const tally = tallies.get(
          targetKey({ productId: product.productId, productOptionValueId: value.productOptionValueId }),
        );
        return tally === undefined ? value : { ...value, quantity: tally.current };
      }),
    }),
  );
  return deepFreeze({ ...product, quantity: own?.current ?? product.quantity, options });
}

/**
 * Plans `moves` in order against the stored stock. A guarded move taking out more than is left (counting the
 * earlier moves of the same write) refuses the whole write; each refused target is reported once, with the
 * stock the write started from and every unit its guarded moves asked for. A move on a product or option value
 * that does not exist is a shortage when guarded (nothing is there to take) and is skipped otherwise.
 */
export function planStockMoves(
  products: ReadonlyMap<number, Product>,
  moves: readonly StockMove[],
): StockPlan {
  const tallies = new Map<string, Tally>();
  for (const move of moves) {
    const key = targetKey(move);
    let tally = tallies.get(key);
    if (tally === undefined) {
      const stock = storedStock(products.get(move.productId), move.productOptionValueId);
      if (stock === undefined && !move.guard) continue;
      tally = { target: move, initial: stock ?? 0, current: stock ?? 0, requested: 0, refused: false };
      tallies.set(key, tally);
    }
    applyMove(tally, move);
  }
  const refused = [...tallies.values()].filter((tally) => tally.refused);
  if (refused.length > 0) {
    const shortages = refused.map(({ target, initial, requested }) => ({
      productId: target.productId,
      productOptionValueId: target.productOptionValueId,
      available: initial,
      requested,
    }));
    return { ok: false, shortages };
  }
  const touched = new Set([...tallies.values()].map((tally) => tally.target.productId));
  const updated: Product[] = [];
  for (const productId of touched) {
    const product = products.get(productId);
    if (product !== undefined) updated.push(restocked(product, tallies));
  }
  return { ok: true, products: updated };
}
