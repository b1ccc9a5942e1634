/**
 * The outbox's tables inside a memory store: the events the order writes reported, and each sink's delivery.
 * @module
 */
import type { OutboxEvent } from '../domain/events/event-types.js';
import type { DeliveryStatus } from '../ports/outbox.js';

/** One sink's delivery of one event, as the memory outbox keeps it. */
export interface MemoryDelivery {
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  deliveredAt: string | null;
  firstFailedAt: string | null;
  token: string | null;
  leaseUntil: string | null;
}

/** The outbox's tables inside a memory store. */
export interface MemoryOutboxTables {
  /** Every event, in the order written. */
  readonly events: OutboxEvent[];
  /** The last sequence given to each order's events. */
  readonly sequences: Map<number, number>;
  /** Deliveries by `JSON.stringify([eventId, sink])`. */
  readonly deliveries: Map<string, MemoryDelivery>;
  /** Called after each write that stored events. */
  readonly listeners: Set<() => void>;
}

/** Empty outbox tables. */
export function createMemoryOutboxTables(): MemoryOutboxTables {
  return { events: [], sequences: new Map(), deliveries: new Map(), listeners: new Set() };
}
