/**
 * Realistic order drafts and history writes for {@link OrderRepository} tests, priced as the demo store prices
 * them. Host adapter authors can reuse them in their own tests.
 * @module
 */
import type { OrderAddress, OrderDraft, OrderProduct, OrderRecord } from '../domain/records/order.js';
import { money } from '../money/index.js';
import type { HistoryWrite } from '../ports/order-repository.js';
import { sampleUkAddress } from './method-contexts.js';

const usd = (amount: string) => money(amount, 'USD');

const address: OrderAddress = sampleUkAddress({
  company: 'Hopper & Ødegård "Trading"',
  customField: { '30': 'Leave at the door — ring twice 🔔' },
});

/**
 * One order line: by default one iPhone (demo product 40) at 101.00 net with 20 % VAT (20.20) and the 2.00 eco
 * tax per unit, no options, no subscription.
 *
 * @param overrides - Fields to replace (shallow).
 */
export function sampleOrderProduct(overrides: Partial<OrderProduct> = {}): OrderProduct {
  return {
    productId: 40,
    masterId: 0,
    name: 'iPhone',
    model: 'product 11',
    quantity: 1,
    price: usd('101.00'),
    total: usd('101.00'),
    tax: usd('22.20'),
    reward: 0,
    subtract: true,
    options: [],
    subscription: null,
    ...overrides,
  };
}

/**
 * An order draft as confirm writes it on the demo store: customer 1 (Grace Hopper, group 1) buys one iPhone
 * (product 40) shipped by flat rate to Lancashire and paid cash on delivery; totals sub-total 101.00, flat
 * shipping 5.00, VAT (20%) 21.20, eco tax 4.00, total 131.20, all in USD, seen in USD.
 *
 * @param overrides - Fields to replace (shallow); e.g. `{ products: [sampleOrderProduct({ productId: 30 })] }`.
 */
export function sampleOrderDraft(overrides: Partial<OrderDraft> = {}): OrderDraft {
  return {
    storeId: 0,
    storeName: 'Your Store',
    storeUrl: 'http://localhost/',
    invoicePrefix: 'INV-2024-00',
    apiUserId: 1,
    customer: {
      customerId: 1,
      customerGroupId: 1,
      firstname: 'Grace',
      lastname: 'Hopper',
      email: 'grace@example.com',
      telephone: '+44 1632 960961',
      customField: {},
    },
    paymentAddress: address,
    shippingAddress: address,
    paymentMethod: { name: 'Cash On Delivery', code: 'cod' },
    shippingMethod: { name: 'Flat Shipping Rate', code: 'flat.flat', cost: usd('5.00'), taxClassId: 9 },
    products: [sampleOrderProduct()],
    totals: [
      { code: 'sub_total', title: 'Sub-Total', value: usd('101.00'), sortOrder: 1 },
      { code: 'shipping', title: 'Flat Shipping Rate', value: usd('5.00'), sortOrder: 3 },
      { code: 'tax', title: 'Eco Tax (-2.00)', value: usd('4.00'), sortOrder: 5 },
      { code: 'tax', title: 'VAT (20%)', value: usd('21.20'), sortOrder: 5 },
      { code: 'total', title: 'Total', value: usd('131.20'), sortOrder: 9 },
    ],
    taxes: [
      { taxRateId: 87, name: 'Eco Tax (-2.00)', amount: usd('4.00') },
      { taxRateId: 86, name: 'VAT (20%)', amount: usd('21.20') },
    ],
    total: usd('131.20'),
    comment: 'Please deliver after 17:00.\nThank you!',
    couponCode: '',
    rewardPoints: 0,
    loggedInCustomerId: 0,
    affiliateId: 0,
    commission: usd('0.00'),
    languageCode: 'en-gb',
    currencyCode: 'USD',
    currencyValue: '1.00000000',
    client: {
      ip: '127.0.0.1',
      forwardedIp: '',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) cartwright-contract',
      acceptLanguage: 'en-GB,en;q=0.9',
    },
    dateAdded: '2024-05-01T10:00:00.000Z',
    dateModified: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * A history write: by default status 1 (Pending) at the draft's `dateAdded`, no comment, no notification, and
 * no side effects (no stock moves, no redemptions, nothing released). Give `stockMoves` and `redemptions`
 * explicitly when a test needs them.
 *
 * @param overrides - Fields to replace (shallow).
 */
export function sampleHistoryWrite(overrides: Partial<HistoryWrite> = {}): HistoryWrite {
  return {
    orderStatusId: 1,
    comment: '',
    notify: false,
    dateAdded: '2024-05-01T10:00:00.000Z',
    stockMoves: [],
    redemptions: [],
    releaseRedemptions: false,
    ...overrides,
  };
}

/**
 * A stored order: the sample draft as order 1, at status 1 (Pending), revision 1, with its first history entry.
 *
 * @param overrides - Fields to replace (shallow).
 */
export function sampleOrderRecord(overrides: Partial<OrderRecord> = {}): OrderRecord {
  const draft = sampleOrderDraft();
  return {
    ...draft,
    orderId: 1,
    orderStatusId: 1,
    revision: 1,
    history: [
      { orderHistoryId: 1, orderStatusId: 1, comment: '', notify: false, dateAdded: draft.dateAdded },
    ],
    ...overrides,
  };
}
