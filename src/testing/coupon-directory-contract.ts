/**
 * The contract suite every {@link CouponDirectory} adapter must pass: run it from the adapter's test file with the
 * host's test runner.
 * @module
 */
import assert from 'node:assert/strict';
import type { Coupon } from '../domain/records/coupon.js';
import type { CouponDirectory } from '../ports/coupon-directory.js';
import { type CouponSeed, seedCoupons } from './directory-contracts/coupon-seed.js';
import type { FailableFixture } from './directory-contracts/failing-store.js';
import { expectEveryCallRejects, failedStore } from './port-failures.js';
import { seededCase } from './seeded-case.js';
import { tamper } from './tamper.js';
import type { TestApi } from './test-api.js';

/** A coupon directory over freshly seeded data, for one case. */
export interface CouponDirectoryFixture extends FailableFixture<CouponDirectory> {
  /** The directory under test, reading exactly the seed it was set up with. */
  readonly coupons: CouponDirectory;
}

/** Stores `seed` (replacing whatever an earlier case stored) and answers the directory over it. */
export type CouponDirectorySetup = (seed: CouponSeed) => Promise<CouponDirectoryFixture>;

/** The coupon with its product and category lists in order (the port promises no order). */
function comparable(coupon: Coupon | undefined): Coupon | undefined {
  if (coupon === undefined) return undefined;
  const ascending = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
  return { ...coupon, productIds: ascending(coupon.productIds), categoryIds: ascending(coupon.categoryIds) };
}

/**
 * Registers the {@link CouponDirectory} contract cases under one `describe`. Every case builds the coupon seed
 * (five coupons: one disabled, one expired, `SAVE10` and `save10`, codes holding `_` and `%`; six recorded uses,
 * two by guests), calls `setup` with it for a fresh fixture and calls its `cleanup` afterwards. Assertions use
 * `node:assert/strict`.
 *
 * The cases check what the port promises: a coupon found by exactly its code (case included, no wildcards)
 * whatever its status or dates; uses counted in total and for the customer, never for a guest; records that
 * cannot change the store; and, when the fixture offers a failed store, rejections with an `Error` in time.
 * That the counts include the uses orders record is the order-repository suite's to check.
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the adapter in the suite title.
 * @param setup - Stores the seed (replacing what an earlier case stored) and builds the directory over it.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { describeCouponDirectoryContract } from 'cartwright/testing';
 *
 * describeCouponDirectoryContract({ describe, it }, 'my coupons', async (seed) => ({
 *   coupons: createMyCouponDirectory(await tablesHolding(seed)),
 * }));
 * ```
 */
export function describeCouponDirectoryContract(t: TestApi, name: string, setup: CouponDirectorySetup): void {
  const test = seededCase(t, seedCoupons, setup);
  const seeded = (seed: CouponSeed, couponId: number) =>
    comparable(seed.coupons.find((c) => c.couponId === couponId));

  t.describe(`CouponDirectory contract: ${name}`, () => {
    test('getCoupon finds a coupon by its exact code, as seeded, whatever its status or dates', async ({
      coupons,
    }, seed) => {
      assert.deepStrictEqual(comparable(await coupons.getCoupon('2222')), seeded(seed, 1), 'code 2222');
      assert.deepStrictEqual(
        comparable(await coupons.getCoupon('SAVE10')),
        seeded(seed, 2),
        'the disabled SAVE10',
      );
      assert.deepStrictEqual(
        comparable(await coupons.getCoupon('save10')),
        seeded(seed, 3),
        'the expired save10',
      );
      assert.equal(await coupons.getCoupon('Save10'), undefined, 'a code in another case');
      assert.equal(await coupons.getCoupon('222'), undefined, 'a prefix of a code');
      assert.equal(await coupons.getCoupon('22222'), undefined, 'a code with more');
      assert.equal(await coupons.getCoupon(''), undefined, 'no code');
    });

    test('getCoupon treats every character literally (no wildcards)', async ({ coupons }) => {
      assert.equal((await coupons.getCoupon('HALF_OFF'))?.couponId, 4, 'a code holding _');
      assert.equal(await coupons.getCoupon('HALFxOFF'), undefined, '_ matched as any character');
      assert.equal((await coupons.getCoupon('100%'))?.couponId, 5, 'a code holding %');
      assert.equal(await coupons.getCoupon('100'), undefined, '% matched as any text');
      assert.equal(await coupons.getCoupon('%'), undefined, '% alone');
    });

    test('countUses counts the recorded uses in total and by the customer, never by a guest', async ({
      coupons,
    }) => {
      assert.deepStrictEqual(
        await coupons.countUses(1, 1),
        { total: 5, customer: 2 },
        'coupon 1, customer 1',
      );
      assert.deepStrictEqual(
        await coupons.countUses(1, 2),
        { total: 5, customer: 1 },
        'coupon 1, customer 2',
      );
      assert.deepStrictEqual(
        await coupons.countUses(1, 3),
        { total: 5, customer: 0 },
        'coupon 1, customer 3',
      );
      assert.deepStrictEqual(await coupons.countUses(1, 0), { total: 5, customer: 0 }, 'coupon 1, a guest');
      assert.deepStrictEqual(
        await coupons.countUses(2, 1),
        { total: 1, customer: 1 },
        'coupon 2, customer 1',
      );
      assert.deepStrictEqual(await coupons.countUses(3, 1), { total: 0, customer: 0 }, 'a coupon never used');
      assert.deepStrictEqual(await coupons.countUses(99, 1), { total: 0, customer: 0 }, 'an unknown coupon');
    });

    test('a record handed out cannot change the store: a change is refused or never read back', async ({
      coupons,
    }, seed) => {
      tamper(await coupons.getCoupon('2222'));
      tamper(await coupons.countUses(1, 1));
      assert.deepStrictEqual(comparable(await coupons.getCoupon('2222')), seeded(seed, 1), 'code 2222');
      assert.deepStrictEqual(await coupons.countUses(1, 1), { total: 5, customer: 2 }, 'the uses');
    });

    test('when its store has failed, every method rejects with an Error in time (never an empty answer)', async (fixture) => {
      const coupons = await failedStore(fixture);
      await expectEveryCallRejects([
        ['getCoupon', () => coupons.getCoupon('2222')],
        ['countUses', () => coupons.countUses(1, 1)],
      ]);
    });
  });
}
