/**
 * What the order repositories add to the events they are handed: the layout version, and a new order's id.
 * @module
 */
import type { EventDraft, OutboxEvent } from '../domain/events/event-types.js';

/** The layout version of the events' data (the domain's `EVENT_SCHEMA_VERSION`, which a type check keeps equal). */
export const EVENT_SCHEMA_VERSION: OutboxEvent['schema'] = 1;

/**
 * The events of a new order with the id the repository assigned it: a create's events are decided before the
 * order has an id, with `order_id` 0, and the repository fills it in as it numbers them.
 */
export function withOrderId(drafts: readonly EventDraft[], orderId: number): readonly EventDraft[] {
  return drafts.map((draft) => ({ ...draft, data: { ...draft.data, order_id: orderId } }) as EventDraft);
}
