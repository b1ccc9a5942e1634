/**
 * Order-payments contract cases: the payment record written with the order, at its revision, read back with it.
 * @module
 */
import assert from 'node:assert/strict';
import { movePayment } from '../../domain/payment/index.js';
import { sampleHistoryWrite } from '../order-fixtures.js';
import { expectStock } from '../stock-checks.js';
import {
  expectWritten,
  IPHONE,
  IPHONE_STOCK,
  missingOrder,
  type PaymentsCase,
  pendingPayment,
  START,
} from './helpers.js';

/** Registers the payment-record cases. */
export function registerPaymentRecordCases(test: PaymentsCase): void {
  test('writePayment stores the payment with the order at its revision, and get reads it back', async (fixture) => {
    const order = await missingOrder(fixture);
    assert.equal('payment' in order, false, 'an order confirmed without a payment carries no payment key');
    const payment = pendingPayment();
    const written = expectWritten(
      await fixture.orders.writePayment(order.orderId, { payment, at: START }, 1),
      'write',
    );
    assert.equal(written.revision, 2, 'the revision grows by one');
    assert.deepEqual(written.payment, payment, 'the outcome carries the payment as written');
    assert.deepEqual(written.history, order.history, 'no history entry without one');
    assert.equal(written.orderStatusId, 0, 'the status is unchanged without a history entry');
    const read = await fixture.orders.get(order.orderId);
    assert.deepEqual(read?.payment, payment, 'get reads the payment back');
    assert.equal(read?.revision, 2);
  });

  test('writePayment at a stale revision is a conflict, for an unknown order not_found; nothing written', async (fixture) => {
    const order = await missingOrder(fixture);
    const payment = pendingPayment();
    assert.deepEqual(await fixture.orders.writePayment(order.orderId, { payment, at: START }, 2), {
      status: 'conflict',
    });
    assert.deepEqual(await fixture.orders.writePayment(2_000_000_000, { payment, at: START }, 1), {
      status: 'not_found',
    });
    const read = await fixture.orders.get(order.orderId);
    assert.equal(read?.payment, undefined, 'a refused write leaves no payment');
    assert.equal(read?.revision, 1);
  });

  test('of concurrent writes at one revision exactly one is written', async (fixture) => {
    const order = await missingOrder(fixture);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        fixture.orders.writePayment(order.orderId, { payment: pendingPayment(), at: START }, 1),
      ),
    );
    assert.equal(outcomes.filter((o) => o.status === 'written').length, 1, 'exactly one write wins');
    assert.equal(outcomes.filter((o) => o.status === 'conflict').length, 9, 'the others conflict');
  });

  test('a payment moved with a history entry moves the order’s status, stock and history in one write', async (fixture) => {
    const order = await missingOrder(fixture);
    const opened = expectWritten(
      await fixture.orders.writePayment(order.orderId, { payment: pendingPayment(), at: START }, 1),
      'open',
    );
    const authorized = movePayment(opened.payment ?? pendingPayment(), {
      to: 'authorized',
      at: START,
      note: 'webhook',
      reference: 'ref_1',
    });
    if (authorized.isErr()) assert.fail(authorized.error.message);
    const history = sampleHistoryWrite({
      orderStatusId: 2,
      dateAdded: START,
      stockMoves: [{ productId: IPHONE, productOptionValueId: null, delta: -1, guard: true }],
    });
    const placed = expectWritten(
      await fixture.orders.writePayment(order.orderId, { payment: authorized.value, history, at: START }, 2),
      'authorize',
    );
    assert.equal(placed.orderStatusId, 2, 'the order enters its status');
    assert.equal(placed.history.length, 2, 'the history entry is appended');
    assert.equal(placed.payment?.status, 'authorized');
    await expectStock(fixture.catalog, IPHONE, IPHONE_STOCK - 1, 'after the history stock move');
    assert.equal(
      await fixture.orders.findByPaymentReference('test_card', 'ref_1'),
      order.orderId,
      'found by reference',
    );
    assert.equal(
      await fixture.orders.findByPaymentReference('stripe', 'ref_1'),
      undefined,
      'another provider’s reference',
    );
  });

  test('an edit of the order or a history entry keeps its payment', async (fixture) => {
    const order = await missingOrder(fixture);
    const payment = pendingPayment();
    const written = expectWritten(
      await fixture.orders.writePayment(order.orderId, { payment, at: START }, 1),
      'write',
    );
    const moved = await fixture.orders.addHistory(
      order.orderId,
      sampleHistoryWrite({ orderStatusId: 1, dateAdded: START }),
      written.revision,
    );
    assert.equal(moved.status, 'written');
    if (moved.status === 'written')
      assert.deepEqual(moved.order.payment, payment, 'addHistory keeps the payment');
    const edited = await fixture.orders.update(
      order.orderId,
      order,
      sampleHistoryWrite({ orderStatusId: 1, dateAdded: START }),
      3,
    );
    assert.equal(edited.status, 'written');
    if (edited.status === 'written')
      assert.deepEqual(edited.order.payment, payment, 'update keeps the payment');
    assert.deepEqual((await fixture.orders.get(order.orderId))?.payment, payment);
  });
}
