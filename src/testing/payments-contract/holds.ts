/**
 * Order-payments contract cases: stock held while a payment is open, out of everyone else's reach, given back
 * once when released or due, and kept when it becomes the order's stock move.
 * @module
 */
import assert from 'node:assert/strict';
import { sampleHistoryWrite, sampleOrderDraft } from '../order-fixtures.js';
import { expectStock, take } from '../stock-checks.js';
import {
  EXPIRES,
  expectWritten,
  heldOrder,
  holding,
  IPHONE,
  IPHONE_STOCK,
  iphones,
  missingOrder,
  type PaymentsCase,
  pendingPayment,
  START,
} from './helpers.js';

/** Half an hour and a minute after the start: every sample hold is due. */
const LATER = '2024-05-01T10:31:00.000Z';

/** Registers the stock-hold cases. */
export function registerHoldCases(test: PaymentsCase): void {
  test('a hold takes its units out of stock for every cart and every guarded move', async (fixture) => {
    const held = await heldOrder(fixture, 10);
    assert.deepEqual(
      held.stockHold,
      { lines: iphones(10), expiresAt: EXPIRES, ended: null },
      'the order carries its hold',
    );
    await expectStock(fixture.catalog, IPHONE, IPHONE_STOCK - 10, 'while held');
    const greedy = await fixture.orders.create(
      sampleOrderDraft({ comment: 'greedy' }),
      sampleHistoryWrite({ dateAdded: START, stockMoves: [take(IPHONE, IPHONE_STOCK - 9)] }),
    );
    assert.equal(greedy.status, 'insufficient_stock', 'another order cannot take held units');
    const other = await missingOrder(fixture, 'other');
    const second = await fixture.orders.writePayment(other.orderId, holding(iphones(IPHONE_STOCK - 9)), 1);
    assert.equal(second.status, 'insufficient_stock', 'another hold cannot take held units');
  });

  test('a hold larger than the stock refuses the whole write', async (fixture) => {
    const order = await missingOrder(fixture);
    const outcome = await fixture.orders.writePayment(order.orderId, holding(iphones(IPHONE_STOCK + 1)), 1);
    assert.equal(outcome.status, 'insufficient_stock');
    const read = await fixture.orders.get(order.orderId);
    assert.equal(read?.payment, undefined, 'no payment written');
    assert.equal(read?.stockHold, undefined, 'no hold written');
    assert.equal(read?.revision, 1, 'the revision did not move');
    await expectStock(fixture.catalog, IPHONE, IPHONE_STOCK, 'nothing held');
  });

  test('release gives the units back once, however often it is asked', async (fixture) => {
    const held = await heldOrder(fixture, 10);
    const release = { kind: 'release', how: 'released' } as const;
    const payment = held.payment ?? pendingPayment();
    const released = expectWritten(
      await fixture.orders.writePayment(held.orderId, { payment, hold: release, at: START }, 2),
      'release',
    );
    assert.deepEqual(released.stockHold?.ended, { at: START, how: 'released' }, 'the hold ended, dated');
    await expectStock(fixture.catalog, IPHONE, IPHONE_STOCK, 'released');
    expectWritten(
      await fixture.orders.writePayment(held.orderId, { payment, hold: release, at: START }, 3),
      'release again',
    );
    await expectStock(fixture.catalog, IPHONE, IPHONE_STOCK, 'released twice: nothing more comes back');
  });

  test('convert turns the hold into the order’s stock move: the units leave stock once', async (fixture) => {
    const held = await heldOrder(fixture, 3);
    const history = sampleHistoryWrite({ orderStatusId: 2, dateAdded: START, stockMoves: [take(IPHONE, 3)] });
    const payment = held.payment ?? pendingPayment();
    const placed = expectWritten(
      await fixture.orders.writePayment(
        held.orderId,
        { payment, hold: { kind: 'convert' }, history, at: START },
        2,
      ),
      'convert',
    );
    assert.deepEqual(placed.stockHold?.ended, { at: START, how: 'converted' });
    await expectStock(fixture.catalog, IPHONE, IPHONE_STOCK - 3, 'converted: taken once');
  });

  test('a due hold is released when its stock is next read, without moving the order’s revision', async (fixture) => {
    const held = await heldOrder(fixture, 10);
    fixture.clock.set(LATER);
    await expectStock(fixture.catalog, IPHONE, IPHONE_STOCK, 'read after the hold is due');
    const read = await fixture.orders.get(held.orderId);
    assert.equal(read?.stockHold?.ended?.how, 'expired', 'the hold ended expired');
    assert.equal(read?.revision, held.revision, 'the revision did not move');
    assert.deepEqual(await fixture.orders.dueOpenPayments(LATER), [held.orderId], 'its open payment is due');
  });

  test('a due hold is released by a hold that needs its units', async (fixture) => {
    await heldOrder(fixture, IPHONE_STOCK);
    const next = await missingOrder(fixture, 'after expiry');
    const outcome = await fixture.orders.writePayment(next.orderId, { ...holding(iphones(5)), at: LATER }, 1);
    assert.equal(outcome.status, 'written', 'the expired hold’s units are there for the next hold');
  });

  test('releaseDueHolds releases each due hold once, even when swept from several places at once', async (fixture) => {
    const first = await heldOrder(fixture, 4);
    const second = await heldOrder(fixture, 6, '2024-05-01T11:00:00.000Z');
    assert.deepEqual(await fixture.orders.releaseDueHolds(START), [], 'nothing is due yet');
    const sweeps = await Promise.all(Array.from({ length: 5 }, () => fixture.orders.releaseDueHolds(LATER)));
    assert.deepEqual(sweeps.flat(), [first.orderId], 'the due hold is released by exactly one sweep');
    await expectStock(fixture.catalog, IPHONE, IPHONE_STOCK - 6, 'only the due hold came back');
    assert.deepEqual(await fixture.orders.dueOpenPayments(LATER), [first.orderId]);
    assert.equal((await fixture.orders.get(second.orderId))?.stockHold?.ended, null, 'the other still holds');
  });

  test('dueOpenPayments leaves out payments that are no longer open and holds ended by a write', async (fixture) => {
    const open = await heldOrder(fixture, 1);
    const released = await heldOrder(fixture, 1);
    const payment = released.payment ?? pendingPayment();
    expectWritten(
      await fixture.orders.writePayment(
        released.orderId,
        { payment, hold: { kind: 'release', how: 'released' }, at: START },
        2,
      ),
      'release',
    );
    assert.deepEqual(await fixture.orders.dueOpenPayments(START), [], 'nothing due yet');
    assert.deepEqual(await fixture.orders.dueOpenPayments(LATER), [open.orderId]);
  });

  test('20 holds racing for the last 5 units: exactly 5 hold, the rest are refused; expiry gives them back', async (fixture) => {
    await heldOrder(fixture, IPHONE_STOCK - 5, '2024-05-01T12:00:00.000Z');
    const orders = await Promise.all(
      Array.from({ length: 20 }, (_, i) => missingOrder(fixture, `racer ${i}`)),
    );
    const outcomes = await Promise.all(
      orders.map((order) => fixture.orders.writePayment(order.orderId, holding(iphones(1)), 1)),
    );
    assert.equal(outcomes.filter((o) => o.status === 'written').length, 5, 'exactly 5 hold');
    assert.equal(
      outcomes.filter((o) => o.status === 'insufficient_stock').length,
      15,
      'the rest are refused',
    );
    await expectStock(fixture.catalog, IPHONE, 0, 'everything held');
    fixture.clock.set(LATER);
    await expectStock(fixture.catalog, IPHONE, 5, 'the 5 come back when their holds are due');
  });
}
