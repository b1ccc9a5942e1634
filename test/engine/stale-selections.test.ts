/**
 * Stale selections through the engine: a change to an address, the cart or the customer
 * re-asks the registered extensions and drops a chosen method no longer offered (the result lists it), keeps one
 * still offered with its fresh quote, re-checks only what the step table says, and an extension that fails is
 * `unavailable` with nothing saved. With the built-in extensions: a payment method restricted to a geo zone is
 * dropped when the payment address leaves it, and a currency switch leaves every offer as it was.
 */
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../src/adapters/memory/index.js';
import type {
  CheckoutSession,
  PaymentMethodOffer,
  ShippingQuoteGroup,
} from '../../src/domain/machine/session.js';
import { createPaymentMethods } from '../../src/extensions/payment/index.js';
import { money, multiply } from '../../src/money/index.js';
import type { PaymentMethod } from '../../src/ports/payment-method.js';
import type { ShippingMethod } from '../../src/ports/shipping-method.js';
import { sampleSession } from '../../src/testing/index.js';
import {
  demoCheckout,
  expectErr,
  expectOk,
  guest,
  startInstant,
  ukAddress,
  usAddress,
} from './support/demo-checkout.js';
import { counting } from './support/ports.js';

/** `test.test`: 1.50 per shippable unit, UK addresses only. */
function testQuote(units: number): ShippingQuoteGroup {
  const cost = multiply(money('1.50', 'USD'), units);
  return {
    code: 'test',
    title: 'Test Shipping',
    quote: { test: { code: 'test.test', name: 'Test Shipping', cost, taxClassId: 9 } },
    sortOrder: 1,
  };
}

const cod: PaymentMethodOffer = {
  code: 'cod',
  name: 'Cash On Delivery',
  option: { cod: { code: 'cod.cod', name: 'Cash On Delivery' } },
  sortOrder: 5,
};

/** The test extensions, with call counters and a switch to make them reject. */
function extensions() {
  const state = { quotes: 0, offers: 0, failShipping: false, failPayment: false };
  const shipping: ShippingMethod = {
    code: 'test',
    quote: (context) => {
      state.quotes += 1;
      if (state.failShipping) throw new Error('shipping extension down');
      return context.address.countryId === 222 ? testQuote(context.shippableQuantity) : null;
    },
  };
  const payment: PaymentMethod = {
    code: 'cod',
    offer: (context) => {
      state.offers += 1;
      if (state.failPayment) throw new Error('payment extension down');
      return context.cartShips ? cod : null;
    },
  };
  return { state, shipping, payment };
}

/**
 * A session saved straight into the store at version 1: a guest, product 40 (line `line-40`) and the MacBook
 * (line `line-43`, does not ship), UK addresses, `test.test` chosen at a stale 9.99 and `cod` chosen.
 */
async function seeded(overrides: Partial<CheckoutSession> = {}) {
  const ext = extensions();
  let catalogCalls: unknown[][] = [];
  const demo = demoCheckout({
    deps: (adapters) => {
      const counted = counting(adapters.catalog, 'getProducts');
      catalogCalls = counted.calls;
      return { catalog: counted.port, shippingMethods: [ext.shipping], paymentMethods: [ext.payment] };
    },
  });
  const uk = sampleSession({ id: 'x', now: startInstant, expiresAt: startInstant }).paymentAddress;
  const stale = testQuote(1);
  const chosen = { code: 'test.test', name: 'Test Shipping', cost: money('9.99', 'USD'), taxClassId: 9 };
  const session = sampleSession(
    {
      id: 'stale-1',
      now: startInstant,
      expiresAt: new Date(Date.parse(startInstant) + 3_600_000).toISOString(),
    },
    {
      currency: 'USD',
      customer: { customerId: 0, customerGroupId: 1, ...guest, customField: {} },
      loggedInCustomerId: null,
      cart: [
        { cartId: 'line-40', productId: 40, quantity: 1, options: {}, subscriptionPlanId: 0 },
        { cartId: 'line-43', productId: 43, quantity: 1, options: {}, subscriptionPlanId: 0 },
      ],
      paymentAddress: uk,
      shippingAddress: uk,
      shippingMethods: { test: { ...stale, quote: { test: chosen } } },
      shippingMethod: chosen,
      paymentMethods: { cod },
      paymentMethod: { code: 'cod', name: 'Cash On Delivery' },
      coupon: null,
      reward: null,
      ...overrides,
    },
  );
  expect(await demo.adapters.sessions.save(session, 0)).toBe('saved');
  ext.state.quotes = 0;
  ext.state.offers = 0;
  return { ...demo, ext, id: session.id, seededSession: session, catalogReads: () => catalogCalls.length };
}

describe('stale selections', () => {
  it('a shipping address the method does not serve drops the shipping method (and the payment method after it)', async () => {
    const { checkout, id, stored } = await seeded();
    const result = await expectOk(checkout.setShippingAddress(id, usAddress('shipping_')));
    // The payment step needs the shipping method when the cart ships, so the payment method
    // chosen after it goes too, although the cod-like method would still be offered.
    expect(result.dropped).toEqual(['shipping_method', 'payment_method']);
    const session = await expectOk(checkout.getSession(id));
    expect(session.shippingMethod).toBeNull();
    expect(session.paymentMethod).toBeNull();
    expect(session.shippingAddress?.countryId).toBe(223);
    expect((await stored(id)).version).toBe(2);
  });

  it('adding a product keeps the shipping method with the fresh cost', async () => {
    const { checkout, id, stored, ext } = await seeded();
    const result = await expectOk(checkout.addProduct(id, { product_id: 40, quantity: 2 }));
    expect(result.dropped).toEqual([]);
    const session = await stored(id);
    expect(session.shippingMethod).toEqual({
      code: 'test.test',
      name: 'Test Shipping',
      cost: money('4.50', 'USD'),
      taxClassId: 9,
    });
    expect(session.paymentMethod?.code).toBe('cod');
    expect(ext.state.quotes).toBe(1);
    const totals = (await expectOk(checkout.getTotals(id))).totals;
    expect(totals.find((t) => t.code === 'shipping')?.value.amount).toBe('4.5000');
  });

  it('totals carry the fresh shipping cost, each line rounded in the session currency', async () => {
    const { checkout, id } = await seeded();
    await expectOk(checkout.addProduct(id, { product_id: 40, quantity: 2 }));
    await expectOk(checkout.setCurrency(id, { currency: 'GBP' }));
    const totals = (await expectOk(checkout.getTotals(id))).totals;
    // Three iPhones (101.00) and the MacBook (500.00, class 9 like the rest). The sub-total is the sum of the
    // line totals as shown: the iPhone 101 × 0.61250001 = 61.8625… → 61.86 × 3 = 185.58, the MacBook 500 ×
    // 0.61250001 = 306.2500… → 306.25, so 491.83 (not 803 × 0.61250001 = 491.8375… → 491.84, which no client
    // adding the lines would reach); shipping 4.50 × 0.61250001 = 2.756250045 → 2.76; VAT 20% of
    // (803 + 4.50) = 161.50 USD → 98.9187… → 98.92; Eco Tax 2.00 × 5 (4 units and the shipping) = 10 USD →
    // 6.125… → 6.13; total = the sum of the rounded lines, 599.64.
    expect(totals.map((t) => [t.code, t.value.amount])).toEqual([
      ['sub_total', '491.8300'],
      ['shipping', '2.7600'],
      ['tax', '98.9200'],
      ['tax', '6.1300'],
      ['total', '599.6400'],
    ]);
  });

  it('changing a quantity re-quotes as well', async () => {
    const { checkout, id, stored } = await seeded();
    await expectOk(checkout.updateCartLine(id, { cart_id: 'line-40', quantity: 4 }));
    expect((await stored(id)).shippingMethod?.cost).toEqual(money('6.00', 'USD'));
  });

  it('removing every product that ships drops the shipping method and the cod-like payment method', async () => {
    const { checkout, id, stored } = await seeded();
    const result = await expectOk(checkout.removeCartLine(id, { cart_id: 'line-40' }));
    expect(result.dropped).toEqual(['shipping_method', 'payment_method']);
    const session = await stored(id);
    expect(session.cart.map((line) => line.cartId)).toEqual(['line-43']);
    expect(session.shippingMethod).toBeNull();
    expect(session.paymentMethod).toBeNull();
  });

  it('a quantity of 0 on the last shipping line drops both as well', async () => {
    const { checkout, id } = await seeded();
    const result = await expectOk(checkout.updateCartLine(id, { cart_id: 'line-40', quantity: 0 }));
    expect(result.dropped).toEqual(['shipping_method', 'payment_method']);
  });

  it('the payment address re-checks only the payment method', async () => {
    const { checkout, id, stored, ext, seededSession } = await seeded();
    const result = await expectOk(checkout.setPaymentAddress(id, usAddress('payment_')));
    expect(result.dropped).toEqual([]);
    expect(ext.state.quotes).toBe(0);
    expect(ext.state.offers).toBeGreaterThan(0);
    const session = await stored(id);
    expect(session.shippingMethod).toEqual(seededSession.shippingMethod);
    expect(session.paymentMethod?.code).toBe('cod');
  });

  it('the currency re-checks nothing', async () => {
    const { checkout, id, ext } = await seeded();
    const result = await expectOk(checkout.setCurrency(id, { currency: 'EUR' }));
    expect(result.dropped).toEqual([]);
    expect(ext.state).toMatchObject({ quotes: 0, offers: 0 });
  });

  it('a customer change re-checks both', async () => {
    const { checkout, id, ext, stored } = await seeded();
    const result = await expectOk(checkout.setCustomer(id, { ...guest, firstname: 'Janet' }));
    expect(result.dropped).toEqual([]);
    expect(ext.state.quotes).toBe(1);
    expect(ext.state.offers).toBeGreaterThan(0);
    expect((await stored(id)).shippingMethod?.cost).toEqual(money('1.50', 'USD'));
  });

  it('a shipping address still served keeps the method, re-quoted', async () => {
    const { checkout, id, stored } = await seeded();
    const result = await expectOk(
      checkout.setShippingAddress(id, ukAddress('shipping_', { shipping_zone_id: 3513 })),
    );
    expect(result.dropped).toEqual([]);
    expect((await stored(id)).shippingMethod?.cost).toEqual(money('1.50', 'USD'));
  });

  it('re-checks read the catalog no more: one read per command', async () => {
    const { checkout, id, catalogReads } = await seeded();
    await expectOk(checkout.addProduct(id, { product_id: 32 }));
    await expectOk(checkout.setShippingAddress(id, usAddress('shipping_')));
    await expectOk(checkout.removeCartLine(id, { cart_id: 'line-40' }));
    expect(catalogReads()).toBe(3);
  });

  it('nothing chosen, nothing dropped and no extension asked', async () => {
    const { checkout, id, ext } = await seeded({ shippingMethod: null, paymentMethod: null });
    const result = await expectOk(checkout.setShippingAddress(id, usAddress('shipping_')));
    expect(result.dropped).toEqual([]);
    expect(ext.state).toMatchObject({ quotes: 0, offers: 0 });
  });
});

describe('an extension that fails', () => {
  it('a rejecting shipping method is unavailable "extension" and nothing is saved', async () => {
    const { checkout, id, stored, ext, seededSession } = await seeded();
    ext.state.failShipping = true;
    const error = await expectErr(checkout.setShippingAddress(id, usAddress('shipping_')));
    expect(error).toMatchObject({
      kind: 'unavailable',
      port: 'extension',
      fields: { warning: 'Service temporarily unavailable!' },
    });
    expect(await stored(id)).toEqual(seededSession);
  });

  it('a rejecting payment method is unavailable "extension" and nothing is saved', async () => {
    const { checkout, id, stored, ext, seededSession } = await seeded();
    ext.state.failPayment = true;
    const error = await expectErr(checkout.setPaymentAddress(id, usAddress('payment_')));
    expect(error).toMatchObject({ kind: 'unavailable', port: 'extension' });
    expect(await stored(id)).toEqual(seededSession);
  });

  it('a rejecting shipping method fails a cart change too', async () => {
    const { checkout, id, stored, ext, seededSession } = await seeded();
    ext.state.failShipping = true;
    expect(await expectErr(checkout.addProduct(id, { product_id: 32 }))).toMatchObject({ port: 'extension' });
    expect(await stored(id)).toEqual(seededSession);
  });
});

describe('stale selections with the built-in extensions', () => {
  /**
   * The demo store with bank_transfer switched on and restricted to geo zone 3 (UK VAT Zone), and a guest who
   * has chosen flat shipping and bank_transfer for product 40 with UK addresses.
   */
  async function ukBankTransfer() {
    const payment = demoStore().data.extensions.payment;
    const demo = demoCheckout({
      deps: () => ({
        paymentMethods: createPaymentMethods({
          ...payment,
          bank_transfer: { ...payment.bank_transfer, status: true, geoZoneId: 3 },
        }),
      }),
    });
    const { checkout } = demo;
    const id = await demo.open();
    await expectOk(checkout.setCustomer(id, guest));
    await expectOk(checkout.addProduct(id, { product_id: 40 }));
    await expectOk(checkout.setPaymentAddress(id, ukAddress('payment_')));
    await expectOk(checkout.setShippingAddress(id, ukAddress('shipping_')));
    await expectOk(checkout.setShippingMethod(id, { shipping_method: { code: 'flat.flat' } }));
    await expectOk(checkout.setPaymentMethod(id, { payment_method: { code: 'bank_transfer' } }));
    return { ...demo, id };
  }

  it('a payment address moved out of the method’s geo zone drops the payment method and says so', async () => {
    const { checkout, id, stored } = await ukBankTransfer();
    expect((await stored(id)).paymentMethod?.code).toBe('bank_transfer');
    const result = await expectOk(checkout.setPaymentAddress(id, usAddress('payment_')));
    expect(result.dropped).toEqual(['payment_method']);
    const session = await stored(id);
    expect(session.paymentMethod).toBeNull();
    expect(session.shippingMethod?.code).toBe('flat.flat');
    const { paymentMethods } = await expectOk(checkout.getPaymentMethods(id));
    expect(Object.keys(paymentMethods)).not.toContain('bank_transfer');
  });

  it('a payment address still in the zone keeps it', async () => {
    const { checkout, id, stored } = await ukBankTransfer();
    const result = await expectOk(
      checkout.setPaymentAddress(id, ukAddress('payment_', { payment_zone_id: 3513 })),
    );
    expect(result.dropped).toEqual([]);
    expect((await stored(id)).paymentMethod?.code).toBe('bank_transfer');
  });
});

describe('the currency re-checks nothing because no offer can depend on it (steps.ts)', () => {
  it('free shipping (sub-total ≥ 500.00) is offered alike in USD and GBP, and stays chosen', async () => {
    const demo = demoCheckout({ config: { shipping_free_status: true } });
    const { checkout } = demo;
    const id = await demo.open();
    // 5 × 101.00 = 505.00.
    await expectOk(checkout.addProduct(id, { product_id: 40, quantity: 5 }));
    await expectOk(checkout.setShippingAddress(id, ukAddress('shipping_')));
    const codes = async () =>
      Object.values((await expectOk(checkout.getShippingMethods(id))).shippingMethods).flatMap((group) =>
        Object.values(group.quote).map((quote) => [quote.code, quote.cost.amount]),
      );
    const inUsd = await codes();
    expect(inUsd).toContainEqual(['free.free', '0.0000']);
    await expectOk(checkout.setShippingMethod(id, { shipping_method: 'free.free' }));
    // 500.00 USD is 306.25 GBP: the minimum is compared in the default currency, so nothing moves.
    expect((await expectOk(checkout.setCurrency(id, { currency: 'GBP' }))).dropped).toEqual([]);
    expect(await codes()).toEqual(inUsd);
    expect((await demo.stored(id)).shippingMethod?.code).toBe('free.free');
  });

  it('free_checkout (total 0) is offered alike in USD and EUR, and stays chosen', async () => {
    const demo = demoCheckout({ config: { shipping_pickup_status: true } });
    const { checkout } = demo;
    const id = await demo.open();
    // Grace (1,000 points) pays product 47 with its 400 points; US addresses (no tax), pickup: total 0.00.
    await expectOk(checkout.setCustomer(id, { ...guest, email: 'grace@example.com' }));
    await expectOk(checkout.addProduct(id, { product_id: 47, option: { '225': '2026-05-01' } }));
    await expectOk(checkout.setPaymentAddress(id, usAddress('payment_')));
    await expectOk(checkout.setShippingAddress(id, usAddress('shipping_')));
    await expectOk(checkout.setShippingMethod(id, { shipping_method: 'pickup.pickup' }));
    await expectOk(checkout.setReward(id, { reward: 400 }));
    const offered = async () => Object.keys((await expectOk(checkout.getPaymentMethods(id))).paymentMethods);
    const inUsd = await offered();
    expect(inUsd).toContain('free_checkout');
    await expectOk(checkout.setPaymentMethod(id, { payment_method: 'free_checkout' }));
    expect((await expectOk(checkout.setCurrency(id, { currency: 'EUR' }))).dropped).toEqual([]);
    expect(await offered()).toEqual(inUsd);
    expect((await demo.stored(id)).paymentMethod?.code).toBe('free_checkout');
    const total = (await expectOk(checkout.getTotals(id))).totals.find((line) => line.code === 'total');
    expect(total?.value).toEqual(money('0.00', 'EUR'));
  });
});
