/**
 * The dispatcher over the memory outbox: every event to every sink, in order per order, retried with backoff,
 * parked, redelivered and skipped; woken by writes; stopped gracefully.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryAdapters } from '../../src/adapters/memory/index.js';
import type { OutboxEvent } from '../../src/domain/events/index.js';
import { createDispatcher, createNotifierSink } from '../../src/engine/index.js';
import type { EventSink } from '../../src/ports/event-sink.js';
import {
  createManualClock,
  describeEventSinkContract,
  reportingOrders,
  sampleHistoryWrite,
  sampleOrderDraft,
} from '../../src/testing/index.js';
import { seedOrderRepository } from '../../src/testing/order-contract/seed.js';
import { orderStore } from '../contract/support/seeded-store.js';

const quiet = { warn: () => undefined, error: () => undefined };

/** A sink that records what it got, and fails while `failing` says so. */
function recordingSink(name: string, failing: (event: OutboxEvent) => boolean = () => false) {
  const got: OutboxEvent[] = [];
  const sink: EventSink = {
    name,
    async deliver(event) {
      if (failing(event)) throw new Error(`${name} is down`);
      got.push(event);
    },
  };
  return { sink, got };
}

function store() {
  const clock = createManualClock('2024-05-01T10:00:00Z');
  const ports = createMemoryAdapters(orderStore(seedOrderRepository()), { clock });
  return { clock, ...ports, orders: reportingOrders(ports.orders) };
}

/** Places an order and moves it twice: each order writes 1 + 1 + 2 + 2 = 6… events (placed, notify, two moves). */
async function placeOrder(orders: ReturnType<typeof store>['orders']): Promise<number> {
  const created = await orders.create(sampleOrderDraft(), sampleHistoryWrite());
  if (created.status !== 'created') throw new Error(created.status);
  const id = created.order.orderId;
  await orders.addHistory(id, sampleHistoryWrite({ orderStatusId: 2, notify: true }), 1);
  await orders.addHistory(id, sampleHistoryWrite({ orderStatusId: 5 }), 2);
  return id;
}

/** Per order, the sequences a sink got, in arrival order. */
function sequencesByOrder(events: readonly OutboxEvent[]): Map<number, number[]> {
  const byOrder = new Map<number, number[]>();
  for (const event of events)
    byOrder.set(event.order_id, [...(byOrder.get(event.order_id) ?? []), event.sequence]);
  return byOrder;
}

describe('dispatcher', () => {
  it('delivers every event to every sink once, in order per order', async () => {
    const { orders, outbox, clock } = store();
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await placeOrder(orders));
    const a = recordingSink('a');
    const b = recordingSink('b');
    const dispatcher = createDispatcher({
      store: { outbox },
      sinks: [a.sink, b.sink],
      clock,
      autoStart: false,
      batchSize: 3,
    });
    await dispatcher.drain();
    for (const { got } of [a, b]) {
      expect(got).toHaveLength(25);
      for (const id of ids) expect(sequencesByOrder(got).get(id)).toEqual([1, 2, 3, 4, 5]);
    }
  });

  it('has at most `concurrency` deliveries of a sink under way at once, and delivers every one', async () => {
    const { orders, outbox, clock } = store();
    for (let i = 0; i < 12; i += 1) await placeOrder(orders);
    let underWay = 0;
    let most = 0;
    const got: OutboxEvent[] = [];
    const sink: EventSink = {
      name: 'slow',
      async deliver(event) {
        underWay += 1;
        most = Math.max(most, underWay);
        await new Promise((resolve) => setTimeout(resolve, 1));
        underWay -= 1;
        got.push(event);
      },
    };
    const dispatcher = createDispatcher({
      store: { outbox },
      sinks: [sink],
      clock,
      autoStart: false,
      batchSize: 10,
      concurrency: 3,
    });
    await dispatcher.drain();
    expect(most).toBe(3);
    expect(got).toHaveLength(60);
    for (const sequences of sequencesByOrder(got).values()) expect(sequences).toEqual([1, 2, 3, 4, 5]);
  });

  it('retries a failing sink with backoff, and a sink that works is not held back by it', async () => {
    const { orders, outbox, clock } = store();
    const id = await placeOrder(orders);
    let down = true;
    const flaky = recordingSink('flaky', () => down);
    const fine = recordingSink('fine');
    const dispatcher = createDispatcher({
      store: { outbox },
      sinks: [flaky.sink, fine.sink],
      clock,
      random: () => 0.999,
      logger: quiet,
      autoStart: false,
    });
    await dispatcher.drain();
    expect(fine.got).toHaveLength(5);
    expect(flaky.got).toHaveLength(0);
    const [first] = await outbox.eventsOf(id);
    const [state] = (await outbox.deliveriesOf(first?.id ?? '')).filter((d) => d.sink === 'flaky');
    expect(state).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Error: flaky is down' });
    // Nothing is due before the backoff (5 s, jittered to at most 5 s) has passed.
    clock.advance(2_000);
    expect(await dispatcher.drain()).toBe(0);
    down = false;
    clock.advance(3_000);
    await dispatcher.drain();
    expect(sequencesByOrder(flaky.got).get(id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('parks a delivery dead after the retry window; it holds its order until redelivered, or skipped', async () => {
    const { orders, outbox, clock } = store();
    const id = await placeOrder(orders);
    let down = true;
    const sink = recordingSink('s', () => down);
    const dispatcher = createDispatcher({
      store: { outbox },
      sinks: [sink.sink],
      clock,
      logger: quiet,
      autoStart: false,
      retry: { firstDelayMs: 1_000, maxDelayMs: 1_000, giveUpAfterMs: 10_000 },
    });
    for (let i = 0; i < 15; i += 1) {
      await dispatcher.drain();
      clock.advance(1_000);
    }
    const [first, second] = await outbox.eventsOf(id);
    expect((await outbox.deliveriesOf(first?.id ?? ''))[0]?.status).toBe('dead');
    down = false;
    clock.advance(60_000);
    expect(await dispatcher.drain()).toBe(0);
    expect(await dispatcher.redeliver({ ids: [first?.id ?? ''] })).toBe(1);
    await dispatcher.drain();
    expect(sink.got.map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5]);
    // Skipping: a dead second event is given up by an operator and the order goes on.
    down = true;
    const more = await placeOrder(orders);
    for (let i = 0; i < 15; i += 1) {
      await dispatcher.drain();
      clock.advance(1_000);
    }
    down = false;
    const [head] = await outbox.eventsOf(more);
    expect(await dispatcher.skip(head?.id ?? '', 's')).toBe(true);
    await dispatcher.drain();
    expect(sequencesByOrder(sink.got).get(more)).toEqual([2, 3, 4, 5]);
    expect(second).toBeDefined();
  });

  it('wakes when events are written, and stops gracefully', async () => {
    const { orders, outbox } = store();
    const sink = recordingSink('s');
    const dispatcher = createDispatcher({ store: { outbox }, sinks: [sink.sink], pollMs: 60_000 });
    await placeOrder(orders);
    for (let i = 0; i < 200 && sink.got.length < 5; i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(sink.got).toHaveLength(5);
    await dispatcher.stop();
    await placeOrder(orders);
    await new Promise((r) => setTimeout(r, 50));
    expect(sink.got).toHaveLength(5);
  });

  it('prunes what its sinks all got, once it is older than the retention, in batches', async () => {
    const { orders, outbox, clock } = store();
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) ids.push(await placeOrder(orders));
    const a = recordingSink('a');
    const b = recordingSink('b', (event) => event.order_id === ids[0]);
    const dispatcher = createDispatcher({
      store: { outbox },
      sinks: [a.sink, b.sink],
      clock,
      autoStart: false,
      batchSize: 2,
    });
    await dispatcher.drain();
    expect(await dispatcher.prune(60_000)).toBe(0);
    clock.advance(61_000);
    // Four events of each order go; the first order's stay for `b`, which never got them; each order keeps its last.
    expect(await dispatcher.prune(60_000)).toBe(12);
    expect((await outbox.eventsOf(ids[0] ?? 0)).map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5]);
    expect((await outbox.eventsOf(ids[1] ?? 0)).map((e) => e.sequence)).toEqual([5]);
    await expect(dispatcher.prune(-1)).rejects.toThrow(/retention/);
  });

  it('refuses two sinks of one name', () => {
    const { outbox } = store();
    expect(() =>
      createDispatcher({ store: { outbox }, sinks: [recordingSink('x').sink, recordingSink('x').sink] }),
    ).toThrow(/name of its own/);
  });
});

describeEventSinkContract({ describe, it }, 'the notifier', async () => {
  const received: { id: string }[] = [];
  const sink = createNotifierSink({
    async notify(_event, delivery) {
      received.push({ id: delivery?.eventId ?? '' });
    },
  });
  return { sink, received: async () => received, carries: ['customer.notify'], lagMs: 50 };
});
