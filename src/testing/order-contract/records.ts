/**
 * Order-repository contract: creating orders and reading them back.
 * @module
 */
import assert from 'node:assert/strict';
import type { OrderRecord } from '../../domain/records/order.js';
import { sampleHistoryWrite, sampleOrderDraft } from '../order-fixtures.js';
import { expectDraftFields } from './drafts.js';
import { createSampleOrder, expectOutcome, type OrderCase } from './helpers.js';

/** Registers the record cases. */
export function registerRecordCases(test: OrderCase): void {
  test('create assigns a positive id, takes the status from the history entry, starts at revision 1', async ({
    orders,
  }) => {
    const draft = sampleOrderDraft();
    const history = sampleHistoryWrite({ orderStatusId: 2, comment: 'Paid by phone', notify: true });
    const order = expectOutcome(await orders.create(draft, history), 'created', 'create').order;
    assert.ok(
      Number.isSafeInteger(order.orderId) && order.orderId > 0,
      `orderId ${order.orderId} is not positive`,
    );
    assert.equal(order.orderStatusId, 2, 'orderStatusId comes from the history entry');
    assert.equal(order.revision, 1, 'a new order is at revision 1');
    assert.equal(order.history.length, 1, 'a new order has one history entry');
    const [entry] = order.history;
    assert.ok(entry !== undefined);
    assert.ok(Number.isSafeInteger(entry.orderHistoryId) && entry.orderHistoryId > 0, 'orderHistoryId > 0');
    assert.deepStrictEqual(
      { ...entry, orderHistoryId: 0 },
      {
        orderHistoryId: 0,
        orderStatusId: 2,
        comment: 'Paid by phone',
        notify: true,
        dateAdded: history.dateAdded,
      },
      'the history entry is the one given',
    );
    expectDraftFields(order, draft, 'created order');
  });

  test('get returns the created order deep-equal to what create returned', async ({ orders }) => {
    const order = await createSampleOrder(orders);
    assert.deepStrictEqual(await orders.get(order.orderId), order);
  });

  test('ids are distinct over several creates and get returns each order', async ({ orders }) => {
    const created: OrderRecord[] = [];
    for (let i = 0; i < 5; i += 1) {
      const draft = sampleOrderDraft({ comment: `sequential ${i}` });
      created.push(
        expectOutcome(await orders.create(draft, sampleHistoryWrite()), 'created', `create ${i}`).order,
      );
    }
    const concurrent = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        orders.create(sampleOrderDraft({ comment: `concurrent ${i}` }), sampleHistoryWrite()),
      ),
    );
    for (const [i, outcome] of concurrent.entries()) {
      created.push(expectOutcome(outcome, 'created', `concurrent create ${i}`).order);
    }
    const ids = created.map((order) => order.orderId);
    assert.equal(new Set(ids).size, ids.length, `ids repeat: ${ids.join(', ')}`);
    for (const order of created) assert.deepStrictEqual(await orders.get(order.orderId), order);
  });

  test('get of an unknown id is undefined', async ({ orders }) => {
    const order = await createSampleOrder(orders);
    for (const id of [order.orderId + 1_000_000, 0, -1]) {
      assert.equal(await orders.get(id), undefined, `get(${id}) should be undefined`);
    }
  });
}
