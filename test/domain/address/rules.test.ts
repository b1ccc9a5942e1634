import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import {
  type AddressInput,
  type AddressPrefix,
  checkAddress,
  lengthBetween,
} from '../../../src/domain/address/rules.js';
import { createMessages } from '../../../src/domain/messages.js';
import type { Country } from '../../../src/domain/records/geo.js';

const { data } = demoStore();
const catalog = createMessages();

function country(id: number): Country {
  const c = data.countries.get(id);
  if (c === undefined) throw new Error(`no demo country ${id}`);
  return c;
}

const UK = 222;
const US = 223;
const SINGAPORE = 188;
const LANCASHIRE = 3563;
const CALIFORNIA = 3624;

const base: AddressInput = {
  addressId: 0,
  firstname: 'Ada',
  lastname: 'Lovelace',
  company: 'Analytical Engines',
  address1: '12 Mill Lane',
  address2: '',
  city: 'Lancaster',
  postcode: 'LA1 1AA',
  countryId: UK,
  zoneId: LANCASHIRE,
  customField: {},
};

function check(overrides: Partial<AddressInput>, prefix: AddressPrefix = 'payment_', c?: Country | null) {
  const input = { ...base, ...overrides };
  const target = c === null ? undefined : (c ?? data.countries.get(input.countryId));
  return checkAddress(input, prefix, target, catalog);
}

function errorsOf(overrides: Partial<AddressInput>, prefix: AddressPrefix = 'payment_', c?: Country | null) {
  const result = check(overrides, prefix, c);
  if (result.isOk()) throw new Error('expected errors');
  return result.error;
}

const texts = {
  firstname: 'First Name must be between 1 and 32 characters!',
  lastname: 'Last Name must be between 1 and 32 characters!',
  address_1: 'Address 1 must be between 3 and 128 characters!',
  city: 'City must be between 2 and 128 characters!',
  postcode: 'Postcode must be between 2 and 10 characters for this country!',
  country: 'Please select a country!',
  zone: 'Please select a region / state!',
};

describe('checkAddress success', () => {
  it('UK with Lancashire stores the country and zone names, codes and format', () => {
    const result = check({ addressId: 7, customField: { '3': 'x' } });
    expect(result._unsafeUnwrap()).toEqual({
      addressId: 7,
      firstname: 'Ada',
      lastname: 'Lovelace',
      company: 'Analytical Engines',
      address1: '12 Mill Lane',
      address2: '',
      city: 'Lancaster',
      postcode: 'LA1 1AA',
      countryId: UK,
      country: 'United Kingdom',
      isoCode2: 'GB',
      isoCode3: 'GBR',
      zoneId: LANCASHIRE,
      zone: 'Lancashire',
      zoneCode: 'LANCS',
      addressFormat:
        '{firstname} {lastname}\n{company}\n{address_1}\n{address_2}\n{city}, {zone} {postcode}\n{country}',
      customField: { '3': 'x' },
    });
  });

  it('Cumbria (3955) and County Antrim (3949), installed after the rest, are UK zones', () => {
    expect(check({ zoneId: 3955 })._unsafeUnwrap()).toMatchObject({ zone: 'Cumbria', zoneCode: 'CMA' });
    expect(check({ zoneId: 3949 })._unsafeUnwrap()).toMatchObject({ zone: 'County Antrim', zoneCode: 'ANT' });
  });

  it('stores the trimmed values it measured', () => {
    const address = check({
      firstname: '  Ada ',
      lastname: '\tLovelace\n',
      company: '   ',
      address1: ' 12 Mill Lane ',
      address2: ' Flat 2 ',
      city: ' Lancaster ',
      postcode: ' LA1 1AA ',
    })._unsafeUnwrap();
    expect(address).toMatchObject({
      firstname: 'Ada',
      lastname: 'Lovelace',
      company: '',
      address1: '12 Mill Lane',
      address2: 'Flat 2',
      city: 'Lancaster',
      postcode: 'LA1 1AA',
    });
  });

  it('Singapore (no zones) with zone 0 is ok, zone name and code empty', () => {
    const address = check({ countryId: SINGAPORE, zoneId: 0, postcode: '' })._unsafeUnwrap();
    expect(address).toMatchObject({
      countryId: SINGAPORE,
      country: 'Singapore',
      isoCode2: 'SG',
      isoCode3: 'SGP',
      zoneId: 0,
      zone: '',
      zoneCode: '',
    });
  });

  it('Singapore with a stale zone id of another country stores zone 0', () => {
    const address = check({ countryId: SINGAPORE, zoneId: CALIFORNIA })._unsafeUnwrap();
    expect(address).toMatchObject({ zoneId: 0, zone: '', zoneCode: '' });
  });

  it('US with California is ok without a postcode', () => {
    const address = check({ countryId: US, zoneId: CALIFORNIA, postcode: '' })._unsafeUnwrap();
    expect(address).toMatchObject({
      country: 'United States',
      zone: 'California',
      zoneCode: 'CA',
      postcode: '',
    });
  });
});

describe.each(['payment_', 'shipping_'] as const)('checkAddress errors with prefix %s', (prefix) => {
  it('reports every key in order with the exact texts', () => {
    const errors = errorsOf(
      { firstname: '', lastname: ' ', address1: 'ab', city: 'x', postcode: 'L', zoneId: 0 },
      prefix,
    );
    expect(Object.keys(errors)).toEqual([
      `${prefix}firstname`,
      `${prefix}lastname`,
      `${prefix}address_1`,
      `${prefix}city`,
      `${prefix}postcode`,
      `${prefix}zone`,
    ]);
    expect(errors).toEqual({
      [`${prefix}firstname`]: texts.firstname,
      [`${prefix}lastname`]: texts.lastname,
      [`${prefix}address_1`]: texts.address_1,
      [`${prefix}city`]: texts.city,
      [`${prefix}postcode`]: texts.postcode,
      [`${prefix}zone`]: texts.zone,
    });
  });

  it('an unknown country gives a country error and no postcode or zone error', () => {
    expect(errorsOf({ countryId: 999, postcode: '', zoneId: 0 }, prefix, null)).toEqual({
      [`${prefix}country`]: texts.country,
    });
  });

  it('a disabled country gives a country error and no postcode or zone error', () => {
    const disabled: Country = { ...country(UK), status: false };
    expect(errorsOf({ postcode: '', zoneId: 0 }, prefix, disabled)).toEqual({
      [`${prefix}country`]: texts.country,
    });
  });

  it('errors accumulate with the country error after the field errors', () => {
    const errors = errorsOf({ firstname: '', city: '', countryId: 0 }, prefix, null);
    expect(Object.keys(errors)).toEqual([`${prefix}firstname`, `${prefix}city`, `${prefix}country`]);
  });
});

describe('postcode', () => {
  it.each([
    ['missing', ''],
    ['blank', '   '],
    ['1 character', 'L'],
    ['11 characters', 'LA1 1AA 123'],
  ])('UK refuses a %s postcode', (_, postcode) => {
    expect(errorsOf({ postcode })).toEqual({ payment_postcode: texts.postcode });
  });

  it.each([
    ['2', 'L1'],
    ['10', 'LA1 1AA 12'],
  ])('UK accepts %s characters', (_, postcode) => {
    expect(check({ postcode }).isOk()).toBe(true);
  });

  it('is not required for the US or Singapore', () => {
    expect(check({ countryId: US, zoneId: CALIFORNIA, postcode: '' }).isOk()).toBe(true);
    expect(check({ countryId: US, zoneId: CALIFORNIA, postcode: 'X' }).isOk()).toBe(true);
    expect(check({ countryId: SINGAPORE, zoneId: 0, postcode: '' }).isOk()).toBe(true);
  });
});

describe('zone', () => {
  it('refuses a zone of another country (California with the UK)', () => {
    expect(errorsOf({ zoneId: CALIFORNIA })).toEqual({ payment_zone: texts.zone });
  });

  it('refuses zone 0 and an unknown zone for the UK', () => {
    expect(errorsOf({ zoneId: 0 })).toEqual({ payment_zone: texts.zone });
    expect(errorsOf({ zoneId: 99999 }, 'shipping_')).toEqual({ shipping_zone: texts.zone });
  });

  it('refuses a disabled zone of the country', () => {
    const uk = country(UK);
    const withDisabled: Country = {
      ...uk,
      zones: uk.zones.map((z) => (z.zoneId === LANCASHIRE ? { ...z, status: false } : z)),
    };
    expect(errorsOf({}, 'payment_', withDisabled)).toEqual({ payment_zone: texts.zone });
  });

  it('a country whose zones are all disabled needs no zone and stores zone 0', () => {
    const uk = country(UK);
    const noEnabled: Country = { ...uk, zones: uk.zones.map((z) => ({ ...z, status: false })) };
    const address = checkAddress(base, 'payment_', noEnabled, catalog)._unsafeUnwrap();
    expect(address).toMatchObject({ zoneId: 0, zone: '', zoneCode: '' });
  });

  it('treats a country record for another id as unknown', () => {
    expect(errorsOf({ countryId: US, zoneId: CALIFORNIA }, 'payment_', country(UK))).toEqual({
      payment_country: texts.country,
    });
  });
});

describe('boundary lengths', () => {
  const n = (count: number, ch = 'a') => ch.repeat(count);

  it('firstname and lastname: 32 ok, 33 refused, 1 ok, 0 refused', () => {
    expect(check({ firstname: n(32), lastname: n(32) }).isOk()).toBe(true);
    expect(check({ firstname: 'A', lastname: 'B' }).isOk()).toBe(true);
    expect(Object.keys(errorsOf({ firstname: n(33), lastname: n(33) }))).toEqual([
      'payment_firstname',
      'payment_lastname',
    ]);
  });

  it('address_1: 3 ok, 2 refused, 128 ok, 129 refused', () => {
    expect(check({ address1: n(3) }).isOk()).toBe(true);
    expect(check({ address1: n(128) }).isOk()).toBe(true);
    expect(errorsOf({ address1: n(2) })).toEqual({ payment_address_1: texts.address_1 });
    expect(errorsOf({ address1: n(129) })).toEqual({ payment_address_1: texts.address_1 });
  });

  it('city: 2 ok, 1 refused, 128 ok, 129 refused', () => {
    expect(check({ city: n(2) }).isOk()).toBe(true);
    expect(check({ city: n(128) }).isOk()).toBe(true);
    expect(errorsOf({ city: n(1) })).toEqual({ payment_city: texts.city });
    expect(errorsOf({ city: n(129) })).toEqual({ payment_city: texts.city });
  });

  it('counts an emoji as one character', () => {
    expect('😀'.length).toBe(2);
    expect(check({ firstname: n(32, '😀') }).isOk()).toBe(true);
    expect(errorsOf({ firstname: n(33, '😀') })).toEqual({ payment_firstname: texts.firstname });
    expect(errorsOf({ address1: '😀😀' })).toEqual({ payment_address_1: texts.address_1 });
    expect(check({ address1: '😀😀😀' }).isOk()).toBe(true);
    expect(errorsOf({ city: '😀' })).toEqual({ payment_city: texts.city });
  });

  it('measures after trimming', () => {
    expect(errorsOf({ address1: '  ab  ' })).toEqual({ payment_address_1: texts.address_1 });
    expect(check({ firstname: ` ${n(32)} ` }).isOk()).toBe(true);
  });
});

describe('custom field errors', () => {
  it('are appended after the address errors and make the result an error', () => {
    const result = checkAddress({ ...base, firstname: '' }, 'shipping_', country(UK), catalog, {
      shipping_custom_field_3: 'Floor required!',
    });
    expect(result._unsafeUnwrapErr()).toEqual({
      shipping_firstname: texts.firstname,
      shipping_custom_field_3: 'Floor required!',
    });
    expect(Object.keys(result._unsafeUnwrapErr())).toEqual(['shipping_firstname', 'shipping_custom_field_3']);
  });
});

describe('lengthBetween', () => {
  it('trims and counts code points', () => {
    expect(lengthBetween(' ab ', 2, 2)).toBe(true);
    expect(lengthBetween('   ', 1, 32)).toBe(false);
    expect(lengthBetween('\u00a0a\u00a0', 1, 1)).toBe(true);
    expect(lengthBetween('😀', 1, 1)).toBe(true);
    expect(lengthBetween('', 0, 0)).toBe(true);
  });

  it('counts a well-formed pair once and a lone surrogate as one, anywhere in the text', () => {
    expect(lengthBetween('a😀b😀', 4, 4)).toBe(true);
    expect(lengthBetween('😀😀', 2, 2)).toBe(true);
    expect(lengthBetween('\uD83Dab', 3, 3)).toBe(true);
    expect(lengthBetween('ab\uDE00', 3, 3)).toBe(true);
    expect(lengthBetween('\uDE00\uD83D', 2, 2)).toBe(true);
    expect(lengthBetween('a\uD83D', 2, 2)).toBe(true);
  });
});
