/**
 * `ordersWithStock(orders, stock)`: an order repository whose writes move stock through the host's {@link Stock}
 * port rather than inside the repository's own transaction.
 * @module
 */
import type { HistoryWrite, OrderRepository, StockMove, StockShortage } from '../ports/order-repository.js';
import type { Stock } from '../ports/stock.js';

/** What a write answers when the stock refused it. */
interface Shortage {
  readonly status: 'insufficient_stock';
  readonly shortages: readonly StockShortage[];
}

/**
 * A guarded move no store can make (product ids start at 1, so product 0 has nothing to take). A write carrying
 * only this move is refused for its stock unless the order, its revision or an idempotency claim decides first:
 * it asks the repository what it would answer, writing nothing.
 */
const UNMAKEABLE: readonly StockMove[] = [
  { productId: 0, productOptionValueId: null, delta: -1, guard: true },
];

/** The moves that undo `moves`: each one negated, unguarded, last first. */
function giveBackMoves(moves: readonly StockMove[]): StockMove[] {
  return [...moves].reverse().map((move) => ({ ...move, delta: -move.delta, guard: false }));
}

/**
 * The repository `orders` with every write's stock moves made through `stock` instead: the moves are applied
 * first (all or none), then the write is made without them; a write that does not happen after all (a replayed
 * claim, a stale revision, an unknown order, a failure) gives the units back. A refused move answers
 * `insufficient_stock` with the stock's shortages, unless the repository would have answered otherwise before
 * reaching the stock (a replay, an idempotency conflict, an unknown order, a stale revision): it is asked with a
 * write it cannot make, so the answers are those of one repository moving its own stock.
 *
 * Units are taken before the order is written, so for the moment between the two a concurrent reader sees them
 * gone, and a write that then does not happen returns them. When the repository's failure hides a commit (its
 * answer was lost), the units are given back though the order stands: the host's reconciliation finds such an
 * order by its history. `onGiveBackError` hears of a give-back that failed (the units then stay taken).
 *
 * `createCheckout` wraps `deps.orders` this way when the host passes `deps.stock`.
 *
 * @param orders - the order repository; its writes reach it with no stock moves.
 * @param stock - the host's stock, read back by the host's own `Catalog`.
 * @param onGiveBackError - told when units could not be given back; default: ignored.
 */
export function ordersWithStock(
  orders: OrderRepository,
  stock: Stock,
  onGiveBackError: (error: unknown) => void = () => undefined,
): OrderRepository {
  const giveBack = async (moves: readonly StockMove[]): Promise<void> => {
    try {
      await stock.move(giveBackMoves(moves));
    } catch (error) {
      onGiveBackError(error);
    }
  };

  /** Moves the stock of `history`, then makes the write without it; gives the units back unless it was made. */
  const withStock = async <O extends { readonly status: string }>(
    history: HistoryWrite,
    write: (history: HistoryWrite) => Promise<O>,
    made: O['status'],
  ): Promise<O | Shortage> => {
    const moves = history.stockMoves;
    if (moves.length === 0) return write(history);
    const moved = await stock.move(moves);
    if (moved.status === 'insufficient_stock') {
      const answer = await write({ ...history, stockMoves: UNMAKEABLE });
      return answer.status === 'insufficient_stock' ? moved : answer;
    }
    let outcome: O;
    try {
      outcome = await write({ ...history, stockMoves: [] });
    } catch (error) {
      await giveBack(moves);
      throw error;
    }
    if (outcome.status !== made) await giveBack(moves);
    return outcome;
  };

  return {
    create: (draft, history, idempotency) =>
      withStock(history, (write) => orders.create(draft, write, idempotency), 'created'),
    update: (orderId, draft, history, expectedRevision, idempotency) =>
      withStock(
        history,
        (write) => orders.update(orderId, draft, write, expectedRevision, idempotency),
        'written',
      ),
    addHistory: (orderId, history, expectedRevision) =>
      withStock(history, (write) => orders.addHistory(orderId, write, expectedRevision), 'written'),
    claim: (orderId, claim) => orders.claim(orderId, claim),
    get: (orderId) => orders.get(orderId),
  };
}
