/**
 * A realistic checkout session for store tests: every field filled, with the shapes that break naive
 * serialisation (money strings, checkbox option lists, multi-line text, non-ASCII names, JSON-special characters).
 * @module
 */
import { type CheckoutSession, createSession, type SessionAddress } from '../domain/machine/session.js';
import { money } from '../money/index.js';

/** Identity and timing of a {@link sampleSession}. */
export interface SampleSessionInput {
  /** The session id (`[A-Za-z0-9_-]`). */
  readonly id: string;
  /** ISO-8601 instant used for `createdAt` and `updatedAt`. */
  readonly now: string;
  /** ISO-8601 instant after which the session is expired. */
  readonly expiresAt: string;
}

const ukAddress: SessionAddress = {
  addressId: 0,
  firstname: 'Zoë',
  lastname: 'Ødegård-Nuñez',
  company: 'Łódź & Sons "Ltd"',
  address1: '1 Market Street',
  address2: 'Flat 2\\B',
  city: 'Preston',
  postcode: 'PR1 2HJ',
  countryId: 222,
  country: 'United Kingdom',
  isoCode2: 'GB',
  isoCode3: 'GBR',
  zoneId: 3563,
  zone: 'Lancashire',
  zoneCode: 'LAN',
  addressFormat:
    '{firstname} {lastname}\n{company}\n{address_1}\n{address_2}\n{city} {postcode}\n{zone}\n{country}',
  customField: { '30': 'Ring twice 🔔\nthen wait' },
};

const singaporeAddress: SessionAddress = {
  addressId: 0,
  firstname: '美咲',
  lastname: '佐藤',
  company: '株式会社テスト',
  address1: '10 Anson Road',
  address2: '#12-34',
  city: 'Singapore',
  postcode: '079903',
  countryId: 188,
  country: 'Singapore',
  isoCode2: 'SG',
  isoCode3: 'SGP',
  zoneId: 0,
  zone: '',
  zoneCode: '',
  addressFormat: '',
  customField: {},
};

/**
 * A stored-shape checkout session at `version` 1 (what the engine saves first, over `expectedVersion` 0), built
 * with `createSession` and filled like a session that has reached the confirm step on the demo store: a
 * customer, three cart lines (every option type of product 42, product 30 in Red, a subscription of product 41),
 * both addresses, offered and chosen shipping and payment methods, a coupon and reward points.
 *
 * @param input - Id and timestamps of the session.
 * @param overrides - Fields to replace (shallow).
 */
export function sampleSession(
  input: SampleSessionInput,
  overrides: Partial<CheckoutSession> = {},
): CheckoutSession {
  const base = createSession({
    id: input.id,
    apiUserId: 1,
    now: input.now,
    expiresAt: input.expiresAt,
    currency: 'GBP',
    language: 'en-gb',
  });
  const flat = { code: 'flat.flat', name: 'Flat Shipping Rate', cost: money('5.00', 'USD'), taxClassId: 9 };
  return {
    ...base,
    version: 1,
    customer: {
      customerId: 1,
      customerGroupId: 1,
      firstname: 'Zoë',
      lastname: 'Ødegård-Nuñez',
      email: 'zoe@example.com',
      telephone: '+44 1632 960961',
      customField: { '29': '1234567' },
    },
    loggedInCustomerId: 1,
    cart: [
      {
        cartId: `${input.id}-line-1`,
        productId: 42,
        quantity: 2,
        options: {
          '208': 'test',
          '209': 'Leave it by the door — "round the back"\n2nd line\t\\ end',
          '217': '3',
          '218': '6',
          '219': '2024-06-01',
          '220': '2024-06-01 10:30',
          '221': '10:30',
          '222': 'a3f1c2d4e5b6a7c8d9e0f1a2b3c4d5e6f7a8b9c0',
          '223': ['8', '10'],
        },
        subscriptionPlanId: 0,
      },
      {
        cartId: `${input.id}-line-2`,
        productId: 30,
        quantity: 1,
        options: { '226': '15' },
        subscriptionPlanId: 0,
      },
      { cartId: `${input.id}-line-3`, productId: 41, quantity: 1, options: {}, subscriptionPlanId: 2 },
    ],
    paymentAddress: ukAddress,
    shippingAddress: singaporeAddress,
    shippingMethods: {
      flat: { code: 'flat', title: 'Flat Rate', quote: { flat }, sortOrder: 1 },
      weight: {
        code: 'weight',
        title: 'Weight Based Shipping',
        quote: {
          weight_4: {
            code: 'weight.weight_4',
            name: 'UK Shipping (Weight: 20.29kg)',
            cost: money('33.33333333', 'USD'),
            taxClassId: 9,
          },
        },
        sortOrder: 4,
      },
    },
    shippingMethod: flat,
    paymentMethods: {
      bank_transfer: {
        code: 'bank_transfer',
        name: 'Bank Transfer',
        option: { bank_transfer: { code: 'bank_transfer.bank_transfer', name: 'Bank Transfer' } },
        sortOrder: 2,
      },
      cod: {
        code: 'cod',
        name: 'Cash On Delivery',
        option: { cod: { code: 'cod.cod', name: 'Cash On Delivery' } },
        sortOrder: 5,
      },
    },
    paymentMethod: { code: 'cod', name: 'Cash On Delivery' },
    coupon: '2222',
    reward: 100,
    affiliateId: null,
    lastOrder: null,
    ...overrides,
  };
}
