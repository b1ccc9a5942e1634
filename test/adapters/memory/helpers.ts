/**
 * Small fixtures for the memory adapter tests: a hand-moved clock, an order draft and history writes.
 */
import type { OrderDraft } from '../../../src/domain/records/order.js';
import { money } from '../../../src/money/index.js';
import type { Clock } from '../../../src/ports/clock.js';
import type { HistoryWrite, StockMove } from '../../../src/ports/order-repository.js';

/** USD from a decimal string. */
export const usd = (amount: string) => money(amount, 'USD');

/** A clock the test moves by hand. */
export interface TestClock extends Clock {
  advanceSeconds(seconds: number): void;
  set(iso: string): void;
}

/** A {@link TestClock} starting at `iso`. */
export function testClock(iso = '2026-03-01T10:00:00.000Z'): TestClock {
  let ms = Date.parse(iso);
  return {
    now: () => new Date(ms),
    advanceSeconds: (seconds) => {
      ms += seconds * 1000;
    },
    set: (at) => {
      ms = Date.parse(at);
    },
  };
}

/** A guarded move taking `units` out (of an option value when `valueId` is given). */
export function take(productId: number, units: number, valueId: number | null = null): StockMove {
  return { productId, productOptionValueId: valueId, delta: -units, guard: true };
}

/** A minimal order draft for one iPhone. */
export function draft(overrides: Partial<OrderDraft> = {}): OrderDraft {
  const customer = {
    customerId: 1,
    customerGroupId: 1,
    firstname: 'John',
    lastname: 'Doe',
    email: 'john.doe@example.com',
    telephone: '',
    customField: {},
  };
  return {
    storeId: 0,
    storeName: 'Your Store',
    storeUrl: 'http://localhost/',
    invoicePrefix: 'INV-2026-00',
    apiUserId: 1,
    customer,
    paymentAddress: null,
    shippingAddress: null,
    paymentMethod: { name: 'Cash On Delivery', code: 'cod.cod' },
    shippingMethod: null,
    products: [
      {
        productId: 40,
        masterId: 0,
        name: 'iPhone',
        model: 'product 11',
        quantity: 1,
        price: usd('100.00'),
        total: usd('100.00'),
        tax: usd('0.00'),
        reward: 0,
        subtract: true,
        options: [],
        subscription: null,
      },
    ],
    totals: [{ code: 'total', title: 'Total', value: usd('100.00'), sortOrder: 9 }],
    taxes: [],
    total: usd('100.00'),
    comment: '',
    couponCode: '',
    rewardPoints: 0,
    affiliateId: 0,
    commission: usd('0.00'),
    languageCode: 'en-gb',
    currencyCode: 'USD',
    currencyValue: '1.00000000',
    client: { ip: '127.0.0.1', forwardedIp: '', userAgent: 'test', acceptLanguage: 'en' },
    dateAdded: '2026-03-01T10:00:00.000Z',
    dateModified: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A history write with no side effects unless overridden. */
export function history(overrides: Partial<HistoryWrite> = {}): HistoryWrite {
  return {
    orderStatusId: 1,
    comment: '',
    notify: false,
    dateAdded: '2026-03-01T10:00:00.000Z',
    stockMoves: [],
    redemptions: [],
    releaseRedemptions: false,
    ...overrides,
  };
}
