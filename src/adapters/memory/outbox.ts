/**
 * The in-memory outbox: the events the memory order repository writes with each order write, and each sink's
 * delivery of them.
 * @module
 */

import type { MemoryDelivery, MemoryOutboxTables } from '../../demo/outbox-tables.js';
import { deepFreeze } from '../../domain/deep-freeze.js';
import { newEventId } from '../event-ids.js';

export { createMemoryOutboxTables, type MemoryOutboxTables } from '../../demo/outbox-tables.js';

import type { EventDraft, OutboxEvent } from '../../domain/events/event-types.js';
import type {
  DeliveryClaim,
  DeliveryState,
  DeliveryStatus,
  Outbox,
  RedeliverySelector,
} from '../../ports/outbox.js';
import { EVENT_SCHEMA_VERSION } from '../event-drafts.js';

const deliveryKey = (eventId: string, sink: string): string => JSON.stringify([eventId, sink]);

/**
 * The events a write was handed, numbered after the order's earlier events, with new ids: what
 * {@link commitEvents} stores with the write. Numbering is planned against the tables as they are; the memory
 * repository commits synchronously right after, so nothing can number in between.
 */
export function planEvents(
  tables: MemoryOutboxTables,
  orderId: number,
  drafts: readonly EventDraft[],
  occurredAt: string,
): readonly OutboxEvent[] {
  const last = tables.sequences.get(orderId) ?? 0;
  return drafts.map(
    (draft, index) =>
      deepFreeze({
        id: newEventId(),
        type: draft.type,
        order_id: orderId,
        sequence: last + index + 1,
        occurred_at: occurredAt,
        schema: EVENT_SCHEMA_VERSION,
        data: draft.data,
      }) as OutboxEvent,
  );
}

/** Stores planned events (part of the write's synchronous commit) and wakes the listeners after it. */
export function commitEvents(tables: MemoryOutboxTables, events: readonly OutboxEvent[]): void {
  const last = events.at(-1);
  if (last === undefined) return;
  tables.events.push(...events);
  tables.sequences.set(last.order_id, last.sequence);
  queueMicrotask(() => {
    for (const listener of tables.listeners) listener();
  });
}

/** A delivery as it stands, opening it (pending, due at once) when the event was never tried for the sink. */
function deliveryOf(tables: MemoryOutboxTables, event: OutboxEvent, sink: string): MemoryDelivery {
  const key = deliveryKey(event.id, sink);
  let delivery = tables.deliveries.get(key);
  if (delivery === undefined) {
    delivery = {
      status: 'pending',
      attempts: 0,
      lastError: null,
      nextAttemptAt: event.occurred_at,
      deliveredAt: null,
      firstFailedAt: null,
      token: null,
      leaseUntil: null,
    };
    tables.deliveries.set(key, delivery);
  }
  return delivery;
}

const settled = (status: DeliveryStatus | undefined): boolean =>
  status === 'delivered' || status === 'skipped';

/** The delivery a claim names, when its token is still the delivery's. */
function claimed(tables: MemoryOutboxTables, claim: DeliveryClaim): MemoryDelivery | undefined {
  const delivery = tables.deliveries.get(deliveryKey(claim.event.id, claim.sink));
  return delivery?.token === claim.token && delivery.status === 'pending' ? delivery : undefined;
}

/** The events a selector names. */
function selected(tables: MemoryOutboxTables, selector: RedeliverySelector): readonly OutboxEvent[] {
  if ('ids' in selector) {
    const ids = new Set(selector.ids);
    return tables.events.filter((event) => ids.has(event.id));
  }
  if ('orderId' in selector) return tables.events.filter((event) => event.order_id === selector.orderId);
  const from = Date.parse(selector.from);
  const to = Date.parse(selector.to);
  return tables.events.filter((event) => {
    const at = Date.parse(event.occurred_at);
    return at >= from && at < to;
  });
}

/** Claims for one sink: the oldest unsettled event of each order, when it is due and not leased. */
function claimFrom(
  tables: MemoryOutboxTables,
  sink: string,
  limit: number,
  now: string,
  leaseUntil: string,
  token: string,
): readonly DeliveryClaim[] {
  const at = Date.parse(now);
  const heads = new Set<number>();
  const claims: DeliveryClaim[] = [];
  for (const event of tables.events) {
    if (claims.length >= limit) break;
    if (heads.has(event.order_id)) continue;
    const existing = tables.deliveries.get(deliveryKey(event.id, sink));
    if (settled(existing?.status)) continue;
    // The oldest unsettled event of its order: the order's later events wait for it, whatever happens to it.
    heads.add(event.order_id);
    const delivery = existing ?? deliveryOf(tables, event, sink);
    if (delivery.status !== 'pending' || Date.parse(delivery.nextAttemptAt) > at) continue;
    if (delivery.leaseUntil !== null && Date.parse(delivery.leaseUntil) > at) continue;
    delivery.token = token;
    delivery.leaseUntil = leaseUntil;
    const { attempts, firstFailedAt } = delivery;
    claims.push({ event, sink, token, attempts, firstFailedAt });
  }
  return claims;
}

/** Deletes up to `limit` events before `before`, settled for every sink of `sinks`, each order's last kept. */
function pruneEvents(
  tables: MemoryOutboxTables,
  before: string,
  sinks: readonly string[],
  limit: number,
): number {
  const cutoff = Date.parse(before);
  const doomed = new Set<string>();
  for (const event of tables.events) {
    if (doomed.size >= limit) break;
    if (Date.parse(event.occurred_at) >= cutoff) continue;
    if (event.sequence >= (tables.sequences.get(event.order_id) ?? 0)) continue;
    const done = sinks.every((sink) => settled(tables.deliveries.get(deliveryKey(event.id, sink))?.status));
    if (done) doomed.add(event.id);
  }
  if (doomed.size === 0) return 0;
  const kept = tables.events.filter((event) => !doomed.has(event.id));
  tables.events.splice(0, tables.events.length, ...kept);
  for (const key of [...tables.deliveries.keys()]) {
    const [id] = JSON.parse(key) as [string, string];
    if (doomed.has(id)) tables.deliveries.delete(key);
  }
  return doomed.size;
}

/** Marks one claimed delivery done; false when the claim is no longer its token's. */
function completeOne(tables: MemoryOutboxTables, claim: DeliveryClaim, at: string): boolean {
  const delivery = claimed(tables, claim);
  if (delivery === undefined) return false;
  Object.assign(delivery, { status: 'delivered', deliveredAt: at, token: null, leaseUntil: null });
  return true;
}

/**
 * An {@link Outbox} over memory tables (those of a memory store, which its order repository writes). Every method
 * runs synchronously, so concurrent callers never interleave inside one. For tests, examples and one-process
 * hosts: the events live as long as the process.
 */
export function createMemoryOutbox(tables: MemoryOutboxTables): Outbox {
  return {
    async claim({ sink, limit, now, leaseUntil, token }) {
      return claimFrom(tables, sink, limit, now, leaseUntil, token);
    },

    async complete(claim, at) {
      return completeOne(tables, claim, at);
    },

    async completeAll(claims, at) {
      return claims.filter((claim) => completeOne(tables, claim, at)).length;
    },

    async fail(claim, failure) {
      const delivery = claimed(tables, claim);
      if (delivery === undefined) return false;
      delivery.attempts += 1;
      delivery.lastError = failure.error;
      delivery.firstFailedAt ??= failure.at;
      delivery.token = null;
      delivery.leaseUntil = null;
      if (failure.retryAt === null) delivery.status = 'dead';
      else delivery.nextAttemptAt = failure.retryAt;
      return true;
    },

    async release(claims) {
      for (const claim of claims) {
        const delivery = claimed(tables, claim);
        if (delivery === undefined) continue;
        delivery.token = null;
        delivery.leaseUntil = null;
      }
    },

    async redeliver(selector, at, sinks) {
      let count = 0;
      for (const event of selected(tables, selector)) {
        const names =
          sinks ??
          [...tables.deliveries.keys()]
            .map((key) => JSON.parse(key) as [string, string])
            .filter(([id]) => id === event.id)
            .map(([, sink]) => sink);
        for (const sink of names) {
          const delivery = deliveryOf(tables, event, sink);
          Object.assign(delivery, {
            status: 'pending',
            attempts: 0,
            lastError: null,
            nextAttemptAt: at,
            deliveredAt: null,
            firstFailedAt: null,
            token: null,
            leaseUntil: null,
          });
          count += 1;
        }
      }
      return count;
    },

    async skip(eventId, sink, at) {
      const event = tables.events.find((candidate) => candidate.id === eventId);
      if (event === undefined) return false;
      const delivery = deliveryOf(tables, event, sink);
      if (settled(delivery.status)) return false;
      Object.assign(delivery, { status: 'skipped', deliveredAt: at, token: null, leaseUntil: null });
      return true;
    },

    async prune(before, sinks, limit) {
      return pruneEvents(tables, before, sinks, limit);
    },

    async eventsOf(orderId) {
      return tables.events.filter((event) => event.order_id === orderId);
    },

    async deliveriesOf(eventId): Promise<readonly DeliveryState[]> {
      const states: DeliveryState[] = [];
      for (const [key, delivery] of tables.deliveries) {
        const [id, sink] = JSON.parse(key) as [string, string];
        if (id !== eventId) continue;
        const { status, attempts, lastError, nextAttemptAt, deliveredAt } = delivery;
        states.push({ eventId, sink, status, attempts, lastError, nextAttemptAt, deliveredAt });
      }
      return states;
    },

    async onWritten(listener) {
      const wake = () => listener();
      tables.listeners.add(wake);
      return async () => {
        tables.listeners.delete(wake);
      };
    },
  };
}
