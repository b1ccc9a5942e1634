/**
 * The memory adapters over `demoStore()` give OpenCart 4.1.0.4's demo figures (the shared demo-facts cases, which
 * the PostgreSQL load passes too), and the settings and extension settings, which only the memory store keeps,
 * are OpenCart's with the demo's named changes.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryAdapters, demoStore } from '../../../src/adapters/memory/index.js';
import { createManualClock } from '../../../src/testing/index.js';
import { lengthClassFacts, orderStatusFacts, weightClassFacts } from '../../contract/behaviour/demo-facts.js';
import { describeDemoFacts } from '../../contract/behaviour/demo-facts-behaviour.js';
import { usd } from './helpers.js';

describeDemoFacts('memory', async (data) =>
  createMemoryAdapters(data, { clock: createManualClock('2026-03-01T10:00:00Z') }),
);

describe("the demo store's settings are OpenCart 4.1.0.4's", () => {
  const { settings } = demoStore();

  it('weight classes 1 kg, 2 g, 3 lb, 4 oz and length classes 1 cm, 2 mm, 3 in, against kg and cm', () => {
    expect(settings.weightClasses.map((c) => [c.id, c.title, c.unit, c.value])).toEqual(weightClassFacts);
    expect(settings.lengthClasses.map((c) => [c.id, c.title, c.unit, c.value])).toEqual(lengthClassFacts);
    expect([settings.weightClassId, settings.lengthClassId]).toEqual([1, 1]);
  });

  it('order statuses and the statuses confirm and history use', () => {
    expect(settings.orderStatuses.map((s) => [s.orderStatusId, s.name])).toEqual(orderStatusFacts);
    expect(settings).toMatchObject({
      orderStatusId: 1,
      processingStatusIds: [5, 1, 2, 12, 3],
      completeStatusIds: [5, 3],
      fraudStatusId: 8,
      voidStatusId: 16,
    });
  });

  it('store, tax and checkout settings; CHANGE: the telephone is required and a payment address collected', () => {
    expect(settings).toMatchObject({
      storeId: 0,
      storeName: 'Your Store',
      language: 'en-gb',
      currency: 'USD',
      customerGroupId: 1,
      tax: true,
      taxDefault: 'shipping',
      storeAddress: { countryId: 222, zoneId: 3563 },
      stockCheckout: false,
      telephoneRequired: true,
      checkoutPaymentAddress: true,
    });
  });

  it('the enabled currencies at their installed rates', () => {
    expect(
      settings.currencies.map((c) => [c.code, c.symbolLeft, c.symbolRight, c.decimalPlaces, c.value]),
    ).toEqual([
      ['USD', '$', '', 2, '1.00000000'],
      ['GBP', '£', '', 2, '0.61250001'],
      ['EUR', '', '€', 2, '0.78460002'],
    ]);
  });
});

describe("the demo store's extensions: flat, free_checkout, cod and cheque on, the rest off", () => {
  const { shipping, payment, totals } = demoStore().data.extensions;

  it('shipping: flat 5.00 (tax class 9, everywhere, sort 1) on; free, item, weight and pickup off', () => {
    expect(shipping.flat).toEqual({
      status: true,
      cost: usd('5.00'),
      taxClassId: 9,
      geoZoneId: 0,
      sortOrder: 1,
    });
    expect([
      shipping.free.status,
      shipping.item.status,
      shipping.weight.status,
      shipping.pickup.status,
    ]).toEqual([false, false, false, false]);
    expect(shipping.free).toMatchObject({ total: usd('500.00'), geoZoneId: 4, sortOrder: 2 });
    expect(shipping.item).toMatchObject({ cost: usd('2.00'), taxClassId: 9, sortOrder: 3 });
    expect(shipping.weight).toMatchObject({ taxClassId: 9, sortOrder: 4 });
    expect(shipping.weight.zones).toEqual([
      {
        geoZoneId: 4,
        status: true,
        rates: [
          { weight: '1', cost: usd('5.00') },
          { weight: '5', cost: usd('10.00') },
          { weight: '10', cost: usd('20.00') },
          { weight: '100', cost: usd('40.00') },
        ],
      },
    ]);
    expect(shipping.pickup.sortOrder).toBe(5);
  });

  it('payment: free_checkout (1), cod (5) and cheque (6) on, order status 1; bank_transfer (2) off', () => {
    const rows = Object.entries(payment).map(([code, p]) => [code, p.status, p.sortOrder, p.orderStatusId]);
    expect(rows.sort((a, b) => Number(a[2]) - Number(b[2]))).toEqual([
      ['free_checkout', true, 1, 1],
      ['bank_transfer', false, 2, 1],
      ['cod', true, 5, 1],
      ['cheque', true, 6, 1],
    ]);
  });

  it('totals: sub_total 1, reward 2, shipping 3, coupon 4, tax 5, credit 7, total 9; handling and low_order_fee off', () => {
    const enabled = Object.entries(totals)
      .filter(([, total]) => total.status)
      .map(([code, total]) => [code, total.sortOrder]);
    expect(enabled).toEqual([
      ['sub_total', 1],
      ['reward', 2],
      ['shipping', 3],
      ['coupon', 4],
      ['tax', 5],
      ['credit', 7],
      ['total', 9],
    ]);
  });
});
