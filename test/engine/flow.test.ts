/**
 * The full flow on the demo store, through library calls only: customer → cart → payment address → shipping
 * address → shipping methods → shipping method → payment methods → payment method → confirm → two history
 * entries; then the stored order, field by field.
 */
import { expect, it } from 'vitest';
import { money } from '../../src/money/index.js';
import { demoCheckout, expectOk, guest, startInstant, ukAddress } from './support/demo-checkout.js';
import { stockOf } from './support/orders.js';

const usd = (amount: string) => money(amount, 'USD');

it('checks out two iPhones and a Palm Treo Pro, ships them, and cancels the order', async () => {
  const d = demoCheckout();
  const { checkout } = d;
  const sessionId = await d.open();
  await expectOk(checkout.setCustomer(sessionId, guest));
  await expectOk(
    checkout.addProducts(sessionId, { product: [{ product_id: 40, quantity: 2 }, { product_id: 29 }] }),
  );
  await expectOk(checkout.setPaymentAddress(sessionId, ukAddress('payment_')));
  await expectOk(checkout.setShippingAddress(sessionId, ukAddress('shipping_')));
  await expectOk(checkout.getShippingMethods(sessionId));
  await expectOk(checkout.setShippingMethod(sessionId, { shipping_method: 'flat.flat' }));
  await expectOk(checkout.getPaymentMethods(sessionId));
  await expectOk(checkout.setPaymentMethod(sessionId, { payment_method: 'cod' }));
  const client = {
    ip: '198.51.100.23',
    forwardedIp: '10.1.2.3',
    userAgent: 'flow-test/1.0',
    acceptLanguage: 'en-GB,en;q=0.9',
  };
  const confirmed = await expectOk(
    checkout.confirm(sessionId, { comment: 'Leave at the door' }, { client, idempotencyKey: 'flow' }),
  );
  expect(confirmed).toMatchObject({ orderId: 1, points: 0, shippingRequired: true });
  expect(confirmed.commission).toEqual({ amount: '0.0000', currency: 'USD' });
  // Status 1 (Pending) is a processing status: the stock moved at confirm (the demo has a million iPhones).
  expect([stockOf(d, 40), stockOf(d, 29)]).toEqual([999_998, 998]);

  d.clock.advance(60_000);
  await expectOk(
    checkout.addHistory(sessionId, { order_id: 1, order_status_id: 2, comment: 'Paid', notify: true }),
  );
  d.clock.advance(60_000);
  await expectOk(checkout.addHistory(sessionId, { order_id: 1, order_status_id: 7, comment: 'Cancelled' }));
  expect([stockOf(d, 40), stockOf(d, 29)]).toEqual([1_000_000, 999]);

  const address = {
    addressId: 0,
    firstname: 'Jane',
    lastname: 'Smith',
    company: '',
    address1: '1 Market Street',
    address2: '',
    city: 'Preston',
    postcode: 'PR1 2HJ',
    countryId: 222,
    country: 'United Kingdom',
    isoCode2: 'GB',
    isoCode3: 'GBR',
    zoneId: 3563,
    zone: 'Lancashire',
    zoneCode: 'LANCS',
    addressFormat:
      '{firstname} {lastname}\n{company}\n{address_1}\n{address_2}\n{city}, {zone} {postcode}\n{country}',
    customField: {},
  };
  const order = await expectOk(checkout.getOrder(sessionId, { order_id: 1 }));
  expect(order).toEqual({
    orderId: 1,
    orderStatusId: 7,
    // create, then two history entries
    revision: 3,
    storeId: 0,
    storeName: 'Your Store',
    storeUrl: 'http://localhost/',
    invoicePrefix: 'INV-2026-00',
    apiUserId: 1,
    customer: {
      customerId: 0,
      customerGroupId: 1, // the guest's group 0 resolved to config_customer_group_id
      firstname: 'Jane',
      lastname: 'Smith',
      email: 'jane@example.com',
      telephone: '01632 960123',
      customField: {},
    },
    paymentAddress: address,
    shippingAddress: address,
    paymentMethod: { name: 'Cash On Delivery', code: 'cod' },
    shippingMethod: { name: 'Flat Shipping Rate', code: 'flat.flat', cost: usd('5.0000'), taxClassId: 9 },
    products: [
      {
        productId: 40,
        masterId: 0,
        name: 'iPhone',
        model: 'product 11',
        quantity: 2,
        price: usd('101.0000'),
        total: usd('202.0000'), // 2 × 101.00
        tax: usd('22.2000'), // per unit: VAT 20% of 101.00 = 20.20, eco tax 2.00
        reward: 0,
        subtract: true,
        options: [],
        subscription: null,
      },
      {
        productId: 29,
        masterId: 0,
        name: 'Palm Treo Pro',
        model: 'Product 2',
        quantity: 1,
        price: usd('279.9900'),
        total: usd('279.9900'),
        tax: usd('57.9980'), // VAT 20% of 279.99 = 55.998, eco tax 2.00
        reward: 0,
        subtract: true,
        options: [],
        subscription: null,
      },
    ],
    totals: [
      { code: 'sub_total', title: 'Sub-Total', value: usd('481.9900'), sortOrder: 1 }, // 202.00 + 279.99
      { code: 'shipping', title: 'Flat Shipping Rate', value: usd('5.0000'), sortOrder: 3 },
      // VAT: 40.40 + 55.998 + 1.00 (shipping) = 97.398, shown at 2 places
      { code: 'tax', title: 'VAT (20%)', value: usd('97.4000'), sortOrder: 5 },
      // eco tax: 3 units × 2.00 + 2.00 on shipping
      { code: 'tax', title: 'Eco Tax (-2.00)', value: usd('8.0000'), sortOrder: 5 },
      // 481.99 + 5.00 + 97.398 + 8.00 = 592.388, rounded to 592.39
      { code: 'total', title: 'Total', value: usd('592.3900'), sortOrder: 9 },
    ],
    taxes: [
      { taxRateId: 86, name: 'VAT (20%)', amount: usd('97.3980') },
      { taxRateId: 87, name: 'Eco Tax (-2.00)', amount: usd('8.0000') },
    ],
    total: usd('592.3900'),
    comment: 'Leave at the door',
    couponCode: '',
    rewardPoints: 0,
    loggedInCustomerId: 0,
    affiliateId: 0,
    commission: usd('0.0000'),
    languageCode: 'en-gb',
    currencyCode: 'USD',
    currencyValue: '1.00000000',
    client,
    dateAdded: startInstant,
    dateModified: startInstant,
    history: [
      {
        orderHistoryId: 1,
        orderStatusId: 1,
        comment: 'Leave at the door',
        notify: false,
        dateAdded: startInstant,
      },
      {
        orderHistoryId: 2,
        orderStatusId: 2,
        comment: 'Paid',
        notify: true,
        dateAdded: '2026-03-02T10:01:00.000Z',
      },
      {
        orderHistoryId: 3,
        orderStatusId: 7,
        comment: 'Cancelled',
        notify: false,
        dateAdded: '2026-03-02T10:02:00.000Z',
      },
    ],
  });
});
