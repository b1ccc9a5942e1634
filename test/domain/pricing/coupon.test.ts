/**
 * The coupon rules (src/domain/pricing/coupon.ts) on the demo store: validity, dates, minimum, uses, logged-in coupons,
 * and which products qualify (OpenCart's category defect fixed).
 */

import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import type { PricedCartLine } from '../../../src/domain/cart/line.js';
import { categoriesWithDescendants } from '../../../src/domain/catalog/categories.js';
import { createMessages } from '../../../src/domain/messages.js';
import { priceCart } from '../../../src/domain/pricing/cart.js';
import {
  type CouponCheckFacts,
  checkCoupon,
  couponProductIds,
  hasCouponUsesLeft,
  isCouponCurrent,
} from '../../../src/domain/pricing/coupon.js';
import type { Coupon, CouponUses } from '../../../src/domain/records/coupon.js';
import { money } from '../../../src/money/index.js';

const { data } = demoStore();
const today = '2026-06-01';
const usd = (amount: string) => money(amount, 'USD');
const INVALID = 'Warning: Coupon is either invalid, expired or reached its usage limit!';
const noUses: CouponUses = { total: 0, customer: 0 };
const categories = [...data.categories.values()];

function demoCoupon(code: string, over: Partial<Coupon> = {}): Coupon {
  const coupon = [...data.coupons.values()].find((c) => c.code === code);
  if (coupon === undefined) throw new Error(`demo coupon ${code} missing`);
  return { ...coupon, ...over };
}

function lines(...productIds: number[]): readonly PricedCartLine[] {
  const cart = productIds.map((productId, i) => ({
    cartId: `c${i}`,
    productId,
    quantity: productId === 42 ? 2 : 1,
    options: {},
    subscriptionPlanId: 0,
  }));
  return priceCart(cart, { products: data.products, customerGroupId: 1, today, stockCheckout: false });
}

function facts(over: Partial<CouponCheckFacts> = {}): CouponCheckFacts {
  return {
    today,
    subTotal: usd('100.00'),
    loggedInCustomerId: null,
    lines: lines(40),
    products: data.products,
    categories,
    ...over,
  };
}

describe('checkCoupon: the coupon itself', () => {
  it('grants a valid coupon with the products it discounts', () => {
    const result = checkCoupon(demoCoupon('2222'), noUses, facts());
    expect(result._unsafeUnwrap()).toEqual({ coupon: demoCoupon('2222'), productIds: [40] });
  });

  it('refuses an unknown or disabled coupon with OpenCart’s text', () => {
    expect(checkCoupon(undefined, noUses, facts())._unsafeUnwrapErr()).toBe(INVALID);
    expect(checkCoupon(demoCoupon('2222', { status: false }), noUses, facts())._unsafeUnwrapErr()).toBe(
      INVALID,
    );
  });

  it('uses the session’s texts when given', () => {
    const messages = createMessages({ 'coupon.invalid': 'Gutschein ungültig!' });
    expect(checkCoupon(undefined, noUses, facts({ messages }))._unsafeUnwrapErr()).toBe(
      'Gutschein ungültig!',
    );
  });

  it('needs the minimum net sub-total (3333: 100.00)', () => {
    expect(checkCoupon(demoCoupon('3333'), noUses, facts({ subTotal: usd('100.00') })).isOk()).toBe(true);
    expect(checkCoupon(demoCoupon('3333'), noUses, facts({ subTotal: usd('99.99') })).isErr()).toBe(true);
  });

  it('a logged coupon needs a logged-in customer', () => {
    const logged = demoCoupon('2222', { logged: true });
    expect(checkCoupon(logged, noUses, facts()).isErr()).toBe(true);
    expect(checkCoupon(logged, noUses, facts({ loggedInCustomerId: 1 })).isOk()).toBe(true);
  });
});

describe('isCouponCurrent: start inclusive, end exclusive', () => {
  const dated = (dateStart: string | null, dateEnd: string | null) =>
    demoCoupon('2222', { dateStart, dateEnd });

  it('is current from its start day', () => {
    expect(isCouponCurrent(dated('2026-06-01', null), today)).toBe(true);
    expect(isCouponCurrent(dated('2026-06-02', null), today)).toBe(false);
  });

  it('has expired on its end day', () => {
    expect(isCouponCurrent(dated(null, '2026-06-01'), today)).toBe(false);
    expect(isCouponCurrent(dated(null, '2026-06-02'), today)).toBe(true);
  });

  it('checkCoupon refuses outside the dates', () => {
    expect(checkCoupon(dated(null, today), noUses, facts()).isErr()).toBe(true);
  });
});

describe('hasCouponUsesLeft', () => {
  const limited = demoCoupon('2222', { usesTotal: 10, usesCustomer: 2 });

  it('stops at the total limit', () => {
    expect(hasCouponUsesLeft(limited, { total: 9, customer: 0 }, false)).toBe(true);
    expect(hasCouponUsesLeft(limited, { total: 10, customer: 0 }, false)).toBe(false);
  });

  it('stops at the per-customer limit for a logged-in customer only', () => {
    expect(hasCouponUsesLeft(limited, { total: 2, customer: 2 }, true)).toBe(false);
    expect(hasCouponUsesLeft(limited, { total: 2, customer: 2 }, false)).toBe(true);
    expect(hasCouponUsesLeft(limited, { total: 2, customer: 1 }, true)).toBe(true);
  });

  it('0 means unlimited', () => {
    const unlimited = demoCoupon('2222', { usesTotal: 0, usesCustomer: 0 });
    expect(hasCouponUsesLeft(unlimited, { total: 1e6, customer: 1e6 }, true)).toBe(true);
  });

  it('checkCoupon refuses a used-up coupon', () => {
    expect(checkCoupon(limited, { total: 10, customer: 0 }, facts()).isErr()).toBe(true);
  });
});

describe('couponProductIds: per product, categories with their descendants', () => {
  it('is every product of the cart for an unrestricted coupon, each once', () => {
    const cart = lines(40, 29, 40);
    expect(
      couponProductIds(demoCoupon('2222'), { lines: cart, products: data.products, categories }),
    ).toEqual([40, 29]);
  });

  it('4444 (category 28) takes product 42 (in 28) and not product 40 (in 20 and 24)', () => {
    // OpenCart's defect would let product 40 through too, as category 28 is not empty.
    const cart = lines(40, 42);
    expect(
      couponProductIds(demoCoupon('4444'), { lines: cart, products: data.products, categories }),
    ).toEqual([42]);
  });

  it('a parent category covers its descendants (25 → 28 → 35)', () => {
    expect([...categoriesWithDescendants([28], categories)].sort((a, b) => a - b)).toEqual([28, 35, 36]);
    expect(categoriesWithDescendants([25], categories).has(35)).toBe(true);
    expect(categoriesWithDescendants([20], categories).has(35)).toBe(false);
    // Three levels: 34 "MP3 Players" → 52 "test 20" → 58 "test 25".
    expect(categoriesWithDescendants([34], categories).has(58)).toBe(true);
  });

  it('survives a cycle in a broken tree', () => {
    const cyclic = [
      { categoryId: 1, parentId: 2, name: 'a', sortOrder: 0 },
      { categoryId: 2, parentId: 1, name: 'b', sortOrder: 0 },
    ];
    expect([...categoriesWithDescendants([1], cyclic)].sort((a, b) => a - b)).toEqual([1, 2]);
  });

  it('takes listed products and listed categories together', () => {
    const coupon = demoCoupon('4444', { productIds: [29] });
    const cart = lines(40, 29, 42);
    expect(couponProductIds(coupon, { lines: cart, products: data.products, categories })).toEqual([29, 42]);
  });

  it('checkCoupon refuses a restricted coupon when no line qualifies', () => {
    expect(checkCoupon(demoCoupon('4444'), noUses, facts({ lines: lines(40) })).isErr()).toBe(true);
    expect(checkCoupon(demoCoupon('2222'), noUses, facts({ lines: [] })).isErr()).toBe(true);
  });
});
