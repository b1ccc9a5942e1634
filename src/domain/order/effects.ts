/**
 * Effects: the writes outside the session that a decision asks the shell to perform, each in one repository
 * transaction. `decide` describes them and runs nothing; the engine performs them through the order repository
 * and then delivers the decision's events.
 * @module
 */
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
}

/** Appends a history entry to an order at `expectedRevision`, with its stock moves and ledger changes. */
export interface AppendHistory {
  readonly type: 'append_history';
  readonly orderId: number;
  readonly expectedRevision: number;
  readonly write: HistoryWrite;
}

/** Every effect a decision can ask for. */
export type Effect = WriteOrder | AppendHistory;
