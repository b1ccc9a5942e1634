/**
 * The address steps through the engine (seed steps 3 and 4): prefixed keys with
 * OpenCart's texts, zones of the country, postcodes where the country needs them, what is stored, the shipping
 * address refused for a cart that does not ship, and no customer needed.
 */
import { describe, expect, it } from 'vitest';
import type { PaymentAddressRequest, ShippingAddressRequest } from '../../src/operations/requests.js';
import {
  asRequest,
  demoCheckout,
  expectErr,
  expectOk,
  ukAddress,
  usAddress,
} from './support/demo-checkout.js';

const texts = {
  firstname: 'First Name must be between 1 and 32 characters!',
  lastname: 'Last Name must be between 1 and 32 characters!',
  address_1: 'Address 1 must be between 3 and 128 characters!',
  city: 'City must be between 2 and 128 characters!',
  postcode: 'Postcode must be between 2 and 10 characters for this country!',
  country: 'Please select a country!',
  zone: 'Please select a region / state!',
};

/** A session whose cart ships (one iPhone), without a customer. */
async function shippingSession() {
  const demo = demoCheckout();
  const id = await demo.open();
  await expectOk(demo.checkout.addProduct(id, { product_id: 40 }));
  return { ...demo, id };
}

describe.each(['payment_', 'shipping_'] as const)('the %saddress step', (prefix) => {
  const set = (demo: Awaited<ReturnType<typeof shippingSession>>, body: unknown) =>
    prefix === 'payment_'
      ? demo.checkout.setPaymentAddress(demo.id, asRequest<PaymentAddressRequest>(body))
      : demo.checkout.setShippingAddress(demo.id, asRequest<ShippingAddressRequest>(body));
  const storedAddress = async (demo: Awaited<ReturnType<typeof shippingSession>>) => {
    const session = await demo.stored(demo.id);
    return prefix === 'payment_' ? session.paymentAddress : session.shippingAddress;
  };

  it('stores the address with the country and zone names, ISO codes and format; no customer needed', async () => {
    const demo = await shippingSession();
    const result = await expectOk(set(demo, ukAddress(prefix, { [`${prefix}company`]: '  ACME  ' })));
    expect(result.success).toBe(
      prefix === 'payment_' ? 'Payment address set successfully!' : 'Shipping address set successfully!',
    );
    expect(await storedAddress(demo)).toEqual({
      addressId: 0,
      firstname: 'Jane',
      lastname: 'Smith',
      company: 'ACME',
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
    });
    const session = await demo.stored(demo.id);
    expect(session.customer).toBeNull();
    expect(session.version).toBe(3);
  });

  it('reports every field error under its prefixed key with OpenCart texts', async () => {
    const demo = await shippingSession();
    const error = await expectErr(
      set(demo, {
        [`${prefix}firstname`]: '',
        [`${prefix}lastname`]: 'x'.repeat(33),
        [`${prefix}address_1`]: 'ab',
        [`${prefix}city`]: 'P',
        [`${prefix}postcode`]: 'P',
        [`${prefix}country_id`]: 222,
        [`${prefix}zone_id`]: 0,
      }),
    );
    expect(error).toEqual({
      kind: 'validation',
      fields: Object.fromEntries(
        ['firstname', 'lastname', 'address_1', 'city', 'postcode', 'zone'].map((key) => [
          `${prefix}${key}`,
          texts[key as keyof typeof texts],
        ]),
      ),
    });
    expect(await storedAddress(demo)).toBeNull();
  });

  it.each([0, 999, 'abc'])('country %j is refused under <prefix>country', async (countryId) => {
    const demo = await shippingSession();
    const error = await expectErr(set(demo, ukAddress(prefix, { [`${prefix}country_id`]: countryId })));
    expect(error.kind).toBe('validation');
    expect(error.fields[`${prefix}country`]).toBe(texts.country);
  });

  it('the zone must belong to the country: UK with California is refused', async () => {
    const demo = await shippingSession();
    const error = await expectErr(set(demo, ukAddress(prefix, { [`${prefix}zone_id`]: 3624 })));
    expect(error).toEqual({ kind: 'validation', fields: { [`${prefix}zone`]: texts.zone } });
  });

  it('the postcode is required for the UK and not for the US', async () => {
    const demo = await shippingSession();
    const error = await expectErr(set(demo, ukAddress(prefix, { [`${prefix}postcode`]: '' })));
    expect(error).toEqual({ kind: 'validation', fields: { [`${prefix}postcode`]: texts.postcode } });
    await expectOk(set(demo, usAddress(prefix)));
    expect(await storedAddress(demo)).toMatchObject({
      countryId: 223,
      country: 'United States',
      isoCode2: 'US',
      isoCode3: 'USA',
      zoneId: 3624,
      zone: 'California',
      postcode: '',
    });
  });

  it('Singapore has no zones: zone 0 is stored whatever zone id was sent', async () => {
    const demo = await shippingSession();
    await expectOk(
      set(
        demo,
        ukAddress(prefix, {
          [`${prefix}country_id`]: 188,
          [`${prefix}zone_id`]: 3563,
          [`${prefix}postcode`]: '',
        }),
      ),
    );
    expect(await storedAddress(demo)).toMatchObject({
      countryId: 188,
      country: 'Singapore',
      isoCode2: 'SG',
      isoCode3: 'SGP',
      zoneId: 0,
      zone: '',
      zoneCode: '',
    });
  });

  it('stores the address custom field 30 (Delivery notes)', async () => {
    const demo = await shippingSession();
    const notes = 'Ring twice\nthen wait';
    await expectOk(set(demo, ukAddress(prefix, { [`${prefix}custom_field`]: { '30': notes } })));
    expect((await storedAddress(demo))?.customField).toEqual({ '30': notes });
  });

  it('a malformed field (an array for the first name) is a field error', async () => {
    const demo = await shippingSession();
    const error = await expectErr(set(demo, ukAddress(prefix, { [`${prefix}firstname`]: ['Jane'] })));
    expect(error).toEqual({ kind: 'validation', fields: { [`${prefix}firstname`]: texts.firstname } });
  });
});

describe('the payment address without a cart', () => {
  it('is accepted on an empty session', async () => {
    const { checkout, open, stored } = demoCheckout();
    const id = await open();
    await expectOk(checkout.setPaymentAddress(id, ukAddress('payment_')));
    expect((await stored(id)).paymentAddress?.zone).toBe('Lancashire');
  });
});

describe('the shipping address and a cart that does not ship', () => {
  const notRequired = 'Warning: There are no products that require shipping';

  it('is refused as a precondition when only the MacBook (43) is in the cart', async () => {
    const { checkout, open, stored } = demoCheckout();
    const id = await open();
    await expectOk(checkout.addProduct(id, { product_id: 43 }));
    const error = await expectErr(checkout.setShippingAddress(id, ukAddress('shipping_')));
    expect(error).toEqual({ kind: 'precondition', fields: { warning: notRequired } });
    const session = await stored(id);
    expect(session.shippingAddress).toBeNull();
    expect(session.version).toBe(2);
  });

  it('is refused on an empty cart', async () => {
    const { checkout, open } = demoCheckout();
    const id = await open();
    expect((await expectErr(checkout.setShippingAddress(id, ukAddress('shipping_')))).kind).toBe(
      'precondition',
    );
  });

  it('is accepted once a product that ships joins the MacBook', async () => {
    const { checkout, open, stored } = demoCheckout();
    const id = await open();
    await expectOk(checkout.addProducts(id, { product: [{ product_id: 43 }, { product_id: 40 }] }));
    await expectOk(checkout.setShippingAddress(id, ukAddress('shipping_')));
    expect((await stored(id)).shippingAddress?.countryId).toBe(222);
  });
});

describe.each(['payment_', 'shipping_'] as const)('%scustom_field_<id>', (prefix) => {
  /** A shipping session on a demo store with address field 7 "Building" (select, required for group 1). */
  async function withAddressField() {
    const demo = await shippingSession();
    demo.data.customFields.set(7, {
      customFieldId: 7,
      name: 'Building',
      location: 'address',
      type: 'select',
      validation: '',
      status: true,
      sortOrder: 7,
      values: [
        { customFieldValueId: 11, name: 'House' },
        { customFieldValueId: 12, name: 'Flat' },
      ],
      customerGroups: [{ customerGroupId: 1, required: true }],
    });
    return demo;
  }
  const set = (demo: Awaited<ReturnType<typeof shippingSession>>, body: unknown) =>
    prefix === 'payment_'
      ? demo.checkout.setPaymentAddress(demo.id, asRequest<PaymentAddressRequest>(body))
      : demo.checkout.setShippingAddress(demo.id, asRequest<ShippingAddressRequest>(body));
  const key = `${prefix}custom_field_7`;

  it('a required address field left out is refused under the prefixed key', async () => {
    const demo = await withAddressField();
    expect(await expectErr(set(demo, ukAddress(prefix)))).toEqual({
      kind: 'validation',
      fields: { [key]: 'Building required!' },
    });
    expect((await demo.stored(demo.id)).version).toBe(2);
  });

  it('a value not among the field’s values is refused; one of them is stored', async () => {
    const demo = await withAddressField();
    const body = (value: string) => ukAddress(prefix, { [`${prefix}custom_field`]: { '7': value } });
    expect(await expectErr(set(demo, body('13')))).toEqual({
      kind: 'validation',
      fields: { [key]: 'Building is not a valid input!' },
    });
    await expectOk(set(demo, body('12')));
    const session = await demo.stored(demo.id);
    const address = prefix === 'payment_' ? session.paymentAddress : session.shippingAddress;
    expect(address?.customField).toEqual({ '7': '12' });
  });
});
