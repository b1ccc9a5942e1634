import { describe, expect, it } from 'vitest';
import { createMemoryCustomerDirectory, demoStore } from '../../../src/adapters/memory/index.js';
import {
  checkCustomFields,
  isValidDate,
  isValidDateTime,
  isValidTime,
} from '../../../src/domain/customer/custom-fields.js';
import { createMessages } from '../../../src/domain/messages.js';
import type { CustomField, CustomFieldValue } from '../../../src/domain/records/customers.js';

const catalog = createMessages();
const { data } = demoStore();
const directory = createMemoryCustomerDirectory(data);
const wholesale = await directory.getCustomFields(3);
const retail = await directory.getCustomFields(1);

function field(over: Partial<CustomField>): CustomField {
  return {
    customFieldId: 7,
    name: 'Extra',
    location: 'account',
    type: 'text',
    validation: '',
    required: false,
    sortOrder: 0,
    values: [],
    ...over,
  };
}

const choices = [
  { customFieldValueId: 3, name: 'A' },
  { customFieldValueId: 5, name: 'B' },
  { customFieldValueId: 11, name: 'C' },
];

/** Checks `raw` (anything) against one field, as a customer custom field. */
function check(f: CustomField, raw: unknown, prefix = '') {
  return checkCustomFields(
    [f],
    f.location === 'address' ? 'address' : 'account',
    { [String(f.customFieldId)]: raw } as Record<string, CustomFieldValue>,
    prefix,
    catalog,
  );
}

describe('checkCustomFields on demo data', () => {
  it('requires Company ID for the wholesale group', () => {
    for (const empty of [undefined, '', '   ', []]) {
      const values = empty === undefined ? {} : { '29': empty as CustomFieldValue };
      expect(checkCustomFields(wholesale, 'account', values, '', catalog)).toEqual({
        errors: { custom_field_29: 'Company ID required!' },
        values: {},
      });
    }
  });

  it('checks the Company ID pattern', () => {
    expect(checkCustomFields(wholesale, 'account', { '29': '12a' }, '', catalog).errors).toEqual({
      custom_field_29: 'Company ID is not a valid input!',
    });
    expect(checkCustomFields(wholesale, 'account', { '29': '12345678' }, '', catalog)).toEqual({
      errors: {},
      values: { '29': '12345678' },
    });
  });

  it('lets retail customers omit Company ID, but validates it when given', () => {
    expect(checkCustomFields(retail, 'account', {}, '', catalog)).toEqual({ errors: {}, values: {} });
    expect(checkCustomFields(retail, 'account', { '29': 'x' }, '', catalog).errors).toEqual({
      custom_field_29: 'Company ID is not a valid input!',
    });
  });

  it('only checks and keeps fields of the location, dropping unknown keys', () => {
    const values = { '29': '1234567', '30': 'Leave at the door', '99': 'x' };
    expect(checkCustomFields(wholesale, 'account', values, '', catalog)).toEqual({
      errors: {},
      values: { '29': '1234567' },
    });
    expect(checkCustomFields(wholesale, 'address', values, 'payment_', catalog)).toEqual({
      errors: {},
      values: { '30': 'Leave at the door' },
    });
  });

  it('prefixes address keys', () => {
    const f = field({ location: 'address', required: true, name: 'Floor' });
    expect(check(f, '', 'payment_').errors).toEqual({ payment_custom_field_7: 'Floor required!' });
    expect(check(f, '', 'shipping_').errors).toEqual({ shipping_custom_field_7: 'Floor required!' });
  });

  it('uses the catalogue texts', () => {
    const custom = createMessages({ 'field.required': 'Bitte {name} angeben' });
    expect(checkCustomFields(wholesale, 'account', {}, '', custom).errors).toEqual({
      custom_field_29: 'Bitte Company ID angeben',
    });
  });
});

describe('checkCustomFields by type', () => {
  it('select and radio take one of the field value ids', () => {
    for (const type of ['select', 'radio'] as const) {
      const f = field({ type, values: choices });
      expect(check(f, '5').values).toEqual({ '7': '5' });
      expect(check(f, 5).values).toEqual({ '7': '5' });
      for (const bad of ['4', 4, ['5'], { a: 1 }, -3, 1.5, 1e300, 'abc', true])
        expect(check(f, bad).errors, String(bad)).toEqual({ custom_field_7: 'Extra is not a valid input!' });
    }
  });

  it('checkbox takes a list (or a scalar) of value ids, normalised', () => {
    const f = field({ type: 'checkbox', values: choices });
    expect(check(f, ['11', '3', 3, '5', '11']).values).toEqual({ '7': ['3', '5', '11'] });
    expect(check(f, '5').values).toEqual({ '7': ['5'] });
    for (const bad of [['3', '4'], [['3']], [{}], 'x'])
      expect(check(f, bad).errors).toEqual({ custom_field_7: 'Extra is not a valid input!' });
    expect(check({ ...f, required: true }, []).errors).toEqual({ custom_field_7: 'Extra required!' });
  });

  it('checkbox takes a list keyed by index like an array; the empty object is the empty list', () => {
    const f = field({ type: 'checkbox', values: choices });
    expect(check(f, { 0: '11', 1: '3' }).values).toEqual({ '7': ['3', '11'] });
    expect(check(f, { 2: 5, 0: '3' }).values).toEqual({ '7': ['3', '5'] });
    expect(check(f, { 0: '3', '01': '5' }).errors).toEqual({ custom_field_7: 'Extra is not a valid input!' });
    expect(check({ ...f, required: true }, {}).errors).toEqual({ custom_field_7: 'Extra required!' });
  });

  it('date, time and datetime must be real', () => {
    expect(check(field({ type: 'date' }), '2024-02-29').values).toEqual({ '7': '2024-02-29' });
    expect(check(field({ type: 'date' }), '2023-02-29').errors).toEqual({
      custom_field_7: 'Extra is not a valid input!',
    });
    expect(check(field({ type: 'time' }), '23:59:59').errors).toEqual({});
    expect(check(field({ type: 'time' }), '24:00').errors).toEqual({
      custom_field_7: 'Extra is not a valid input!',
    });
    expect(check(field({ type: 'datetime' }), '2011-02-20 22:25').errors).toEqual({});
    expect(check(field({ type: 'datetime' }), '2011-02-20T22:25').errors).toEqual({
      custom_field_7: 'Extra is not a valid input!',
    });
  });

  it('keeps free text as given and rejects non-strings', () => {
    expect(check(field({ type: 'textarea' }), '  hi  ').values).toEqual({ '7': '  hi  ' });
    for (const bad of [['a'], { a: 'b' }, 12])
      expect(check(field({ type: 'textarea' }), bad).errors).toEqual({
        custom_field_7: 'Extra is not a valid input!',
      });
  });

  it('refuses free text no store can hold, of every free-text type', () => {
    for (const type of ['text', 'textarea', 'file'] as const)
      for (const bad of ['a\0b', 'x\ud800', '\udc00', 'a\ufffe', '\u{10FFFF}'])
        expect(check(field({ type }), bad).errors).toEqual({ custom_field_7: 'Extra is not a valid input!' });
    expect(check(field({ type: 'textarea' }), 'Zoë 😀 \ufffd').values).toEqual({ '7': 'Zoë 😀 \ufffd' });
  });

  it('a broken stored pattern fails closed', () => {
    expect(check(field({ validation: '/[a/' }), 'a').errors).toEqual({
      custom_field_7: 'Extra is not a valid input!',
    });
  });

  it('survives hostile input', () => {
    const hostile = JSON.parse(
      '{"__proto__": {"polluted": true}, "29": {"__proto__": "x"}, "constructor": "y"}',
    );
    const result = checkCustomFields(wholesale, 'account', hostile, '', catalog);
    expect(result.errors).toEqual({ custom_field_29: 'Company ID is not a valid input!' });
    expect(result.values).toEqual({});
    expect({}).not.toHaveProperty('polluted');
    expect(() =>
      checkCustomFields(
        wholesale,
        'account',
        null as unknown as Record<string, CustomFieldValue>,
        '',
        catalog,
      ),
    ).not.toThrow();
  });
});

describe('date and time helpers', () => {
  it('parse strictly', () => {
    expect(isValidDate('2000-02-29')).toBe(true);
    expect(isValidDate('1900-02-29')).toBe(false);
    expect(isValidDate('2024-13-01')).toBe(false);
    expect(isValidDate('2024-04-31')).toBe(false);
    expect(isValidDate('2024-4-1')).toBe(false);
    expect(isValidTime('00:00')).toBe(true);
    expect(isValidTime('12:60')).toBe(false);
    expect(isValidTime('12:00:60')).toBe(false);
    expect(isValidDateTime('2024-01-01 00:00:00')).toBe(true);
    expect(isValidDateTime('2024-01-01  00:00')).toBe(false);
  });
});
