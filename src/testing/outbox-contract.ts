/**
 * The outbox contract suite: events written with their order writes, claimed head of line per order and sink,
 * fenced by tokens, retried, parked, redelivered and skipped.
 * @module
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { OrderRecord } from '../domain/records/order.js';
import type { OrderRepository } from '../ports/order-repository.js';
import type { DeliveryClaim, Outbox } from '../ports/outbox.js';
import { demo, expectOutcome } from './order-contract/helpers.js';
import { type OrderRepositorySeed, seedOrderRepository } from './order-contract/seed.js';
import { sampleHistoryWrite, sampleOrderDraft } from './order-fixtures.js';
import { reportingOrders } from './reporting-orders.js';
import { seededCase } from './seeded-case.js';
import { type CleanableFixture, cannotRun, type TestApi } from './test-api.js';

/** What the outbox suite needs for one case: an order repository and the outbox its writes fill. */
export interface OutboxFixture extends CleanableFixture {
  readonly orders: OrderRepository;
  readonly outbox: Outbox;
}

/**
 * Stores `seed` (the order-repository suite's: product 40 with a million in stock) freshly, with an empty
 * outbox, and answers the repository and its outbox.
 */
export type OutboxSetup = (seed: OrderRepositorySeed) => Promise<OutboxFixture>;

const T0 = '2024-05-01T10:00:00.000Z';
const at = (seconds: number): string => new Date(Date.parse(T0) + seconds * 1000).toISOString();
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Claims for `sink` at `now` with a lease of a minute and a fresh token. */
function claim(outbox: Outbox, sink: string, now = at(0), limit = 100): Promise<readonly DeliveryClaim[]> {
  return outbox.claim({
    sink,
    limit,
    now,
    leaseUntil: at((Date.parse(now) - Date.parse(T0)) / 1000 + 60),
    token: randomUUID(),
  });
}

/**
 * Places an order (status 1, one iPhone taken) and moves it to status 2 with a notice, handing each write the
 * events the domain reports for it: five events.
 */
async function placeAndProcess(repository: OrderRepository): Promise<OrderRecord> {
  const orders = reportingOrders(repository);
  const move = { productId: demo.iphone, productOptionValueId: null, delta: -1, guard: true };
  const created = expectOutcome(
    await orders.create(sampleOrderDraft(), sampleHistoryWrite({ stockMoves: [move], dateAdded: T0 })),
    'created',
    'create',
  ).order;
  const second = sampleHistoryWrite({ orderStatusId: 2, comment: 'Picked', notify: true, dateAdded: at(1) });
  expectOutcome(await orders.addHistory(created.orderId, second, 1), 'written', 'addHistory');
  return created;
}

const typesOf = (claims: readonly DeliveryClaim[]) =>
  claims.map((c) => `${c.event.order_id}:${c.event.type}`);

/**
 * The outbox's `completeAll`. It is optional (without it the dispatcher completes each claim), so a case about it
 * cannot run on an outbox that has none, and is reported skipped rather than passed.
 */
function completeAllOf(outbox: Outbox): (claims: readonly DeliveryClaim[], at: string) => Promise<number> {
  const { completeAll } = outbox;
  if (completeAll === undefined) {
    cannotRun('the outbox has no completeAll (it is optional: the dispatcher then completes each claim)');
  }
  return (claims, when) => completeAll.call(outbox, claims, when);
}

/** The status of an event's delivery to one sink, and when it was delivered; undefined when it has none. */
async function stateFor(outbox: Outbox, eventId: string, sink: string) {
  const state = (await outbox.deliveriesOf(eventId)).find((s) => s.sink === sink);
  return state === undefined ? undefined : { status: state.status, deliveredAt: state.deliveredAt };
}

/** Registers every case of the outbox contract, each on a fresh fixture from `setup`. */
export function describeOutboxContract(t: TestApi, name: string, setup: OutboxSetup): void {
  const test = seededCase(t, seedOrderRepository, setup);

  t.describe(`Outbox contract: ${name}`, () => {
    test('an order write stores its events with it, numbered per order, with UUIDv7 ids', async ({
      orders,
      outbox,
    }) => {
      const order = await placeAndProcess(orders);
      const events = await outbox.eventsOf(order.orderId);
      assert.deepEqual(
        events.map((e) => [e.sequence, e.type]),
        [
          [1, 'order.placed'],
          [2, 'stock.changed'],
          [3, 'customer.notify'],
          [4, 'order.status_changed'],
          [5, 'customer.notify'],
        ],
      );
      for (const event of events) {
        assert.match(event.id, UUID_V7);
        assert.equal(event.order_id, order.orderId);
        assert.equal(event.schema, 1);
      }
      assert.equal(new Set(events.map((e) => e.id)).size, events.length);
      assert.equal(events[0]?.occurred_at, T0);
      assert.deepEqual(events[4]?.data, {
        order_id: order.orderId,
        order_status_id: 2,
        from_order_status_id: 1,
        comment: 'Picked',
        email: order.customer.email,
        firstname: order.customer.firstname,
        lastname: order.customer.lastname,
        language_code: order.languageCode,
      });
    });

    test('a write stores exactly the events it is handed, and none of its own', async ({
      orders,
      outbox,
    }) => {
      const move = { productId: demo.iphone, productOptionValueId: null, delta: -1, guard: true };
      const placed = sampleHistoryWrite({ stockMoves: [move], notify: true, dateAdded: T0 });
      const silent = expectOutcome(
        await orders.create(sampleOrderDraft(), placed),
        'created',
        'create',
      ).order;
      assert.deepEqual(await outbox.eventsOf(silent.orderId), [], 'a write handed no events stores none');
      const entry = sampleHistoryWrite({ orderStatusId: 2, stockMoves: [move], dateAdded: at(1) });
      expectOutcome(await orders.addHistory(silent.orderId, entry, 1), 'written', 'addHistory');
      assert.deepEqual(await outbox.eventsOf(silent.orderId), []);
      // What a write is handed is stored as it is (a create's with the new order's id), whatever the write did.
      const handed = [{ type: 'order.redemptions_released' as const, data: { order_id: 0 } }];
      const created = expectOutcome(
        await orders.create(sampleOrderDraft(), placed, undefined, handed),
        'created',
        'create',
      ).order;
      const stored = await outbox.eventsOf(created.orderId);
      assert.deepEqual(
        stored.map((e) => [e.sequence, e.type, e.data]),
        [[1, 'order.redemptions_released', { order_id: created.orderId }]],
      );
      const note = { type: 'order.redemptions_released' as const, data: { order_id: created.orderId } };
      expectOutcome(
        await orders.addHistory(created.orderId, entry, 1, [note, note]),
        'written',
        'addHistory',
      );
      const after = await outbox.eventsOf(created.orderId);
      assert.deepEqual(
        after.map((e) => [e.sequence, e.type, e.occurred_at]),
        [
          [1, 'order.redemptions_released', T0],
          [2, 'order.redemptions_released', at(1)],
          [3, 'order.redemptions_released', at(1)],
        ],
      );
    });

    test('a refused write stores no event', async ({ orders: repository, outbox }) => {
      const orders = reportingOrders(repository);
      const order = await placeAndProcess(orders);
      const tooMany = { productId: demo.iphone, productOptionValueId: null, delta: -2_000_000, guard: true };
      const refused = await orders.addHistory(
        order.orderId,
        sampleHistoryWrite({ stockMoves: [tooMany] }),
        2,
      );
      assert.equal(refused.status, 'insufficient_stock');
      const stale = await orders.addHistory(order.orderId, sampleHistoryWrite({ orderStatusId: 5 }), 1);
      assert.equal(stale.status, 'conflict');
      assert.equal((await outbox.eventsOf(order.orderId)).length, 5);
    });

    test('claims answer only the oldest undelivered event of each order', async ({ orders, outbox }) => {
      const first = await placeAndProcess(orders);
      const second = await placeAndProcess(orders);
      const claims = await claim(outbox, 'a');
      assert.deepEqual(typesOf(claims), [`${first.orderId}:order.placed`, `${second.orderId}:order.placed`]);
      // Leased: nothing more for this sink, but another sink has its own deliveries.
      assert.deepEqual(await claim(outbox, 'a'), []);
      assert.equal((await claim(outbox, 'b')).length, 2);
      for (const c of claims) assert.equal(await outbox.complete(c, at(2)), true);
      const next = await claim(outbox, 'a');
      assert.deepEqual(typesOf(next), [`${first.orderId}:stock.changed`, `${second.orderId}:stock.changed`]);
    });

    test('a lease that ran out is taken over, and the old token can no longer record anything', async ({
      orders,
      outbox,
    }) => {
      await placeAndProcess(orders);
      const [old] = await claim(outbox, 'a', at(0), 1);
      assert.ok(old);
      assert.deepEqual(await claim(outbox, 'a', at(59)), []);
      const [taken] = await claim(outbox, 'a', at(61));
      assert.equal(taken?.event.id, old.event.id);
      assert.equal(await outbox.complete(old, at(62)), false);
      assert.equal(await outbox.fail(old, { error: 'late', at: at(62), retryAt: at(63) }), false);
      assert.ok(taken);
      assert.equal(await outbox.complete(taken, at(62)), true);
      const [state] = await outbox.deliveriesOf(old.event.id);
      assert.equal(state?.status, 'delivered');
    });

    test('completeAll marks exactly the claims it is given delivered, for their sink alone', async ({
      orders,
      outbox,
    }) => {
      const completeAll = completeAllOf(outbox);
      const placed = [
        await placeAndProcess(orders),
        await placeAndProcess(orders),
        await placeAndProcess(orders),
      ];
      const forA = await claim(outbox, 'a');
      const forB = await claim(outbox, 'b');
      assert.equal(forA.length, 3);
      assert.equal(forB.length, 3);
      const [first, second, third] = forA as [DeliveryClaim, DeliveryClaim, DeliveryClaim];
      // A claim listed twice is recorded once, as a second `complete` of it would record nothing.
      assert.equal(await completeAll([first, second, first], at(2)), 2);
      for (const done of [first, second]) {
        assert.deepEqual(await stateFor(outbox, done.event.id, 'a'), {
          status: 'delivered',
          deliveredAt: at(2),
        });
        assert.deepEqual(await stateFor(outbox, done.event.id, 'b'), {
          status: 'pending',
          deliveredAt: null,
        });
      }
      assert.deepEqual(await stateFor(outbox, third.event.id, 'a'), { status: 'pending', deliveredAt: null });
      // Their orders' next events are claimable; the third order's head is still leased, and so are all of `b`'s.
      assert.deepEqual(typesOf(await claim(outbox, 'a', at(3))), [
        `${placed[0]?.orderId}:stock.changed`,
        `${placed[1]?.orderId}:stock.changed`,
      ]);
      assert.deepEqual(await claim(outbox, 'b', at(3)), []);
      // What was left out keeps its claim: its token still records it.
      assert.equal(await outbox.complete(third, at(4)), true);
      assert.equal(await completeAll(forB, at(5)), 3);
      for (const done of forB) {
        assert.deepEqual(await stateFor(outbox, done.event.id, 'b'), {
          status: 'delivered',
          deliveredAt: at(5),
        });
      }
    });

    test("completeAll, as complete, records nothing for a claim whose token is no longer the delivery's", async ({
      orders,
      outbox,
    }) => {
      const completeAll = completeAllOf(outbox);
      for (let i = 0; i < 4; i += 1) await placeAndProcess(orders);
      // Four heads claimed apart: `old` leased until 60 s, `current` until 90 s, `failed` and `released` given back.
      const [old] = await claim(outbox, 'a', at(0), 1);
      const [current] = await claim(outbox, 'a', at(30), 1);
      const [failed, released] = await claim(outbox, 'a', at(30), 2);
      assert.ok(old && current && failed && released);
      assert.equal(await outbox.fail(failed, { error: 'HTTP 500', at: at(31), retryAt: at(10_000) }), true);
      await outbox.release([released]);
      const [ofB] = await claim(outbox, 'b', at(30), 1);
      assert.equal(ofB?.event.id, old.event.id);
      // After 60 s `old`'s lease is taken over (and `released` claimed again); `current`'s still runs.
      const takeover = await claim(outbox, 'a', at(61));
      assert.deepEqual(takeover.map((c) => c.event.id).sort(), [old.event.id, released.event.id].sort());
      const taken = takeover.find((c) => c.event.id === old.event.id);
      assert.ok(taken);
      const stale = [
        old,
        released,
        failed,
        { ...current, token: randomUUID() },
        // `a`'s token on the same event's delivery to `b`, which `b` claimed with its own.
        { ...old, sink: 'b' },
      ];
      for (const claimed of stale) assert.equal(await outbox.complete(claimed, at(62)), false);
      assert.equal(await completeAll(stale, at(62)), 0);
      assert.equal(await completeAll([...stale, current], at(62)), 1);
      assert.deepEqual(await stateFor(outbox, old.event.id, 'a'), { status: 'pending', deliveredAt: null });
      assert.deepEqual(await stateFor(outbox, old.event.id, 'b'), { status: 'pending', deliveredAt: null });
      assert.deepEqual(await stateFor(outbox, released.event.id, 'a'), {
        status: 'pending',
        deliveredAt: null,
      });
      const [failedState] = await outbox.deliveriesOf(failed.event.id);
      assert.equal(failedState?.status, 'pending');
      assert.equal(failedState?.attempts, 1);
      assert.deepEqual(await stateFor(outbox, current.event.id, 'a'), {
        status: 'delivered',
        deliveredAt: at(62),
      });
      // A claim once recorded is recorded no more; those who hold the deliveries now still record them.
      assert.equal(await completeAll([current], at(63)), 0);
      assert.equal(await completeAll([...takeover, ofB ?? old], at(63)), 3);
      assert.deepEqual(await stateFor(outbox, old.event.id, 'a'), {
        status: 'delivered',
        deliveredAt: at(63),
      });
      assert.deepEqual(await stateFor(outbox, old.event.id, 'b'), {
        status: 'delivered',
        deliveredAt: at(63),
      });
    });

    test('completeAll, as complete, still records a claim whose lease ran out when no one took it over', async ({
      orders,
      outbox,
    }) => {
      const completeAll = completeAllOf(outbox);
      await placeAndProcess(orders);
      const claims = await claim(outbox, 'a');
      assert.equal(claims.length, 1);
      assert.equal(await completeAll(claims, at(3_600)), 1);
      assert.deepEqual(await stateFor(outbox, claims[0]?.event.id ?? '', 'a'), {
        status: 'delivered',
        deliveredAt: at(3_600),
      });
    });

    test('completeAll of no claims does nothing', async ({ orders, outbox }) => {
      const completeAll = completeAllOf(outbox);
      await placeAndProcess(orders);
      const [claimed] = await claim(outbox, 'a');
      assert.ok(claimed);
      assert.equal(await completeAll([], at(2)), 0);
      assert.deepEqual(await stateFor(outbox, claimed.event.id, 'a'), {
        status: 'pending',
        deliveredAt: null,
      });
      assert.deepEqual(await claim(outbox, 'a', at(2)), [], 'the claim still holds its lease');
      assert.equal(await outbox.complete(claimed, at(3)), true, 'and its token');
    });

    test('a failure is retried when due, with the attempts counted and the error kept', async ({
      orders,
      outbox,
    }) => {
      await placeAndProcess(orders);
      const [first] = await claim(outbox, 'a');
      assert.ok(first);
      assert.equal(await outbox.fail(first, { error: 'HTTP 500', at: at(1), retryAt: at(10) }), true);
      assert.deepEqual(await claim(outbox, 'a', at(9)), [], 'not due yet, and it holds its order');
      const [again] = await claim(outbox, 'a', at(10));
      assert.equal(again?.event.id, first.event.id);
      assert.equal(again?.attempts, 1);
      assert.equal(again?.firstFailedAt, at(1));
      const [state] = await outbox.deliveriesOf(first.event.id);
      assert.equal(state?.lastError, 'HTTP 500');
    });

    test('a dead event holds its order for that sink until redelivered or skipped', async ({
      orders,
      outbox,
    }) => {
      const order = await placeAndProcess(orders);
      const [first] = await claim(outbox, 'a');
      assert.ok(first);
      await outbox.fail(first, { error: 'gone', at: at(1), retryAt: null });
      assert.deepEqual(await claim(outbox, 'a', at(100_000)), []);
      assert.equal((await outbox.deliveriesOf(first.event.id))[0]?.status, 'dead');
      assert.equal(await outbox.redeliver({ ids: [first.event.id] }, at(2), ['a']), 1);
      const [again] = await claim(outbox, 'a', at(2));
      assert.equal(again?.event.id, first.event.id);
      assert.ok(again);
      await outbox.fail(again, { error: 'gone again', at: at(3), retryAt: null });
      assert.equal(await outbox.skip(first.event.id, 'a', at(4)), true);
      const [next] = await claim(outbox, 'a', at(4));
      assert.equal(next?.event.sequence, 2);
      assert.equal(next?.event.order_id, order.orderId);
    });

    test('redelivery by order and by time range makes delivered events due again, in order', async ({
      orders,
      outbox,
    }) => {
      const order = await placeAndProcess(orders);
      for (let round = 0; round < 5; round += 1) {
        for (const c of await claim(outbox, 'a', at(2))) await outbox.complete(c, at(2));
      }
      assert.deepEqual(await claim(outbox, 'a', at(2)), []);
      assert.equal(await outbox.redeliver({ orderId: order.orderId }, at(3), ['a']), 5);
      const [first] = await claim(outbox, 'a', at(3));
      assert.equal(first?.event.sequence, 1);
      assert.ok(first);
      await outbox.complete(first, at(3));
      for (let round = 0; round < 4; round += 1) {
        for (const c of await claim(outbox, 'a', at(3))) await outbox.complete(c, at(3));
      }
      // Events 4 and 5 occurred a second after the first three.
      assert.equal(await outbox.redeliver({ from: at(1), to: at(2) }, at(4), ['a']), 2);
      const [fourth] = await claim(outbox, 'a', at(4));
      assert.equal(fourth?.event.sequence, 4);
    });

    test('concurrent claims for one sink never answer the same event', async ({ orders, outbox }) => {
      for (let i = 0; i < 6; i += 1) await placeAndProcess(orders);
      const rounds = await Promise.all(Array.from({ length: 4 }, () => claim(outbox, 'a', at(0), 3)));
      const ids = rounds.flat().map((c) => c.event.id);
      assert.equal(new Set(ids).size, ids.length);
      assert.equal(ids.length, 6);
    });

    test('prune deletes old events every named sink settled, keeping each order its last', async ({
      orders,
      outbox,
    }) => {
      const order = await placeAndProcess(orders);
      // Events 1–3 occurred at T0, 4–5 a second later. Deliver 1–4 to `a`; to `b` only the first two.
      for (let round = 0; round < 4; round += 1) {
        for (const c of await claim(outbox, 'a', at(2))) await outbox.complete(c, at(2));
      }
      for (let round = 0; round < 2; round += 1) {
        for (const c of await claim(outbox, 'b', at(2))) await outbox.complete(c, at(2));
      }
      const [first] = await outbox.eventsOf(order.orderId);
      assert.equal(await outbox.prune(at(0), ['a', 'b'], 100), 0, 'nothing occurred before T0');
      assert.equal(await outbox.prune(at(10), ['a', 'b'], 1), 1, 'at most the limit');
      assert.equal(await outbox.prune(at(10), ['a', 'b'], 100), 1, 'only what both sinks settled');
      const left = await outbox.eventsOf(order.orderId);
      assert.deepEqual(
        left.map((e) => e.sequence),
        [3, 4, 5],
      );
      assert.deepEqual(await outbox.deliveriesOf(first?.id ?? ''), [], 'its deliveries go with it');
      // Every sink settled everything: all but the order's last event go, and the next event follows it.
      for (let round = 0; round < 3; round += 1) {
        for (const sink of ['a', 'b']) {
          for (const c of await claim(outbox, sink, at(3))) await outbox.complete(c, at(3));
        }
      }
      assert.equal(await outbox.prune(at(10), ['a', 'b'], 100), 2);
      assert.deepEqual(
        (await outbox.eventsOf(order.orderId)).map((e) => e.sequence),
        [5],
      );
      const reporting = reportingOrders(orders);
      const entry = sampleHistoryWrite({ orderStatusId: 5, dateAdded: at(20) });
      expectOutcome(await reporting.addHistory(order.orderId, entry, 2), 'written', 'addHistory');
      assert.deepEqual(
        (await outbox.eventsOf(order.orderId)).map((e) => e.sequence),
        [5, 6],
      );
    });

    test('release gives claims back at once', async ({ orders, outbox }) => {
      await placeAndProcess(orders);
      const claims = await claim(outbox, 'a');
      await outbox.release(claims);
      assert.equal((await claim(outbox, 'a')).length, 1);
    });
  });
}
