/**
 * Price once: every command prices the cart it answers for exactly once (its guard, its rule, the re-checks of
 * stale selections and its answer all read the same priced lines), and runs the totals pipeline at most once.
 * The pricing functions are wrapped so that every call is counted.
 */
import type { ResultAsync } from 'neverthrow';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemoryAdapters } from '../../src/adapters/memory/index.js';
import type { CheckoutError } from '../../src/domain/errors.js';
import * as cartPricing from '../../src/domain/pricing/cart.js';
import * as pipeline from '../../src/domain/pricing/totals/pipeline.js';
import type { Checkout } from '../../src/engine/checkout.js';
import type { CheckoutDeps } from '../../src/engine/context.js';
import {
  type DemoCheckoutOverrides,
  demoCheckout,
  expectOk,
  guest,
  ukAddress,
} from './support/demo-checkout.js';

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

/** A command's cart pricings and totals runs. */
interface Counts {
  pricings: number;
  totals: number;
}

/** How many times a command priced the cart and ran the totals. */
async function counted(command: () => ResultAsync<unknown, CheckoutError>) {
  priceCart.mockClear();
  runTotals.mockClear();
  await expectOk(command());
  return { pricings: priceCart.mock.calls.length, totals: runTotals.mock.calls.length };
}

/** A catalog whose every answer is a fresh copy of the demo's records (nothing priced can be reused). */
function freshProducts(adapters: MemoryAdapters): Partial<CheckoutDeps> {
  const { catalog } = adapters;
  return {
    catalog: {
      ...catalog,
      getProducts: async (ids) => (await catalog.getProducts(ids)).map((product) => ({ ...product })),
    },
  };
}

/** The seed flow's steps, and how many pricings and totals runs each needs when it reuses nothing. */
const seedFlow: [string, (checkout: Checkout, id: string) => ResultAsync<unknown, CheckoutError>, Counts][] =
  [
    ['customer', (checkout, id) => checkout.setCustomer(id, guest), { pricings: 0, totals: 0 }],
    [
      'cart',
      (checkout, id) => checkout.addProducts(id, { product: [{ product_id: 40, quantity: 2 }] }),
      { pricings: 0, totals: 0 },
    ],
    [
      'product_add',
      (checkout, id) => checkout.addProduct(id, { product_id: 30, option: { '226': '15' } }),
      { pricings: 0, totals: 0 },
    ],
    [
      'payment_address',
      (checkout, id) => checkout.setPaymentAddress(id, ukAddress('payment_')),
      { pricings: 0, totals: 0 },
    ],
    [
      'shipping_address',
      (checkout, id) => checkout.setShippingAddress(id, ukAddress('shipping_')),
      { pricings: 1, totals: 0 },
    ],
    ['shipping_methods', (checkout, id) => checkout.getShippingMethods(id), { pricings: 1, totals: 0 }],
    [
      'shipping_method',
      (checkout, id) => checkout.setShippingMethod(id, { shipping_method: 'flat.flat' }),
      { pricings: 1, totals: 1 },
    ],
    ['payment_methods', (checkout, id) => checkout.getPaymentMethods(id), { pricings: 1, totals: 1 }],
    [
      'payment_method',
      (checkout, id) => checkout.setPaymentMethod(id, { payment_method: 'cod' }),
      { pricings: 1, totals: 1 },
    ],
    ['coupon', (checkout, id) => checkout.setCoupon(id, { coupon: '2222' }), { pricings: 1, totals: 1 }],
    [
      'cart again (re-checks both methods)',
      (checkout, id) => checkout.addProduct(id, { product_id: 40 }),
      { pricings: 1, totals: 1 },
    ],
    ['getProducts', (checkout, id) => checkout.getProducts(id), { pricings: 1, totals: 1 }],
    ['getTotals', (checkout, id) => checkout.getTotals(id), { pricings: 1, totals: 1 }],
    ['confirm', (checkout, id) => checkout.confirm(id, {}), { pricings: 1, totals: 1 }],
  ];

/** What each step of the seed flow needs when it reuses nothing: one pricing at most. */
const seedFlowExpected: Record<string, Counts> = Object.fromEntries(
  seedFlow.map(([name, , counts]) => [name, counts]),
);

/** How many times each step of the seed flow priced the cart and ran the totals, on the demo with `deps`. */
async function seedFlowCounts(deps: DemoCheckoutOverrides['deps']): Promise<Record<string, Counts>> {
  const demo = demoCheckout(deps === undefined ? {} : { deps });
  const id = await demo.open();
  const seen: Record<string, Counts> = {};
  for (const [name, command] of seedFlow) seen[name] = await counted(() => command(demo.checkout, id));
  return seen;
}

describe('one cart pricing per command', () => {
  beforeEach(() => {
    priceCart.mockClear();
    runTotals.mockClear();
  });

  // A step that answers only its success text, with no chosen method to re-check, reads no price at all. The
  // catalog hands out fresh copies of its records, so no command can reuse what the one before priced (that
  // reuse needs the very same records) and each prices for itself.
  it('every step of the seed flow prices its cart at most once and runs the totals at most once', async () => {
    const seen = await seedFlowCounts(freshProducts);
    expect(seen).toEqual(seedFlowExpected);
  });

  // The same flow over the memory catalog, whose records are the same frozen objects from one read to the next:
  // a cart is priced by the first command that needs it after it changed, and totals are run after a change to
  // what they read (the shipping method, the coupon, the cart); every other command reuses them.
  it('a command reuses what an earlier one priced from the same records: each cart and totals once', async () => {
    const seen = await seedFlowCounts(undefined);
    const reused = { pricings: 0, totals: 0 };
    const expected = Object.fromEntries(Object.keys(seedFlowExpected).map((name) => [name, reused]));
    expect(seen).toEqual({
      ...expected,
      shipping_address: { pricings: 1, totals: 0 },
      shipping_method: { pricings: 0, totals: 1 },
      coupon: { pricings: 0, totals: 1 },
      'cart again (re-checks both methods)': { pricings: 1, totals: 1 },
    });
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
