/**
 * The stock port.
 * @module
 */
import type { StockMove, StockShortage } from '../domain/order/write.js';

/** What `move` did. */
export type MoveStockOutcome =
  /** Every move was applied. */
  | { readonly status: 'moved' }
  /** A guarded move would have left stock below zero: nothing was applied. */
  | { readonly status: 'insufficient_stock'; readonly shortages: readonly StockShortage[] };

/**
 * The stock of products and option values, for a host that keeps its catalog (and so its stock) in tables of
 * its own. The host passes it as `CheckoutDeps.stock` beside its own `Catalog`: the engine then moves stock
 * through this port around each order write, and the order repository's writes carry no stock moves. Without
 * it, the order repository moves the stock its own catalog reads, inside each order's transaction.
 *
 * Contract (the `cartwright/testing` suite checks every point):
 * - `move` applies every move or none.
 * - The moves apply in the order given, each guarded move checked against the stock the earlier moves of the
 *   same call left: a call may give units back and take others.
 * - A guarded move that would leave stock below zero refuses the whole call (`insufficient_stock`), naming
 *   each refused product or option value once, with the stock it had when the call began (`available`) and
 *   every unit the call's guarded moves asked of it (`requested`). A guarded move on a product or option value
 *   that does not exist is refused (nothing is there to take: `available` 0); an unguarded one changes nothing.
 * - An unguarded move is applied even when it leaves the stock below zero.
 * - Concurrent calls never oversell: of any number of calls racing for the last units, the stock never goes
 *   below zero through a guarded move.
 * - Once `move` has answered `moved`, the `Catalog` the host provides with it reads the new quantities (a
 *   product's `quantity`, an option value's `quantity`): no cache outlives a move.
 * - `move` rejects only when the store itself fails, with nothing applied when it can tell.
 */
export interface Stock {
  /** Applies the moves, all or none, in order; refuses the whole call when a guarded move would oversell. */
  move(moves: readonly StockMove[]): Promise<MoveStockOutcome>;
}
