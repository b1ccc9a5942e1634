/**
 * The priced cart (src/domain/pricing/cart): the priced line record for each line, prices by group, tier,
 * special and plan, the chosen options, weight and stock, and the aggregates, on the demo catalog. The seed's JSON
 * shape of a line is the HTTP edge's (test/http/present-cart.test.ts).
 */

import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import { choiceOption, optionValue } from '../../../src/demo/options.js';
import type { PricedCartLine } from '../../../src/domain/cart/line.js';
import type { CartLine, CartOptionValue } from '../../../src/domain/machine/session.js';
import {
  type CartPricingContext,
  cartShips,
  cartSubTotal,
  hasMinimum,
  hasStock,
  lineMinimumMet,
  priceCart,
  shippableQuantity,
} from '../../../src/domain/pricing/cart.js';
import type { Product } from '../../../src/domain/records/catalog.js';
import { money } from '../../../src/money/index.js';
import { withInstalledStock } from '../../support/installed-stock.js';

/** The demo catalog with OpenCart's installed stock: product 30 has 7 units, of which Red 2 and Blue 5. */
const data = withInstalledStock(demoStore().data);
const today = '2026-06-01';
const usd = (amount: string) => money(amount, 'USD');

function product(id: number): Product {
  const p = data.products.get(id);
  if (p === undefined) throw new Error(`demo product ${id} missing`);
  return p;
}

function withProduct(id: number, changes: Partial<Product>): Map<number, Product> {
  return new Map([...data.products, [id, { ...product(id), ...changes }]]);
}

function context(overrides: Partial<CartPricingContext> = {}): CartPricingContext {
  return { products: data.products, customerGroupId: 1, today, stockCheckout: false, ...overrides };
}

function line(
  cartId: string,
  productId: number,
  quantity: number,
  options: Record<string, CartOptionValue> = {},
  subscriptionPlanId = 0,
): CartLine {
  return { cartId, productId, quantity, options, subscriptionPlanId };
}

function priceOne(cartLine: CartLine, ctx = context()): PricedCartLine {
  const [priced] = priceCart([cartLine], ctx);
  if (priced === undefined) throw new Error('line not priced');
  return priced;
}

/** Canonical options of product 42: Green (+1, 1 kg), Small (+10, 10 kg), checkboxes 8 (+10, 10 kg) and 10 (+30, 30 kg). */
const cinema: Record<string, CartOptionValue> = {
  '208': 'hello',
  '209': 'note',
  '217': '1',
  '218': '5',
  '219': '2011-02-20',
  '220': '2011-02-20 22:25',
  '221': '22:25',
  '222': 'upload-code',
  '223': ['8', '10'],
};
const RED = { '226': '15' };
const BLUE = { '226': '16' };

/** Every field of the priced line; the Record type makes the compiler insist the list is complete. */
const lineFields: Record<keyof PricedCartLine, true> = {
  cartId: true,
  productId: true,
  name: true,
  model: true,
  options: true,
  subscription: true,
  subscriptionPlanId: true,
  quantity: true,
  minimum: true,
  maximum: true,
  stock: true,
  subtract: true,
  price: true,
  total: true,
  reward: true,
  image: true,
  weight: true,
  weightClass: true,
  length: true,
  width: true,
  height: true,
  lengthClass: true,
  taxClassId: true,
  shipping: true,
  points: true,
};

describe('priceCart: the priced line', () => {
  it('has exactly the fields of the priced line record', () => {
    expect(Object.keys(priceOne(line('a', 28, 1))).sort()).toEqual(Object.keys(lineFields).sort());
  });

  it('gives every field of a plain line (product 28, 2 units, group 1)', () => {
    expect(priceOne(line('a', 28, 2))).toEqual({
      cartId: 'a',
      productId: 28,
      name: 'HTC Touch HD',
      model: 'Product 1',
      options: [],
      subscription: null,
      subscriptionPlanId: 0,
      quantity: 2,
      minimum: 1,
      maximum: 0,
      stock: true,
      subtract: true,
      price: usd('100.00'),
      total: usd('200.00'),
      reward: 800,
      image: 'catalog/demo/htc_touch_hd_1.jpg',
      weight: '292.80000000',
      weightClass: '',
      length: '0.00000000',
      width: '0.00000000',
      height: '0.00000000',
      lengthClass: '',
      taxClassId: 9,
      shipping: true,
      points: 400,
    });
  });

  it('names the weight and length classes when the names are given', () => {
    const classNames = { weight: new Map([[2, 'g']]), length: new Map([[1, 'cm']]) };
    expect(priceOne(line('a', 28, 1), context({ classNames }))).toMatchObject({
      weightClass: 'g',
      lengthClass: 'cm',
    });
  });

  it('keeps the cart order and skips lines of unavailable products', () => {
    const products = withProduct(29, { status: false });
    const cart = [line('a', 40, 1), line('gone', 999, 1), line('off', 29, 1), line('b', 28, 1)];
    expect(priceCart(cart, context({ products })).map((l) => l.cartId)).toEqual(['a', 'b']);
  });
});

describe('priceCart: prices', () => {
  it('adds option prices to the unit price and totals price × quantity', () => {
    const priced = priceOne(line('a', 42, 2, cinema));
    expect(priced.price).toEqual(usd('151.00'));
    expect(priced.total).toEqual(usd('302.00'));
  });

  it('picks the quantity-discount tier of product 42 from its units across all lines', () => {
    const other = { ...cinema, '217': '3' }; // Blue (+3) instead of Green (+1)
    const tier = (a: number, b: number) =>
      priceCart([line('a', 42, a, cinema), line('b', 42, b, other)], context()).map((l) => l.price);
    expect(tier(5, 4)).toEqual([usd('151.00'), usd('153.00')]);
    expect(tier(6, 4)).toEqual([usd('139.00'), usd('141.00')]);
    expect(tier(15, 5)).toEqual([usd('128.00'), usd('130.00')]);
    expect(tier(29, 1)).toEqual([usd('117.00'), usd('119.00')]);
  });

  it('gives no group-1 discount to group 2', () => {
    const priced = priceCart([line('a', 42, 30, cinema)], context({ customerGroupId: 2 }));
    expect(priced[0]?.price).toEqual(usd('151.00'));
  });

  it('applies a group-1 special of product 30 (80.00) to group 1 only', () => {
    const special = { customerGroupId: 1, priority: 1, price: usd('80.00'), dateStart: null, dateEnd: null };
    const products = withProduct(30, { specials: [special] });
    expect(priceOne(line('a', 30, 1, RED)).price).toEqual(usd('100.00'));
    expect(priceOne(line('a', 30, 1, RED), context({ products })).price).toEqual(usd('80.00'));
    expect(priceOne(line('a', 30, 1, RED), context({ products, customerGroupId: 2 })).price).toEqual(
      usd('100.00'),
    );
  });

  it('prices a plan line at its plan price (product 41, plan 2 "Weekly": 25.00) with its subscription object', () => {
    const priced = priceOne(line('a', 41, 2, {}, 2));
    expect(priced.price).toEqual(usd('25.00'));
    expect(priced.total).toEqual(usd('50.00'));
    expect(priced.subscriptionPlanId).toBe(2);
    // Plan 2 is named "Weekly" but bills monthly, as OpenCart installs it.
    expect(priced.subscription).toEqual({
      subscriptionPlanId: 2,
      name: 'Weekly',
      trialStatus: false,
      trialPrice: usd('0.00'),
      trialCycle: 0,
      trialFrequency: 'day',
      trialDuration: 0,
      price: usd('25.00'),
      cycle: 1,
      frequency: 'month',
      duration: 10,
    });
  });

  it('prices a plan line in its trial at the trial price, with the trial terms', () => {
    const plans = product(41).subscriptionPlans.map((p) => ({
      ...p,
      trialStatus: true,
      trialPrice: usd('1.00'),
      trialFrequency: 'month' as const,
      trialCycle: 1,
      trialDuration: 1,
    }));
    const priced = priceOne(
      line('a', 41, 2, {}, 2),
      context({ products: withProduct(41, { subscriptionPlans: plans }) }),
    );
    expect(priced.price).toEqual(usd('1.00'));
    expect(priced.total).toEqual(usd('2.00'));
    expect(priced.subscription).toMatchObject({
      trialStatus: true,
      trialPrice: usd('1.00'),
      trialFrequency: 'month',
      trialCycle: 1,
      trialDuration: 1,
      price: usd('25.00'),
    });
  });

  it('adds option prices to a plan price', () => {
    const colour = choiceOption(
      { productOptionId: 900, optionId: 5, name: 'Colour', type: 'select', sortOrder: 1 },
      [optionValue(901, 39, 'Red', '5.00')],
    );
    const products = withProduct(41, { options: [colour] });
    // Plan 2 at 25.00, plus 5.00 of Red.
    expect(priceOne(line('a', 41, 1, { '900': '901' }, 2), context({ products })).price).toEqual(
      usd('30.00'),
    );
  });

  it('keeps a plan price exact, unrounded (12.345)', () => {
    const plans = product(41).subscriptionPlans.map((p) => ({
      ...p,
      trialStatus: false,
      duration: 0,
      price: usd('12.345'),
      frequency: 'semi_month' as const,
    }));
    const priced = priceOne(
      line('a', 41, 1, {}, 2),
      context({ products: withProduct(41, { subscriptionPlans: plans }) }),
    );
    expect(priced.price).toEqual(usd('12.345'));
    expect(priced.subscription).toMatchObject({ price: usd('12.345'), frequency: 'semi_month', duration: 0 });
  });

  it('earns the group reward per unit (none for group 2)', () => {
    expect(priceOne(line('a', 42, 3, cinema)).reward).toBe(300);
    expect(priceOne(line('a', 42, 3, cinema), context({ customerGroupId: 2 })).reward).toBe(0);
  });
});

describe('priceCart: options, weight, stock', () => {
  it('lists the chosen options in ascending product option order, one entry per checkbox value', () => {
    const priced = priceOne(line('a', 42, 1, cinema));
    const entry = (
      poid: number,
      povid: number,
      optionId: number,
      ovid: number,
      name: string,
      value: string,
      type: string,
    ) => ({
      productOptionId: poid,
      productOptionValueId: povid,
      optionId,
      optionValueId: ovid,
      name,
      value,
      type,
    });
    expect(priced.options).toEqual([
      entry(208, 0, 4, 0, 'Text', 'hello', 'text'),
      entry(209, 0, 6, 0, 'Textarea', 'note', 'textarea'),
      entry(217, 1, 5, 41, 'Select', 'Green', 'select'),
      entry(218, 5, 1, 32, 'Radio', 'Small', 'radio'),
      entry(219, 0, 8, 0, 'Date', '2011-02-20', 'date'),
      entry(220, 0, 10, 0, 'Date & Time', '2011-02-20 22:25', 'datetime'),
      entry(221, 0, 9, 0, 'Time', '22:25', 'time'),
      entry(222, 0, 7, 0, 'File', 'upload-code', 'file'),
      entry(223, 8, 2, 23, 'Checkbox', 'Checkbox 1', 'checkbox'),
      entry(223, 10, 2, 44, 'Checkbox', 'Checkbox 3', 'checkbox'),
    ]);
  });

  it('weighs (product weight + option weights) × quantity, exactly', () => {
    expect(priceOne(line('a', 42, 2, cinema)).weight).toBe('127.00000000');
    expect(priceOne(line('a', 40, 3)).weight).toBe('30.00000000');
  });

  it('flags stock over all lines of the product and its subtract option values', () => {
    expect(priceCart([line('a', 30, 5, BLUE), line('b', 30, 2, RED)], context()).map((l) => l.stock)).toEqual(
      [true, true],
    );
    expect(priceCart([line('a', 30, 5, BLUE), line('b', 30, 3, RED)], context()).map((l) => l.stock)).toEqual(
      [false, false],
    );
    expect(priceCart([line('a', 30, 3, RED), line('b', 30, 1, BLUE)], context()).map((l) => l.stock)).toEqual(
      [false, true],
    );
    expect(priceOne(line('a', 49, 1)).stock).toBe(false);
  });

  it('flags stock whatever config_stock_checkout says', () => {
    expect(priceOne(line('a', 30, 3, RED), context({ stockCheckout: true })).stock).toBe(false);
  });
});

describe('cart aggregates', () => {
  const lines = priceCart([line('a', 28, 2), line('b', 43, 1), line('c', 42, 1, cinema)], context());

  it('sums the line totals', () => {
    expect(cartSubTotal(lines, 'USD')).toEqual(usd('851.00'));
    expect(cartSubTotal([], 'USD')).toEqual(usd('0'));
  });

  it('ships when some line ships, and counts the shippable units', () => {
    expect(cartShips(lines)).toBe(true);
    expect(shippableQuantity(lines)).toBe(3);
    expect(cartShips(lines.filter((l) => l.productId === 43))).toBe(false);
  });

  it('has stock only when every line has', () => {
    expect(hasStock(lines)).toBe(true);
    expect(hasStock(priceCart([line('a', 28, 1), line('b', 49, 1)], context()))).toBe(false);
  });

  it('meets the minimum of product 42 (2) with its units across lines', () => {
    expect(lineMinimumMet(lines[2] as PricedCartLine, lines)).toBe(false);
    expect(hasMinimum(lines)).toBe(false);
    const two = priceCart([line('a', 42, 1, cinema), line('b', 42, 1, { ...cinema, '217': '3' })], context());
    expect(two.map((l) => lineMinimumMet(l, two))).toEqual([true, true]);
    expect(hasMinimum(two)).toBe(true);
  });
});
