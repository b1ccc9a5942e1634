import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import { findQuote, recheckSelections } from '../../../src/domain/machine/selections.js';
import type { PaymentMethodOffer, ShippingQuoteGroup } from '../../../src/domain/machine/session.js';
import { money } from '../../../src/money/index.js';
import { sampleSession } from '../../../src/testing/index.js';

const { settings } = demoStore();

const session = sampleSession({
  id: 's',
  now: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-01T01:00:00.000Z',
});
const ships = { cartShips: true, hasProducts: true };
const flatAt = (cost: string): ShippingQuoteGroup => ({
  code: 'flat',
  title: 'Flat Rate',
  quote: { flat: { code: 'flat.flat', name: 'Flat Shipping Rate', cost: money(cost, 'USD'), taxClassId: 9 } },
  sortOrder: 1,
});
const cod: PaymentMethodOffer = {
  code: 'cod',
  name: 'Cash On Delivery',
  option: { cod: { code: 'cod.cod', name: 'Cash On Delivery' } },
  sortOrder: 5,
};

describe('stale selections', () => {
  it('finds a quote by its <method>.<quote> code only', () => {
    expect(findQuote({ flat: flatAt('5.00') }, 'flat.flat')?.name).toBe('Flat Shipping Rate');
    expect(findQuote({ flat: flatAt('5.00') }, 'flat.other')).toBeUndefined();
    expect(findQuote({ flat: flatAt('5.00') }, 'toString.flat')).toBeUndefined();
  });

  it('keeps a shipping method still offered, with the fresh quote (its cost may have moved)', () => {
    const result = recheckSelections(
      session,
      ['shipping_method'],
      ships,
      {
        shipping: { flat: flatAt('7.50') },
      },
      settings,
    );
    expect(result.dropped).toEqual([]);
    expect(result.session.shippingMethod?.cost).toEqual(money('7.50', 'USD'));
    expect(result.session.shippingMethods).toEqual({ flat: flatAt('7.50') });
  });

  it('drops a shipping method no longer offered and says so', () => {
    const result = recheckSelections(session, ['shipping_method'], ships, { shipping: {} }, settings);
    expect(result.dropped).toEqual(['shipping_method']);
    expect(result.session.shippingMethod).toBeNull();
    expect(result.session.shippingMethods).toBeNull();
  });

  it('drops the shipping method when the cart stopped shipping, whatever was quoted', () => {
    const result = recheckSelections(
      session,
      ['shipping_method'],
      { cartShips: false, hasProducts: true },
      {
        shipping: { flat: flatAt('5.00') },
      },
      settings,
    );
    expect(result.dropped).toEqual(['shipping_method']);
    expect(result.session.shippingMethod).toBeNull();
  });

  it('keeps a payment method still offered and drops one that is not', () => {
    expect(
      recheckSelections(session, ['payment_method'], ships, { payment: { cod } }, settings).dropped,
    ).toEqual([]);
    const dropped = recheckSelections(session, ['payment_method'], ships, { payment: {} }, settings);
    expect(dropped.dropped).toEqual(['payment_method']);
    expect(dropped.session.paymentMethod).toBeNull();
  });

  it('leaves selections it was not asked to re-check alone', () => {
    const result = recheckSelections(session, ['payment_method'], ships, { payment: { cod } }, settings);
    expect(result.session.shippingMethod).toBe(session.shippingMethod);
    expect(result.session.shippingMethods).toBe(session.shippingMethods);
  });

  it('reports drops in step order', () => {
    const result = recheckSelections(
      session,
      ['payment_method', 'shipping_method'],
      ships,
      {
        shipping: {},
        payment: {},
      },
      settings,
    );
    expect(result.dropped).toEqual(['shipping_method', 'payment_method']);
  });
});
