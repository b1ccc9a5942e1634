/**
 * Order-repository contract: appending history and updating orders, only at the expected revision.
 * @module
 */
import assert from 'node:assert/strict';
import { sampleHistoryWrite, sampleOrderDraft } from '../order-fixtures.js';
import { changedDraft, expectDraftFields } from './drafts.js';
import {
  createSampleOrder,
  demo,
  expectOutcome,
  expectStock,
  type OrderCase,
  putBack,
  take,
} from './helpers.js';

/** Registers the history and update cases. */
export function registerRevisionCases(test: OrderCase): void {
  test('addHistory at the current revision appends the entry, sets the status and adds one revision', async ({
    orders,
  }) => {
    const draft = sampleOrderDraft();
    const created = expectOutcome(
      await orders.create(draft, sampleHistoryWrite()),
      'created',
      'create',
    ).order;
    const second = sampleHistoryWrite({
      orderStatusId: 2,
      comment: 'Processing — picked',
      notify: true,
      dateAdded: '2024-05-01T12:00:00.000Z',
    });
    const afterSecond = expectOutcome(
      await orders.addHistory(created.orderId, second, 1),
      'written',
      'addHistory',
    );
    const third = sampleHistoryWrite({
      orderStatusId: 3,
      comment: 'Shipped',
      dateAdded: '2024-05-02T08:00:00.000Z',
    });
    const afterThird = expectOutcome(
      await orders.addHistory(created.orderId, third, 2),
      'written',
      'addHistory',
    );
    for (const [order, status, revision] of [
      [afterSecond.order, 2, 2],
      [afterThird.order, 3, 3],
    ] as const) {
      assert.equal(order.orderId, created.orderId);
      assert.equal(order.orderStatusId, status, 'the status is that of the new entry');
      assert.equal(order.revision, revision, 'each write adds one revision');
      expectDraftFields(order, draft, `at revision ${revision}`);
    }
    const history = afterThird.order.history;
    assert.deepStrictEqual(
      history.map(({ orderStatusId, comment, notify, dateAdded }) => ({
        orderStatusId,
        comment,
        notify,
        dateAdded,
      })),
      [sampleHistoryWrite(), second, third].map(({ orderStatusId, comment, notify, dateAdded }) => ({
        orderStatusId,
        comment,
        notify,
        dateAdded,
      })),
      'the history holds every entry in insertion order',
    );
    assert.equal(new Set(history.map((entry) => entry.orderHistoryId)).size, 3, 'orderHistoryIds repeat');
    assert.deepStrictEqual(await orders.get(created.orderId), afterThird.order);
  });

  test('addHistory at a stale revision is a conflict and writes nothing', async ({ orders, catalog }) => {
    const id = (await createSampleOrder(orders)).orderId;
    const current = expectOutcome(
      await orders.addHistory(id, sampleHistoryWrite({ orderStatusId: 2 }), 1),
      'written',
      'addHistory',
    ).order;
    const stale = sampleHistoryWrite({ orderStatusId: 7, stockMoves: [take(demo.iphone, 1)] });
    expectOutcome(await orders.addHistory(id, stale, 1), 'conflict', 'addHistory over revision 1');
    expectOutcome(await orders.addHistory(id, stale, 5), 'conflict', 'addHistory over revision 5');
    assert.deepStrictEqual(await orders.get(id), current, 'the order changed');
    await expectStock(catalog, demo.iphone, demo.iphoneStock, 'after the conflicts');
  });

  test('of 10 concurrent addHistory calls at the same revision exactly one is written', async ({
    orders,
  }) => {
    const id = (await createSampleOrder(orders)).orderId;
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        orders.addHistory(id, sampleHistoryWrite({ orderStatusId: 2, comment: `racer ${i}` }), 1),
      ),
    );
    const written = outcomes.filter((outcome) => outcome.status === 'written');
    assert.equal(written.length, 1, `expected one written, got ${written.length}`);
    assert.equal(
      outcomes.filter((outcome) => outcome.status === 'conflict').length,
      9,
      'the others conflict',
    );
    const stored = await orders.get(id);
    assert.equal(stored?.revision, 2);
    assert.equal(stored?.history.length, 2);
  });

  test('addHistory and update on an unknown order are not_found and write nothing', async ({
    orders,
    catalog,
  }) => {
    const created = await createSampleOrder(orders);
    const unknown = created.orderId + 1_000_000;
    const history = sampleHistoryWrite({ orderStatusId: 2, stockMoves: [take(demo.iphone, 1)] });
    expectOutcome(await orders.addHistory(unknown, history, 1), 'not_found', 'addHistory');
    expectOutcome(await orders.update(unknown, changedDraft(), history, 1), 'not_found', 'update');
    assert.equal(await orders.get(unknown), undefined, 'no order appeared under the unknown id');
    await expectStock(catalog, demo.iphone, demo.iphoneStock, 'after the refused writes');
  });

  test('update replaces the draft and appends the history entry', async ({ orders }) => {
    const created = await createSampleOrder(orders);
    const draft = changedDraft();
    const entry = sampleHistoryWrite({
      orderStatusId: 2,
      comment: 'Order changed',
      dateAdded: draft.dateModified,
    });
    const updated = expectOutcome(await orders.update(created.orderId, draft, entry, 1), 'written', 'update');
    assert.equal(updated.order.orderId, created.orderId, 'update keeps the id');
    assert.equal(updated.order.revision, 2);
    assert.equal(updated.order.orderStatusId, 2);
    expectDraftFields(updated.order, draft, 'updated order');
    assert.deepStrictEqual(
      updated.order.history.map((e) => [e.orderStatusId, e.comment]),
      [
        [1, ''],
        [2, 'Order changed'],
      ],
    );
    assert.deepStrictEqual(await orders.get(created.orderId), updated.order);
  });

  test('update at a stale revision is a conflict and writes nothing', async ({ orders }) => {
    const id = (await createSampleOrder(orders)).orderId;
    const current = expectOutcome(
      await orders.addHistory(id, sampleHistoryWrite(), 1),
      'written',
      'addHistory',
    );
    expectOutcome(await orders.update(id, changedDraft(), sampleHistoryWrite(), 1), 'conflict', 'update');
    assert.deepStrictEqual(await orders.get(id), current.order);
  });

  test('an update gives the old lines back and takes the new ones in one write, in the order given', async ({
    orders,
    catalog,
  }) => {
    // Order: every Canon. The edit keeps them all (back all, take all: only possible after the give-back) and
    // swaps one iPhone in.
    const all = demo.canonStock;
    const created = expectOutcome(
      await orders.create(sampleOrderDraft(), sampleHistoryWrite({ stockMoves: [take(demo.canon, all)] })),
      'created',
      'create',
    ).order;
    await expectStock(catalog, demo.canon, 0, 'after the create');
    const edit = sampleHistoryWrite({
      stockMoves: [putBack(demo.canon, all), take(demo.canon, all), take(demo.iphone, 1)],
    });
    expectOutcome(await orders.update(created.orderId, changedDraft(), edit, 1), 'written', 'update');
    await expectStock(catalog, demo.canon, 0, 'after the edit');
    await expectStock(catalog, demo.iphone, demo.iphoneStock - 1, 'after the edit');
    const short = sampleHistoryWrite({ stockMoves: [putBack(demo.canon, all), take(demo.canon, all + 1)] });
    const refused = expectOutcome(
      await orders.update(created.orderId, changedDraft(), short, 2),
      'insufficient_stock',
      'an edit taking more than the give-back and the stock',
    );
    assert.deepStrictEqual(
      refused.shortages.map((s) => [s.productId, s.productOptionValueId]),
      [[demo.canon, null]],
      'the Canon is short',
    );
    await expectStock(catalog, demo.canon, 0, 'after the refused edit: the give-back was not kept either');
  });
}
