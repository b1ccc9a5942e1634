/**
 * Price once: every command prices the cart it answers for exactly once (its guard, its rule, the re-checks of
 * stale selections and its answer all read the same priced lines), and runs the totals pipeline at most once.
 * The pricing functions are wrapped so that every call is counted.
 */
import type { ResultAsync } from 'neverthrow';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutError } from '../../src/domain/errors.js';
import * as cartPricing from '../../src/domain/pricing/cart.js';
import * as pipeline from '../../src/domain/pricing/totals/pipeline.js';
import { demoCheckout, expectOk, guest, ukAddress } from './support/demo-checkout.js';

vi.mock('../../src/domain/pricing/cart.js', async (original) => {
  const module = await original<typeof import('../../src/domain/pricing/cart.js')>();
  return { ...module, priceCart: vi.fn(module.priceCart) };
});
vi.mock('../../src/domain/pricing/totals/pipeline.js', async (original) => {
  const module = await original<typeof import('../../src/domain/pricing/totals/pipeline.js')>();
  return { ...module, runTotals: vi.fn(module.runTotals) };
});

const priceCart = vi.mocked(cartPricing.priceCart);
const runTotals = vi.mocked(pipeline.runTotals);

/** How many times a command priced the cart and ran the totals. */
async function counted(command: () => ResultAsync<unknown, CheckoutError>) {
  priceCart.mockClear();
  runTotals.mockClear();
  await expectOk(command());
  return { pricings: priceCart.mock.calls.length, totals: runTotals.mock.calls.length };
}

describe('one cart pricing per command', () => {
  beforeEach(() => {
    priceCart.mockClear();
    runTotals.mockClear();
  });

  // A step that answers only its success text, with no chosen method to re-check, reads no price at all.
  it('every step of the seed flow prices its cart at most once and runs the totals at most once', async () => {
    const demo = demoCheckout();
    const { checkout } = demo;
    const id = await demo.open();
    const steps: [string, () => ResultAsync<unknown, CheckoutError>, { pricings: number; totals: number }][] =
      [
        ['customer', () => checkout.setCustomer(id, guest), { pricings: 0, totals: 0 }],
        [
          'cart',
          () => checkout.addProducts(id, { product: [{ product_id: 40, quantity: 2 }] }),
          { pricings: 0, totals: 0 },
        ],
        [
          'product_add',
          () => checkout.addProduct(id, { product_id: 30, option: { '226': '15' } }),
          { pricings: 0, totals: 0 },
        ],
        [
          'payment_address',
          () => checkout.setPaymentAddress(id, ukAddress('payment_')),
          { pricings: 0, totals: 0 },
        ],
        [
          'shipping_address',
          () => checkout.setShippingAddress(id, ukAddress('shipping_')),
          { pricings: 1, totals: 0 },
        ],
        ['shipping_methods', () => checkout.getShippingMethods(id), { pricings: 1, totals: 0 }],
        [
          'shipping_method',
          () => checkout.setShippingMethod(id, { shipping_method: 'flat.flat' }),
          { pricings: 1, totals: 1 },
        ],
        ['payment_methods', () => checkout.getPaymentMethods(id), { pricings: 1, totals: 1 }],
        [
          'payment_method',
          () => checkout.setPaymentMethod(id, { payment_method: 'cod' }),
          { pricings: 1, totals: 1 },
        ],
        ['coupon', () => checkout.setCoupon(id, { coupon: '2222' }), { pricings: 1, totals: 1 }],
        [
          'cart again (re-checks both methods)',
          () => checkout.addProduct(id, { product_id: 40 }),
          { pricings: 1, totals: 1 },
        ],
        ['getProducts', () => checkout.getProducts(id), { pricings: 1, totals: 1 }],
        ['getTotals', () => checkout.getTotals(id), { pricings: 1, totals: 1 }],
        ['confirm', () => checkout.confirm(id, {}), { pricings: 1, totals: 1 }],
      ];
    const seen: Record<string, { pricings: number; totals: number }> = {};
    const expected: Record<string, { pricings: number; totals: number }> = {};
    for (const [name, command, counts] of steps) {
      seen[name] = await counted(command);
      expected[name] = counts;
    }
    expect(seen).toEqual(expected);
  });

  it('a refused step prices its cart at most once', async () => {
    const demo = demoCheckout();
    const id = await demo.open();
    await expectOk(demo.checkout.addProduct(id, { product_id: 40 }));
    priceCart.mockClear();
    await demo.checkout.setShippingMethod(id, { shipping_method: 'flat.flat' });
    expect(priceCart.mock.calls.length).toBeLessThanOrEqual(1);
  });
});
