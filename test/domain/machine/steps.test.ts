import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import { createSession } from '../../../src/domain/machine/session.js';
import { checkGuards, rechecksOf, stepDiagram, stepOrder, steps } from '../../../src/domain/machine/steps.js';
import { defaultMessages } from '../../../src/domain/messages.js';
import { sampleSession } from '../../../src/testing/index.js';

const { settings } = demoStore();
const empty = createSession({
  id: 's1',
  apiUserId: 1,
  now: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-01T01:00:00.000Z',
  currency: 'USD',
  language: 'en-gb',
});
const full = sampleSession({
  id: 's2',
  now: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-01T01:00:00.000Z',
});
const shipping = { cartShips: true, hasProducts: true };
const noShipping = { cartShips: false, hasProducts: true };
const emptyCart = { cartShips: false, hasProducts: false };

describe('the step table', () => {
  it('lists the seed steps in order, each with a row', () => {
    expect(stepOrder).toEqual([
      'customer',
      'cart',
      'payment_address',
      'shipping_address',
      'shipping_method',
      'payment_method',
      'confirm',
    ]);
    expect(Object.keys(steps).sort()).toEqual(
      [...stepOrder, 'coupon', 'reward', 'affiliate', 'currency'].sort(),
    );
  });

  it('cart and address steps need no customer', () => {
    for (const step of ['cart', 'payment_address'] as const) {
      expect(checkGuards(step, empty, emptyCart, settings, defaultMessages)).toEqual({});
    }
  });

  it('a shipping address is refused when the cart does not ship', () => {
    expect(checkGuards('shipping_address', empty, noShipping, settings, defaultMessages)).toEqual({
      warning: 'Warning: There are no products that require shipping',
    });
    expect(checkGuards('shipping_address', empty, shipping, settings, defaultMessages)).toEqual({});
  });

  it('the shipping method needs the shipping address, with the seed session-check text', () => {
    expect(checkGuards('shipping_method', empty, shipping, settings, defaultMessages)).toEqual({
      shipping_address: 'Shipping address required',
    });
  });

  it('the shipping method on a cart that does not ship is told so, never asked for a shipping address', () => {
    for (const cart of [noShipping, emptyCart]) {
      expect(checkGuards('shipping_method', empty, cart, settings, defaultMessages)).toEqual({
        warning: 'Warning: There are no products that require shipping',
      });
    }
  });

  it('payment methods need customer and cart (session-check texts), payment address and shipping method', () => {
    expect(
      checkGuards(
        'payment_method',
        empty,
        { cartShips: true, hasProducts: false },
        settings,
        defaultMessages,
      ),
    ).toEqual({
      customer: 'Customer data required',
      product: 'Cart is empty',
      payment_address: 'Payment address is required!',
      shipping_method: 'Shipping method is required!',
    });
  });

  it('payment methods skip the payment address when config_checkout_payment_address is off', () => {
    const off = { ...settings, checkoutPaymentAddress: false };
    expect(checkGuards('payment_method', empty, noShipping, off, defaultMessages)).toEqual({
      customer: 'Customer data required',
    });
  });

  it('confirm reports every missing step at once with the seed confirm texts', () => {
    expect(
      checkGuards('confirm', empty, { cartShips: true, hasProducts: false }, settings, defaultMessages),
    ).toEqual({
      customer: 'Customer data is required!',
      product: 'Cart is empty!',
      payment_address: 'Payment address is required!',
      shipping_address: 'Shipping address is required!',
      shipping_method: 'Shipping method is required!',
      payment_method: 'Payment method is required!',
    });
  });

  it('confirm does not ask for shipping steps when the cart does not ship', () => {
    const noShip = { ...full, shippingAddress: null, shippingMethod: null };
    expect(checkGuards('confirm', noShip, noShipping, settings, defaultMessages)).toEqual({});
    expect(checkGuards('confirm', noShip, shipping, settings, defaultMessages)).toEqual({
      shipping_address: 'Shipping address is required!',
      shipping_method: 'Shipping method is required!',
    });
  });

  it('a coupon needs a cart; reward points need a customer and a cart; affiliate and currency nothing', () => {
    expect(checkGuards('coupon', empty, emptyCart, settings, defaultMessages)).toEqual({
      product: 'Cart is empty',
    });
    expect(checkGuards('reward', empty, emptyCart, settings, defaultMessages)).toEqual({
      customer: 'Customer data required',
      product: 'Cart is empty',
    });
    expect(checkGuards('affiliate', empty, emptyCart, settings, defaultMessages)).toEqual({});
    expect(checkGuards('currency', empty, emptyCart, settings, defaultMessages)).toEqual({});
  });

  it('a complete session passes every guard', () => {
    for (const step of stepOrder)
      expect(checkGuards(step, full, shipping, settings, defaultMessages)).toEqual({});
  });

  it('changes to customer, cart and shipping address re-check both methods; the payment address only payment', () => {
    expect(rechecksOf('customer')).toEqual(['shipping_method', 'payment_method']);
    expect(rechecksOf('cart')).toEqual(['shipping_method', 'payment_method']);
    expect(rechecksOf('shipping_address')).toEqual(['shipping_method', 'payment_method']);
    expect(rechecksOf('payment_address')).toEqual(['payment_method']);
    expect(rechecksOf('shipping_method')).toEqual(['payment_method']);
    expect(rechecksOf('confirm')).toEqual([]);
    expect(rechecksOf('coupon')).toEqual(['payment_method']);
    expect(rechecksOf('reward')).toEqual(['payment_method']);
    expect(rechecksOf('currency')).toEqual([]);
  });

  it('the diagram in docs/checkout-steps.md is the one generated from the table', () => {
    const doc = readFileSync(new URL('../../../docs/checkout-steps.md', import.meta.url), 'utf8');
    expect(doc).toContain(`\`\`\`mermaid\n${stepDiagram()}\n\`\`\``);
  });
});
