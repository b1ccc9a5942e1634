/**
 * Order-repository contract: coupon and reward-point redemptions and their release.
 * @module
 */
import assert from 'node:assert/strict';
import type { Coupon } from '../../domain/records/coupon.js';
import { money } from '../../money/index.js';
import type { CouponDirectory } from '../../ports/coupon-directory.js';
import type { Redemption } from '../../ports/order-repository.js';
import { sampleHistoryWrite, sampleOrderDraft } from '../order-fixtures.js';
import { createSampleOrder, demo, expectOutcome, type OrderCase } from './helpers.js';

async function demoCoupon(coupons: CouponDirectory): Promise<Coupon> {
  const coupon = await coupons.getCoupon(demo.couponCode);
  assert.ok(coupon !== undefined, `coupon ${demo.couponCode} must be in the fixture`);
  return coupon;
}

function couponUse(coupon: Coupon, customerId: number = demo.customerId): Redemption {
  return { kind: 'coupon', couponId: coupon.couponId, customerId, amount: money('-10.00', 'USD') };
}

const rewardUse = (points: number): Redemption => ({ kind: 'reward', customerId: demo.customerId, points });

const cancel = () => sampleHistoryWrite({ orderStatusId: 7, releaseRedemptions: true });

/** Registers the redemption cases. */
export function registerRedemptionCases(test: OrderCase): void {
  test('a coupon redemption counts as a use, in total and for the customer, until released', async ({
    orders,
    coupons,
  }) => {
    const coupon = await demoCoupon(coupons);
    const mine = await coupons.countUses(coupon.couponId, demo.customerId);
    const theirs = await coupons.countUses(coupon.couponId, demo.otherCustomerId);
    const history = sampleHistoryWrite({ redemptions: [couponUse(coupon)] });
    const draft = sampleOrderDraft({ couponCode: demo.couponCode });
    const created = expectOutcome(await orders.create(draft, history), 'created', 'create');
    assert.deepStrictEqual(
      await coupons.countUses(coupon.couponId, demo.customerId),
      { total: mine.total + 1, customer: mine.customer + 1 },
      'uses after the redemption (customer 1)',
    );
    assert.deepStrictEqual(
      await coupons.countUses(coupon.couponId, demo.otherCustomerId),
      { total: theirs.total + 1, customer: theirs.customer },
      'uses after the redemption (another customer)',
    );
    expectOutcome(await orders.addHistory(created.order.orderId, cancel(), 1), 'written', 'release');
    assert.deepStrictEqual(
      await coupons.countUses(coupon.couponId, demo.customerId),
      mine,
      'uses after release',
    );
  });

  test('a reward redemption lowers the balance and release restores it', async ({ orders, customers }) => {
    assert.equal(
      await customers.getRewardBalance(demo.customerId),
      demo.customerPoints,
      'fresh fixture balance',
    );
    const history = sampleHistoryWrite({ redemptions: [rewardUse(-100)] });
    const created = expectOutcome(
      await orders.create(sampleOrderDraft({ rewardPoints: 100 }), history),
      'created',
      'create',
    );
    assert.equal(
      await customers.getRewardBalance(demo.customerId),
      demo.customerPoints - 100,
      'a reward redemption of -100 points (a signed ledger entry: negative spends) must lower the balance by 100',
    );
    expectOutcome(await orders.addHistory(created.order.orderId, cancel(), 1), 'written', 'release');
    assert.equal(await customers.getRewardBalance(demo.customerId), demo.customerPoints, 'after release');
  });

  test("release gives back only the releasing order's uses, wherever they were recorded", async ({
    orders,
    coupons,
    customers,
  }) => {
    const coupon = await demoCoupon(coupons);
    const before = await coupons.countUses(coupon.couponId, demo.customerId);
    const history = sampleHistoryWrite({ redemptions: [couponUse(coupon)] });
    const a = expectOutcome(await orders.create(sampleOrderDraft(), history), 'created', 'create A').order;
    const b = await createSampleOrder(orders, 'create B');
    const redeem = sampleHistoryWrite({
      orderStatusId: 2,
      redemptions: [couponUse(coupon), rewardUse(-250)],
    });
    expectOutcome(await orders.addHistory(b.orderId, redeem, 1), 'written', 'addHistory redeeming on B');
    assert.equal((await coupons.countUses(coupon.couponId, demo.customerId)).total, before.total + 2);
    assert.equal(
      await customers.getRewardBalance(demo.customerId),
      demo.customerPoints - 250,
      'a reward redemption of -250 points (negative spends) must lower the balance by 250',
    );

    expectOutcome(await orders.addHistory(a.orderId, cancel(), 1), 'written', 'release A');
    assert.deepStrictEqual(
      await coupons.countUses(coupon.couponId, demo.customerId),
      { total: before.total + 1, customer: before.customer + 1 },
      "B's use stays after A is released",
    );
    assert.equal(
      await customers.getRewardBalance(demo.customerId),
      demo.customerPoints - 250,
      "B's points stay",
    );

    expectOutcome(await orders.addHistory(b.orderId, cancel(), 2), 'written', 'release B');
    assert.deepStrictEqual(await coupons.countUses(coupon.couponId, demo.customerId), before);
    assert.equal(await customers.getRewardBalance(demo.customerId), demo.customerPoints);
  });
}
