import { describe, expect, it } from 'vitest';
import { createMessages } from '../../src/domain/messages.js';
import { parseFormEncoded } from '../../src/http/form.js';
import { parseAddress, parsePaymentAddress, parseShippingAddress } from './support/parsers.js';

const messages = createMessages();
const errors = (raw: unknown, prefix: 'payment_' | 'shipping_' = 'payment_') => {
  const error = parseAddress(raw, prefix, messages)._unsafeUnwrapErr();
  expect(error.kind).toBe('validation');
  return error.fields;
};

describe('parseAddress', () => {
  it('reads the prefixed fields of a form body', () => {
    const body = parseFormEncoded(
      'payment_address_id=4&payment_firstname=Ada&payment_lastname=Lovelace&payment_company=ACME&payment_address_1=1+Main+St&payment_address_2=Flat+2&payment_city=London&payment_postcode=N1&payment_country_id=222&payment_zone_id=3563&payment_custom_field[5]=x',
    )._unsafeUnwrap();
    expect(parseAddress(body, 'payment_', messages)._unsafeUnwrap()).toEqual({
      addressId: 4,
      firstname: 'Ada',
      lastname: 'Lovelace',
      company: 'ACME',
      address1: '1 Main St',
      address2: 'Flat 2',
      city: 'London',
      postcode: 'N1',
      countryId: 222,
      zoneId: 3563,
      customField: { '5': 'x' },
    });
  });

  it('fills absent fields: ids 0, texts empty, custom fields {}', () => {
    expect(parseAddress({}, 'shipping_', messages)._unsafeUnwrap()).toEqual({
      addressId: 0,
      firstname: '',
      lastname: '',
      company: '',
      address1: '',
      address2: '',
      city: '',
      postcode: '',
      countryId: 0,
      zoneId: 0,
      customField: {},
    });
  });

  it('reads only the fields of its own prefix', () => {
    const address = parseAddress(
      { firstname: 'No', shipping_firstname: 'No', payment_firstname: 'Yes' },
      'payment_',
      messages,
    );
    expect(address._unsafeUnwrap().firstname).toBe('Yes');
  });

  it('takes a postcode sent as a JSON number, and keeps texts untrimmed', () => {
    expect(
      parseAddress(
        { payment_postcode: 10115, payment_city: ' Berlin ' },
        'payment_',
        messages,
      )._unsafeUnwrap(),
    ).toMatchObject({
      postcode: '10115',
      city: ' Berlin ',
    });
  });

  it('a malformed country_id is <prefix>country, a malformed zone_id <prefix>zone', () => {
    expect(errors({ payment_country_id: '1.5', payment_zone_id: 'abc' })).toEqual({
      payment_country: 'Please select a country!',
      payment_zone: 'Please select a region / state!',
    });
    expect(errors({ shipping_country_id: -3 }, 'shipping_')).toEqual({
      shipping_country: 'Please select a country!',
    });
  });

  it('an array or object for a text is that field’s error with the address text', () => {
    expect(
      errors(
        {
          shipping_firstname: ['a'],
          shipping_lastname: {},
          shipping_address_1: [],
          shipping_city: true,
          shipping_postcode: ['N1'],
        },
        'shipping_',
      ),
    ).toEqual({
      shipping_firstname: 'First Name must be between 1 and 32 characters!',
      shipping_lastname: 'Last Name must be between 1 and 32 characters!',
      shipping_address_1: 'Address 1 must be between 3 and 128 characters!',
      shipping_city: 'City must be between 2 and 128 characters!',
      shipping_postcode: 'Postcode must be between 2 and 10 characters for this country!',
    });
  });

  it('company and address_2 have their own keys and texts of ours', () => {
    expect(errors({ payment_company: 'x'.repeat(1001), payment_address_2: [] })).toEqual({
      payment_company: 'Company must be text of at most 1000 characters!',
      payment_address_2: 'Address 2 must be text of at most 1000 characters!',
    });
  });

  it('a malformed address_id or custom field map is warning, the first text kept', () => {
    expect(errors({ payment_address_id: 'x' })).toEqual({ warning: 'Warning: Address ID is invalid!' });
    expect(errors({ payment_custom_field: 'x' })).toEqual({
      warning: 'Warning: Custom fields must be values keyed by custom field id!',
    });
    expect(errors({ payment_address_id: 'x', payment_custom_field: 'x' })).toEqual({
      warning: 'Warning: Address ID is invalid!',
    });
  });

  it('an over-long name is malformed, reported with the field’s own text', () => {
    expect(errors({ payment_firstname: 'x'.repeat(1001) })).toEqual({
      payment_firstname: 'First Name must be between 1 and 32 characters!',
    });
  });
});

describe('parsePaymentAddress and parseShippingAddress', () => {
  it('build the commands of their prefix', () => {
    expect(parsePaymentAddress({ payment_city: 'Paris' }, messages)._unsafeUnwrap()).toMatchObject({
      type: 'set_payment_address',
      address: { city: 'Paris' },
    });
    expect(parseShippingAddress({ shipping_city: 'Lyon' }, messages)._unsafeUnwrap()).toMatchObject({
      type: 'set_shipping_address',
      address: { city: 'Lyon' },
    });
  });

  it('report errors under their prefix', () => {
    expect(parseShippingAddress({ shipping_zone_id: [] }, messages)._unsafeUnwrapErr().fields).toEqual({
      shipping_zone: 'Please select a region / state!',
    });
  });
});
