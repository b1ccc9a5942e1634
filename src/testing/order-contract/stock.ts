/**
 * Order-repository contract: stock moves, all-or-nothing writes and no overselling.
 * @module
 */
import assert from 'node:assert/strict';
import { money } from '../../money/index.js';
import { sampleHistoryWrite, sampleOrderDraft } from '../order-fixtures.js';
import {
  createSampleOrder,
  demo,
  expectDemoStock,
  expectOutcome,
  expectStock,
  type OrderCase,
  putBack,
  take,
} from './helpers.js';

/** The largest id range the all-or-nothing case probes between two created orders. */
const MAX_PROBED_IDS = 1000;

/** Registers the stock cases. */
export function registerStockCases(test: OrderCase): void {
  test('a guarded move takes units out of stock and a positive move puts them back', async ({
    orders,
    catalog,
  }) => {
    await expectDemoStock(catalog);
    const history = sampleHistoryWrite({ stockMoves: [take(demo.iphone, 2)] });
    const created = expectOutcome(
      await orders.create(sampleOrderDraft(), history),
      'created',
      'create',
    ).order;
    await expectStock(catalog, demo.iphone, demo.iphoneStock - 2, 'after the create');
    const cancel = sampleHistoryWrite({ orderStatusId: 7, stockMoves: [putBack(demo.iphone, 2)] });
    expectOutcome(await orders.addHistory(created.orderId, cancel, 1), 'written', 'addHistory');
    await expectStock(catalog, demo.iphone, demo.iphoneStock, 'after the cancel');
  });

  test("an option-value move changes the value's stock, not the product's", async ({ orders, catalog }) => {
    await expectDemoStock(catalog);
    const valueOnly = sampleHistoryWrite({ stockMoves: [take(demo.canon, 1, demo.red)] });
    expectOutcome(await orders.create(sampleOrderDraft(), valueOnly), 'created', 'create moving the value');
    await expectStock(catalog, demo.canon, demo.redStock - 1, 'after the value move', demo.red);
    await expectStock(catalog, demo.canon, demo.canonStock, 'after the value move');
    await expectStock(catalog, demo.canon, demo.blueStock, 'after the value move', demo.blue);

    // The rest of Red goes with one Canon.
    const both = sampleHistoryWrite({
      stockMoves: [take(demo.canon, 1), take(demo.canon, demo.redStock - 1, demo.red)],
    });
    const second = expectOutcome(
      await orders.create(sampleOrderDraft(), both),
      'created',
      'create moving both',
    );
    await expectStock(catalog, demo.canon, 0, 'after both moves', demo.red);
    await expectStock(catalog, demo.canon, demo.canonStock - 1, 'after both moves');

    const refused = await orders.create(sampleOrderDraft(), valueOnly);
    assert.deepStrictEqual(
      expectOutcome(refused, 'insufficient_stock', 'create taking a value out of stock').shortages,
      [{ productId: demo.canon, productOptionValueId: demo.red, available: 0, requested: 1 }],
    );
    const cancel = sampleHistoryWrite({ orderStatusId: 7, stockMoves: [putBack(demo.canon, 1, demo.red)] });
    expectOutcome(await orders.addHistory(second.order.orderId, cancel, 1), 'written', 'addHistory');
    await expectStock(catalog, demo.canon, 1, 'after putting the value back', demo.red);
  });

  test('a guarded move on a product that does not exist refuses the write; an unguarded one changes nothing', async ({
    orders,
    catalog,
  }) => {
    await expectDemoStock(catalog);
    const refused = await orders.create(sampleOrderDraft(), sampleHistoryWrite({ stockMoves: [take(0, 1)] }));
    assert.deepStrictEqual(
      expectOutcome(refused, 'insufficient_stock', 'create taking from product 0').shortages,
      [{ productId: 0, productOptionValueId: null, available: 0, requested: 1 }],
    );
    const unknownValue = sampleHistoryWrite({ stockMoves: [take(demo.iphone, 1, 999_999)] });
    assert.deepStrictEqual(
      expectOutcome(
        await orders.create(sampleOrderDraft(), unknownValue),
        'insufficient_stock',
        'an unknown value',
      ).shortages,
      [{ productId: demo.iphone, productOptionValueId: 999_999, available: 0, requested: 1 }],
    );
    const unguarded = sampleHistoryWrite({ stockMoves: [putBack(0, 1), take(demo.iphone, 1)] });
    expectOutcome(
      await orders.create(sampleOrderDraft(), unguarded),
      'created',
      'create putting one back into product 0',
    );
    await expectStock(catalog, demo.iphone, demo.iphoneStock - 1, 'after the create');
  });

  test('an unguarded move is applied even when it leaves the stock below zero', async ({
    orders,
    catalog,
  }) => {
    await expectDemoStock(catalog);
    const unguarded = { productId: demo.canon, productOptionValueId: null, delta: -10, guard: false };
    const history = sampleHistoryWrite({ stockMoves: [unguarded] });
    const created = expectOutcome(
      await orders.create(sampleOrderDraft(), history),
      'created',
      'create',
    ).order;
    await expectStock(catalog, demo.canon, demo.canonStock - 10, 'after the unguarded move');
    const back = sampleHistoryWrite({ orderStatusId: 7, stockMoves: [putBack(demo.canon, 10)] });
    expectOutcome(await orders.addHistory(created.orderId, back, 1), 'written', 'addHistory');
    await expectStock(catalog, demo.canon, demo.canonStock, 'after putting it back');
  });

  test('a create whose second guarded move would go below zero writes nothing', async ({
    orders,
    catalog,
    coupons,
    customers,
  }) => {
    await expectDemoStock(catalog);
    const coupon = await coupons.getCoupon(demo.couponCode);
    assert.ok(coupon !== undefined, `coupon ${demo.couponCode} must be in the fixture`);
    const usesBefore = await coupons.countUses(coupon.couponId, demo.customerId);
    const pointsBefore = await customers.getRewardBalance(demo.customerId);
    const before = await createSampleOrder(orders);

    const failing = sampleHistoryWrite({
      stockMoves: [take(demo.iphone, 1), take(demo.canon, demo.canonStock + 1)],
      redemptions: [
        {
          kind: 'coupon',
          couponId: coupon.couponId,
          customerId: demo.customerId,
          amount: money('-10.00', 'USD'),
        },
        { kind: 'reward', customerId: demo.customerId, points: -100 },
      ],
    });
    const refused = expectOutcome(
      await orders.create(sampleOrderDraft(), failing),
      'insufficient_stock',
      'create',
    );
    assert.deepStrictEqual(refused.shortages, [
      {
        productId: demo.canon,
        productOptionValueId: null,
        available: demo.canonStock,
        requested: demo.canonStock + 1,
      },
    ]);
    await expectStock(catalog, demo.iphone, demo.iphoneStock, 'the first move must not be applied');
    await expectStock(catalog, demo.canon, demo.canonStock, 'after the refused create');
    assert.deepStrictEqual(
      await coupons.countUses(coupon.couponId, demo.customerId),
      usesBefore,
      'coupon uses',
    );
    assert.equal(await customers.getRewardBalance(demo.customerId), pointsBefore, 'reward balance');

    const after = await createSampleOrder(orders);
    const [low, high] = [before.orderId, after.orderId].sort((x, y) => x - y) as [number, number];
    for (let id = low + 1; id < high && id <= low + MAX_PROBED_IDS; id += 1) {
      assert.equal(await orders.get(id), undefined, `order ${id} appeared: the refused create left an order`);
    }
    assert.deepStrictEqual(await orders.get(before.orderId), before);
    assert.deepStrictEqual(await orders.get(after.orderId), after);
  });

  test('an addHistory or update whose second guarded move would go below zero writes nothing', async ({
    orders,
    catalog,
  }) => {
    await expectDemoStock(catalog);
    const created = await createSampleOrder(orders);
    const failing = sampleHistoryWrite({
      orderStatusId: 2,
      stockMoves: [take(demo.iphone, 1), take(demo.canon, demo.canonStock + 1)],
    });
    const shortage = {
      productId: demo.canon,
      productOptionValueId: null,
      available: demo.canonStock,
      requested: demo.canonStock + 1,
    };
    const byHistory = expectOutcome(
      await orders.addHistory(created.orderId, failing, 1),
      'insufficient_stock',
      'addHistory',
    );
    assert.deepStrictEqual(byHistory.shortages, [shortage]);
    const byUpdate = expectOutcome(
      await orders.update(created.orderId, sampleOrderDraft({ comment: 'changed' }), failing, 1),
      'insufficient_stock',
      'update',
    );
    assert.deepStrictEqual(byUpdate.shortages, [shortage]);
    await expectStock(catalog, demo.iphone, demo.iphoneStock, 'the first move must not be applied');
    await expectStock(catalog, demo.canon, demo.canonStock, 'after the refused writes');
    assert.deepStrictEqual(await orders.get(created.orderId), created, 'the order changed');
  });

  test('of 30 concurrent creates each taking 1 of the last 7 units exactly 7 are created and stock ends at 0', async ({
    orders,
    catalog,
  }) => {
    await expectDemoStock(catalog);
    const left = 7;
    const first = sampleHistoryWrite({ stockMoves: [take(demo.canon, demo.canonStock - left)] });
    expectOutcome(await orders.create(sampleOrderDraft(), first), 'created', 'the create leaving 7');
    const history = sampleHistoryWrite({ stockMoves: [take(demo.canon, 1)] });
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        orders.create(sampleOrderDraft({ comment: `buyer ${i}` }), history),
      ),
    );
    const created = outcomes.filter((outcome) => outcome.status === 'created');
    assert.equal(created.length, left, `expected ${left} created, got ${created.length}`);
    assert.equal(new Set(created.map((outcome) => outcome.order.orderId)).size, left, 'ids repeat');
    for (const outcome of outcomes) {
      if (outcome.status === 'created') continue;
      const refused = expectOutcome(outcome, 'insufficient_stock', 'a create beyond the stock');
      assert.deepStrictEqual(refused.shortages, [
        { productId: demo.canon, productOptionValueId: null, available: 0, requested: 1 },
      ]);
    }
    await expectStock(catalog, demo.canon, 0, 'after the race');
  });
}
