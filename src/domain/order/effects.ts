/**
 * Effects: the writes outside the session that a decision asks the shell to perform, each in one repository
 * transaction. `decide` describes them and runs nothing; the engine performs them through the order repository
 * and then delivers the decision's events.
 * @module
 */
import type { EventDraft } from '../events/event-types.js';
import type { OrderDraft } from '../records/order.js';
import type { HistoryWrite, IdempotencyClaim } from './write.js';

/**
 * Writes an order with its first history entry (confirm): a new one when `orderId` is 0, else an update of
 * `orderId` at `expectedRevision`. The claims keep a retried or concurrent confirm from writing a second order.
 */
export interface WriteOrder {
  readonly type: 'write_order';
  readonly orderId: number;
  readonly expectedRevision: number;
  readonly draft: OrderDraft;
  readonly history: HistoryWrite;
  /** A create's claims, checked and recorded in the same transaction; an update's key claim, if any. */
  readonly claims: readonly IdempotencyClaim[];
  /** What the write reports, stored in the outbox in its transaction (a create's with `order_id` 0 until written). */
  readonly events: readonly EventDraft[];
}

/** Appends a history entry to an order at `expectedRevision`, with its stock moves and ledger changes. */
export interface AppendHistory {
  readonly type: 'append_history';
  readonly orderId: number;
  readonly expectedRevision: number;
  readonly write: HistoryWrite;
  /** What the entry reports, stored in the outbox in its transaction. */
  readonly events: readonly EventDraft[];
}

/** Every effect a decision can ask for. */
export type Effect = WriteOrder | AppendHistory;
