/**
 * Properties of the totals pipeline over random demo carts, coupons, points, fees, credit, addresses and
 * currencies. Amounts are generated from integers written as decimal strings, never from floats. The issue's
 * properties (the total is the sum of the rounded lines; a percent coupon never makes a total negative; the
 * totals do not depend on line order) run 1,000 cases each; the others 200.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PricedCartLine } from '../../../../src/domain/cart/line.js';
import type { ShippingQuote } from '../../../../src/domain/machine/session.js';
import { couponProductIds } from '../../../../src/domain/pricing/coupon.js';
import { createTotalCalculators } from '../../../../src/domain/pricing/totals/builtins.js';
import { couponParts, qualifyingLines } from '../../../../src/domain/pricing/totals/coupon.js';
import { presentTotals } from '../../../../src/domain/pricing/totals/pipeline.js';
import type { Coupon } from '../../../../src/domain/records/coupon.js';
import type {
  FeeTotalConfig,
  TotalExtensionsConfig,
} from '../../../../src/domain/settings/extension-config.js';
import { compare, isNegative, minimum, money, sum } from '../../../../src/money/index.js';
import type { TotalsContext } from '../../../../src/ports/total-calculator.js';
import {
  CINEMA,
  currency,
  data,
  demoCoupon,
  FLAT,
  type Item,
  priceItems,
  run,
  settings,
  totalsContext,
  UK_ADDRESS,
  US_ADDRESS,
  usd,
  withPoints,
} from './fixtures.js';

const RUNS = { numRuns: 200 };
/** The issue's properties: at least 1,000 cases each. */
const ISSUE_RUNS = { numRuns: 1000 };

/** `n × 10^-places` as a plain decimal string. */
function decimal(n: bigint, places: number): string {
  const digits = n.toString().padStart(places + 1, '0');
  return `${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/** A non-negative amount up to `max` units of the currency, with up to 4 decimals. */
const amountArb = (max: bigint) => fc.bigInt({ min: 0n, max: max * 10_000n }).map((n) => decimal(n, 4));

const itemArb: fc.Arbitrary<Item> = fc.oneof(
  fc.tuple(fc.constantFrom(28, 29, 40, 43, 47), fc.integer({ min: 1, max: 5 })),
  // 2 to 12 units of product 42 cross its quantity-discount tier at 10.
  fc.tuple(fc.constant(42), fc.integer({ min: 2, max: 12 }), fc.constant(CINEMA)),
);

/**
 * Each item priced alone, once: pricing is the costly part of a case (about a millisecond a cart), and with one
 * line per product (see {@link linesArb}) a line's price does not depend on the other lines.
 */
const priced = new Map<string, PricedCartLine>();
function pricedLine([productId, quantity, options]: Item, cartId: string): PricedCartLine {
  const key = `${productId}×${quantity}`;
  let line = priced.get(key);
  if (line === undefined) {
    const [only] = priceItems([
      options === undefined ? [productId, quantity] : [productId, quantity, options],
    ]);
    if (only === undefined) throw new Error(`demo product ${productId} did not price`);
    line = only;
    priced.set(key, line);
  }
  return { ...line, cartId };
}

/**
 * Priced lines, some of which can be bought with points; one line per product, so that quantity tiers (which
 * count a product's units across lines) are those of the line alone and the cached prices are right.
 */
const linesArb: fc.Arbitrary<readonly PricedCartLine[]> = fc
  .uniqueArray(fc.tuple(itemArb, fc.integer({ min: 0, max: 400 })), {
    maxLength: 4,
    selector: ([[productId]]) => productId,
  })
  .map((rows) => rows.map(([item, points], i) => withPoints(pricedLine(item, `line-${i}`), points)));

const couponArb: fc.Arbitrary<Coupon | null> = fc.option(
  fc
    .record({
      type: fc.constantFrom('P' as const, 'F' as const),
      discount: amountArb(150n),
      shipping: fc.boolean(),
      productIds: fc.subarray([28, 29, 40, 42, 43, 47]),
      categoryIds: fc.subarray([18, 20, 24, 28]),
    })
    .map((over) => ({ ...demoCoupon('2222'), ...over })),
);

const shippingArb: fc.Arbitrary<ShippingQuote | null> = fc.option(
  fc.oneof(
    fc.constant(FLAT),
    amountArb(30n).map((cost) => ({ code: 'item.item', name: 'Per Item', cost: usd(cost), taxClassId: 9 })),
  ),
);

const feeArb = (sortOrders: readonly number[]): fc.Arbitrary<FeeTotalConfig> =>
  fc.record({
    status: fc.boolean(),
    sortOrder: fc.constantFrom(...sortOrders),
    fee: amountArb(20n).map(usd),
    total: amountArb(600n).map(usd),
    taxClassId: fc.constantFrom(0, 9, 10),
  });

const configArb: fc.Arbitrary<TotalExtensionsConfig> = fc
  .record({ handling: feeArb([2, 4, 6]), low_order_fee: feeArb([3, 5, 8]) })
  .map((fees) => ({ ...data.extensions.totals, ...fees }));

/** Everything a run depends on. */
const worldArb = fc.record({
  lines: linesArb,
  coupon: couponArb,
  shippingMethod: shippingArb,
  reward: fc.integer({ min: 0, max: 1500 }),
  address: fc.constantFrom(UK_ADDRESS, US_ADDRESS),
  config: configArb,
  credit: fc.option(amountArb(200n)),
  loggedInCustomerId: fc.option(fc.constant(1)),
  currency: fc.constantFrom('USD', 'GBP', 'EUR'),
});

type World = typeof worldArb extends fc.Arbitrary<infer W> ? W : never;

function contextOf(world: World): TotalsContext {
  const categories = [...data.categories.values()];
  const { lines, coupon } = world;
  return totalsContext(lines, {
    address: world.address,
    shippingMethod: world.shippingMethod,
    coupon,
    couponProductIds:
      coupon === null ? [] : couponProductIds(coupon, { lines, products: data.products, categories }),
    reward: world.reward,
    loggedInCustomerId: world.loggedInCustomerId,
  });
}

function runWorld(world: World) {
  const credit = world.credit;
  const calculators = createTotalCalculators(
    world.config,
    credit === null ? {} : { credit: () => usd(credit) },
  );
  return run(contextOf(world), calculators);
}

/** The presented lines of a run, in the world's currency. */
function presented(world: World) {
  return presentTotals(runWorld(world), currency('USD'), currency(world.currency), settings);
}

describe('totals properties', () => {
  it('the presented total is exactly the sum of the other presented lines, in every currency', () => {
    fc.assert(
      fc.property(worldArb, (world) => {
        const lines = presented(world);
        const others = lines.filter((line) => line.code !== 'total').map((line) => line.value);
        const total = lines.find((line) => line.code === 'total');
        expect(total?.value).toEqual(sum(others, world.currency));
      }),
      ISSUE_RUNS,
    );
  });

  it('the totals do not depend on the order of the cart lines', () => {
    const worldAndOrder = worldArb.chain((world) =>
      fc.tuple(
        fc.constant(world),
        fc.shuffledSubarray([...world.lines], {
          minLength: world.lines.length,
          maxLength: world.lines.length,
        }),
      ),
    );
    fc.assert(
      fc.property(worldAndOrder, ([world, shuffled]) => {
        expect(presented({ ...world, lines: shuffled })).toStrictEqual(presented(world));
      }),
      ISSUE_RUNS,
    );
  });

  it('a percent coupon never makes a total negative, exact or presented', () => {
    fc.assert(
      fc.property(worldArb, amountArb(300n), (world, pct) => {
        const base = world.coupon ?? demoCoupon('2222');
        const coupon: Coupon = { ...base, type: 'P', discount: pct };
        const state = runWorld({ ...world, coupon });
        expect(isNegative(state.total)).toBe(false);
        const total = presentTotals(state, currency('USD'), currency(world.currency), settings).find(
          (line) => line.code === 'total',
        );
        expect(total !== undefined && isNegative(total.value)).toBe(false);
      }),
      ISSUE_RUNS,
    );
  });

  it('the exact running total is the sum of the exact lines, and never negative', () => {
    fc.assert(
      fc.property(worldArb, (world) => {
        const state = runWorld(world);
        const others = state.lines.filter((line) => line.code !== 'total').map((line) => line.value);
        expect(state.total).toEqual(sum(others, 'USD'));
        expect(state.lines.find((line) => line.code === 'total')?.value).toEqual(state.total);
        expect(isNegative(state.total)).toBe(false);
      }),
      RUNS,
    );
  });

  it('without fees, the tax lines charge exactly the positive taxes', () => {
    fc.assert(
      fc.property(worldArb, (world) => {
        const state = runWorld({ ...world, config: data.extensions.totals });
        const charged = state.lines.filter((line) => line.code === 'tax').map((line) => line.value);
        const positive = Object.values(state.taxes)
          .map((tax) => tax.amount)
          .filter((amount) => compare(amount, usd('0')) > 0);
        expect(sum(charged, 'USD')).toEqual(sum(positive, 'USD'));
      }),
      RUNS,
    );
  });

  it('a percentage coupon never takes a line below zero', () => {
    fc.assert(
      fc.property(worldArb, amountArb(300n), (world, pct) => {
        const base = world.coupon ?? demoCoupon('2222');
        const coupon: Coupon = { ...base, type: 'P', discount: pct, shipping: false };
        const context = { ...contextOf({ ...world, coupon }), coupon };
        const lines = qualifyingLines(coupon, context);
        const parts = couponParts(coupon, context, 'USD');
        parts.forEach((part, i) => {
          const line = lines[i];
          expect(line).toBeDefined();
          if (line === undefined) return;
          expect(isNegative(part.amount)).toBe(false);
          expect(compare(part.amount, line.total)).toBeLessThanOrEqual(0);
        });
      }),
      ISSUE_RUNS,
    );
  });

  it('a fixed coupon’s parts add up exactly to the discount, at most the qualifying sub-total', () => {
    fc.assert(
      fc.property(worldArb, amountArb(1000n), (world, amount) => {
        const base = world.coupon ?? demoCoupon('1111');
        const coupon: Coupon = { ...base, type: 'F', discount: amount, shipping: false };
        const context = { ...contextOf({ ...world, coupon }), coupon };
        const lines = qualifyingLines(coupon, context);
        const parts = couponParts(coupon, context, 'USD');
        const subTotal = sum(
          lines.map((line) => line.total),
          'USD',
        );
        const expected = minimum(money(amount, 'USD'), subTotal);
        if (compare(expected, usd('0')) > 0) {
          expect(
            sum(
              parts.map((part) => part.amount),
              'USD',
            ),
          ).toEqual(expected);
          parts.forEach((part, i) => {
            const line = lines[i];
            if (line !== undefined) expect(compare(part.amount, line.total)).toBeLessThanOrEqual(0);
          });
        } else {
          expect(parts).toEqual([]);
        }
      }),
      RUNS,
    );
  });
});
