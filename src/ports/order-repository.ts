/**
 * The order repository port.
 * @module
 */

import type { EventDraft } from '../domain/events/event-types.js';
import type { HistoryWrite, IdempotencyClaim, StockShortage } from '../domain/order/write.js';
import type { OrderDraft, OrderRecord } from '../domain/records/order.js';

export type {
  HistoryWrite,
  IdempotencyClaim,
  Redemption,
  StockMove,
  StockShortage,
} from '../domain/order/write.js';

/** What `create` did. */
export type CreateOrderOutcome =
  | { readonly status: 'created'; readonly order: OrderRecord }
  /** The idempotency key was used before with the same fingerprint: that order, nothing written. */
  | { readonly status: 'replayed'; readonly order: OrderRecord }
  /** The idempotency key was used before with another fingerprint: nothing written. */
  | { readonly status: 'idempotency_conflict' }
  | { readonly status: 'insufficient_stock'; readonly shortages: readonly StockShortage[] };

/** What `update` and `addHistory` did. */
export type WriteOrderOutcome =
  | { readonly status: 'written'; readonly order: OrderRecord }
  | { readonly status: 'not_found' }
  /** The order's revision was no longer `expectedRevision`: nothing written. */
  | { readonly status: 'conflict' }
  | { readonly status: 'insufficient_stock'; readonly shortages: readonly StockShortage[] };

/** What `update` did: a write's outcomes, and those of an idempotency claim already used. */
export type UpdateOrderOutcome =
  | WriteOrderOutcome
  /** The claim was used before with the same fingerprint: that order as it is now, nothing written. */
  | { readonly status: 'replayed'; readonly order: OrderRecord }
  /** The claim was used before with another fingerprint: nothing written. */
  | { readonly status: 'idempotency_conflict' };

/** What `claim` did. */
export type ClaimOrderOutcome =
  /** The claim is recorded for the order now: the order as it is. */
  | { readonly status: 'claimed'; readonly order: OrderRecord }
  /** The claim was used before with the same fingerprint: the order it names, nothing recorded. */
  | { readonly status: 'replayed'; readonly order: OrderRecord }
  /** The claim was used before with another fingerprint: nothing recorded. */
  | { readonly status: 'idempotency_conflict' }
  /** There is no such order: nothing recorded. */
  | { readonly status: 'not_found' };

/** One idempotency claim, or several that must all be free (any one already used decides, in the order given). */
export type IdempotencyClaims = IdempotencyClaim | readonly IdempotencyClaim[];

/**
 * Orders and their history, with stock and coupon/reward ledgers.
 *
 * Contract (the `cartwright/testing` suite checks every point):
 * - Every method is one transaction: either everything it was given is written (order, lines, options,
 *   subscriptions, totals, history entry, stock moves, redemptions) or nothing is.
 * - `create` assigns a new positive `orderId`, sets `orderStatusId` from the history entry, `revision` 1, and
 *   `history` holding that entry. With idempotency claims, the first claim (in the order given) whose key was
 *   already used in its scope decides: `replayed` (same fingerprint) or `idempotency_conflict` (another
 *   fingerprint), writing nothing; otherwise every claim is recorded for the new order. Of any number of
 *   concurrent creates sharing one claim (whatever other claims each carries) exactly one writes.
 * - `update` replaces the draft of an existing order with the one given (the caller decides what an edit keeps)
 *   and appends the history entry, only at `expectedRevision`. With an idempotency claim it behaves as `create`
 *   does (checked before the revision: a replay answers the order as it is now) and records the claim.
 * - The stock moves of one write apply in the order given, each guarded move checked against the stock the
 *   earlier moves of the same write left: an update may give an order's old lines back and take its new ones.
 * - With `releaseRedemptions` the order's earlier uses are deleted before the write's `redemptions` are recorded.
 * - `addHistory` appends an entry and sets the status, only at `expectedRevision`.
 * - `claim` records an idempotency claim for an order that already exists, writing nothing else: a claim
 *   already used answers as it does for `create` (`replayed` with the order it names, or
 *   `idempotency_conflict`); an unknown order is `not_found`. Afterwards the claim answers for that order in
 *   every method, as if the write that made the order had carried it.
 * - A guarded stock move that would leave stock below zero refuses the whole write (`insufficient_stock`);
 *   concurrent writes never oversell. A guarded move on a product or option value that does not exist is refused
 *   too (nothing is there to take: `available` 0).
 * - `get` returns the order with its history in insertion order, or undefined.
 * - A write stores the `events` it is handed in the outbox (a store that has one), in its own transaction, in the
 *   order given, numbered after the order's earlier events, dated the entry's `dateAdded`, with new UUIDv7 ids;
 *   a create's events get the new order's id as their `order_id`. It stores no other event: what a write reports
 *   is the pure core's decision, never the repository's. A write refused or failed stores none.
 */
export interface OrderRepository {
  /** Writes a new order with its first history entry and that entry's effects, in one transaction. */
  create(
    draft: OrderDraft,
    history: HistoryWrite,
    idempotency?: IdempotencyClaims,
    events?: readonly EventDraft[],
  ): Promise<CreateOrderOutcome>;
  /** Replaces the draft of an order and appends a history entry, in one transaction, at `expectedRevision`. */
  update(
    orderId: number,
    draft: OrderDraft,
    history: HistoryWrite,
    expectedRevision: number,
    idempotency?: IdempotencyClaim,
    events?: readonly EventDraft[],
  ): Promise<UpdateOrderOutcome>;
  /** Appends a history entry, sets the status and applies the effects, in one transaction, at `expectedRevision`. */
  addHistory(
    orderId: number,
    history: HistoryWrite,
    expectedRevision: number,
    events?: readonly EventDraft[],
  ): Promise<WriteOrderOutcome>;
  /** Records an idempotency claim for an existing order (a confirm that answered an order already written). */
  claim(orderId: number, claim: IdempotencyClaim): Promise<ClaimOrderOutcome>;
  /** The order with its history, or undefined. */
  get(orderId: number): Promise<OrderRecord | undefined>;
}
