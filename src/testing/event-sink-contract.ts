/**
 * The event-sink contract suite: what a sink resolved for is at its destination, whole and with its id; an
 * order's events arrive in the order delivered; a repeat carries the same id; types it does not carry are
 * passed over.
 * @module
 */
import assert from 'node:assert/strict';
import { uuidv7 } from 'uuidv7';
import { EVENT_SCHEMA_VERSION, type EventType, type OutboxEvent } from '../domain/events/event-types.js';
import type { EventSink } from '../ports/event-sink.js';
import type { CleanableFixture, TestApi } from './test-api.js';
import { runCase, withFixture } from './test-api.js';

/** One event as the destination got it: its id, and the envelope when the destination keeps it whole. */
export interface ReceivedEvent {
  readonly id: string;
  /** The envelope as received (parsed JSON); undefined when the destination gets another form (a notifier). */
  readonly body?: unknown;
}

/** What the sink suite needs for one case. */
export interface EventSinkFixture extends CleanableFixture {
  readonly sink: EventSink;
  /** Everything the destination received since the fixture was made, in arrival order. */
  received(): Promise<readonly ReceivedEvent[]>;
  /** The types the sink carries (every type when left out): others must resolve and send nothing. */
  readonly carries?: readonly EventType[];
  /** How long an arrival may lag behind the delivery that resolved, in milliseconds (default 2,000). */
  readonly lagMs?: number;
}

/** Makes a fresh sink and destination for one case (a fresh stream, queue, receiver…). */
export type EventSinkSetup = () => Promise<EventSinkFixture>;

let nextOrder = 1;

/** A sample event of the given type for order `orderId` at `sequence`, with a fresh UUIDv7. */
export function sampleOutboxEvent(type: EventType, orderId: number, sequence: number): OutboxEvent {
  return {
    id: uuidv7(),
    type,
    order_id: orderId,
    sequence,
    occurred_at: new Date(Date.UTC(2024, 4, 1, 10, 0, sequence)).toISOString(),
    schema: EVENT_SCHEMA_VERSION,
    // The data of every type shares these fields; the sinks carry data as it is, whatever its layout.
    data: {
      order_id: orderId,
      order_status_id: 2,
      from_order_status_id: 1,
      comment: 'Picked — “ü” ✓',
      notify: true,
      email: 'demo@example.com',
      firstname: 'Demo',
      lastname: 'Customer',
      language_code: 'en-gb',
    },
  } as unknown as OutboxEvent;
}

/** A fresh order id for the case, so cases sharing a destination never mix. */
const freshOrder = (): number => 1_000_000 + Math.floor(Math.random() * 1_000_000_000) + nextOrder++;

/** The type the cases send: one the sink carries. */
const carried = (fixture: EventSinkFixture): EventType => fixture.carries?.[0] ?? 'order.status_changed';

/** Waits until the destination has `count` events of `ids` (delivery resolved, arrival may lag by a hop). */
async function arrivals(
  fixture: EventSinkFixture,
  ids: readonly string[],
  count: number,
): Promise<ReceivedEvent[]> {
  const wanted = new Set(ids);
  const until = Date.now() + (fixture.lagMs ?? 2_000);
  while (Date.now() < until) {
    const got = (await fixture.received()).filter((event) => wanted.has(event.id));
    if (got.length >= count) return got;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return (await fixture.received()).filter((event) => wanted.has(event.id));
}

/** Registers every case of the event-sink contract, each on a fresh fixture from `setup`. */
export function describeEventSinkContract(t: TestApi, name: string, setup: EventSinkSetup): void {
  const test = (title: string, body: (fixture: EventSinkFixture) => Promise<void>) =>
    t.it(title, (...runner) => runCase(runner[0], () => withFixture(setup, body)));

  t.describe(`EventSink contract: ${name}`, () => {
    test('an event it resolved for is at the destination, whole, with its id', async (fixture) => {
      const event = sampleOutboxEvent(carried(fixture), freshOrder(), 1);
      await fixture.sink.deliver(event);
      const [got] = await arrivals(fixture, [event.id], 1);
      assert.ok(got, 'the destination never received the event');
      assert.equal(got.id, event.id);
      if (got.body !== undefined) assert.deepEqual(got.body, event);
    });

    test('an order’s events arrive in the order they were delivered', async (fixture) => {
      const order = freshOrder();
      const events = [1, 2, 3, 4, 5].map((sequence) => sampleOutboxEvent(carried(fixture), order, sequence));
      for (const event of events) await fixture.sink.deliver(event);
      const got = await arrivals(
        fixture,
        events.map((e) => e.id),
        events.length,
      );
      assert.deepEqual(
        got.map((e) => e.id),
        events.map((e) => e.id),
      );
    });

    test('an event delivered again reaches the destination with the same id, or not again', async (fixture) => {
      const event = sampleOutboxEvent(carried(fixture), freshOrder(), 1);
      await fixture.sink.deliver(event);
      await fixture.sink.deliver(event);
      const got = await arrivals(fixture, [event.id], 1);
      assert.ok(got.length >= 1 && got.length <= 2, `received ${got.length} copies`);
      for (const copy of got) if (copy.body !== undefined) assert.deepEqual(copy.body, event);
    });

    test('a type it does not carry resolves and sends nothing', async (fixture) => {
      const carries = fixture.carries;
      if (carries === undefined) return;
      const other = (['order.placed', 'stock.changed', 'customer.notify'] as const).find(
        (type) => !carries.includes(type),
      );
      if (other === undefined) return;
      const event = sampleOutboxEvent(other, freshOrder(), 1);
      await fixture.sink.deliver(event);
      const marker = sampleOutboxEvent(carried(fixture), event.order_id, 2);
      await fixture.sink.deliver(marker);
      const [markerArrived] = await arrivals(fixture, [marker.id], 1);
      assert.ok(markerArrived, 'the event of a type it carries never arrived');
      const ids = (await fixture.received()).map((e) => e.id);
      assert.equal(ids.includes(event.id), false, `${other} reached the destination`);
    });
  });
}
