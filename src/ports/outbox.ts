/**
 * The outbox port: the events the order writes stored, and the state of their delivery to each sink.
 * @module
 */
import type { OutboxEvent } from '../domain/events/event-types.js';

export type {
  EventDataByType,
  EventDraft,
  EventMoney,
  EventOrderLine,
  EventType,
  OutboxEvent,
  OutboxEventOf,
} from '../domain/events/event-types.js';

/** An event claimed for delivery to one sink: it is the claimer's until `leaseUntil`, and only with `token`. */
export interface DeliveryClaim {
  readonly event: OutboxEvent;
  readonly sink: string;
  /** The claim's fencing token: completing or failing a claim whose token has since changed does nothing. */
  readonly token: string;
  /** Failed attempts before this one. */
  readonly attempts: number;
  /** ISO-8601 instant of the first failed attempt; null when none failed yet. */
  readonly firstFailedAt: string | null;
}

/** What `claim` takes. */
export interface ClaimRequest {
  /** The sink to claim deliveries for. */
  readonly sink: string;
  /** At most this many events. */
  readonly limit: number;
  /** ISO-8601 instant the claim is made at: what is due, and which leases ran out, is judged by it. */
  readonly now: string;
  /** ISO-8601 instant the claim's lease ends at: after it, another dispatcher may claim the events again. */
  readonly leaseUntil: string;
  /** The claim's fencing token (unique per claim). */
  readonly token: string;
}

/** How a delivery stands for one sink. `skipped` counts as delivered: an operator gave up on it. */
export type DeliveryStatus = 'pending' | 'delivered' | 'dead' | 'skipped';

/** The delivery of one event to one sink, as far as it went. */
export interface DeliveryState {
  readonly eventId: string;
  readonly sink: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  /** The error of the last failed attempt; null when none failed (or since a redelivery). */
  readonly lastError: string | null;
  /** ISO-8601: when a pending delivery is next due. */
  readonly nextAttemptAt: string;
  /** ISO-8601: when it was delivered; null until then. */
  readonly deliveredAt: string | null;
}

/** Which events to deliver again: by id, every event of an order, or those that occurred in `[from, to)`. */
export type RedeliverySelector =
  | { readonly ids: readonly string[] }
  | { readonly orderId: number }
  | { readonly from: string; readonly to: string };

/** A failed attempt: retried at `retryAt`, or parked as `dead` when it is null. */
export interface DeliveryFailure {
  readonly error: string;
  readonly at: string;
  readonly retryAt: string | null;
}

/**
 * The outbox: events written by the order repository in the transaction of the change they report, and each
 * sink's delivery of them. The dispatcher is its only writer of delivery state.
 *
 * Contract (`describeOutboxContract` in `cartwright/testing` checks every point):
 * - An order write stores its events in the same transaction: a write refused or failed stores none. Events of
 *   one order are numbered 1, 2, … in commit order; ids are unique UUIDv7s.
 * - `claim` answers, for one sink, only events due at `now` whose every earlier event of the same order was
 *   delivered (or skipped) to that sink: at most one event per order, oldest first. A pending event whose lease
 *   has not run out is not claimable; a `dead` one is not, and holds its order's later events.
 * - Of concurrent claims for one sink, no two answer the same event while its lease runs.
 * - `complete`, `completeAll`, `fail` and `release` act only when the claim's token is still the delivery's: they
 *   answer false, or leave it out of their count (and do nothing), for a claim taken over after its lease (a
 *   lease that ran out with no one taking it over still records). `completeAll` counts a claim listed twice once
 *   and does nothing with no claims.
 * - `redeliver` makes the selected events pending and due at once for the sinks named (every sink by default),
 *   whatever their state, and answers how many deliveries it reset or opened; `skip` marks one `skipped`.
 * - `prune` deletes (at most `limit`) events that occurred before `before` and were delivered or skipped to every
 *   sink named, with their deliveries, and answers how many; it keeps each order's last event, which carries the
 *   order's sequence on (a later event of the order is numbered after it). Nothing else is deleted.
 */
export interface Outbox {
  /** Claims due events for one sink (see the contract). */
  claim(request: ClaimRequest): Promise<readonly DeliveryClaim[]>;
  /** Marks a claimed delivery done; false when the claim was no longer this token's. */
  complete(claim: DeliveryClaim, at: string): Promise<boolean>;
  /**
   * Marks several claimed deliveries done at once, as `complete` marks each (a store may do it in one write);
   * answers how many it marked (those whose token was still the claim's). Optional: without it the dispatcher
   * completes each.
   */
  completeAll?(claims: readonly DeliveryClaim[], at: string): Promise<number>;
  /** Records a failed attempt; false when the claim was no longer this token's. */
  fail(claim: DeliveryClaim, failure: DeliveryFailure): Promise<boolean>;
  /** Gives claims back unattempted (a dispatcher stopping): they are claimable again at once. */
  release(claims: readonly DeliveryClaim[]): Promise<void>;
  /** Makes the selected events due again for `sinks` (every sink that has a delivery of them when left out). */
  redeliver(selector: RedeliverySelector, at: string, sinks?: readonly string[]): Promise<number>;
  /** Marks an event `skipped` for a sink (an operator's decision): its order's later events go on. */
  skip(eventId: string, sink: string, at: string): Promise<boolean>;
  /** Deletes delivered events older than `before` (see the contract); answers how many were deleted. */
  prune(before: string, sinks: readonly string[], limit: number): Promise<number>;
  /** The events of an order, in sequence. */
  eventsOf(orderId: number): Promise<readonly OutboxEvent[]>;
  /** Every sink's delivery of an event, as far as any went. */
  deliveriesOf(eventId: string): Promise<readonly DeliveryState[]>;
  /**
   * Calls `listener` soon after events were written (a wake-up, never a guarantee: the dispatcher polls too).
   * Answers the function that stops the calls.
   */
  onWritten(listener: () => void): Promise<() => Promise<void>>;
}
