import { describe, expect, it } from 'vitest';
import { createMessages } from '../../src/domain/messages.js';
import { parseFormEncoded } from '../../src/http/form.js';
import { parseCustomer } from './support/parsers.js';

const messages = createMessages();
const customer = (raw: unknown) => parseCustomer(raw, messages)._unsafeUnwrap().customer;
const errors = (raw: unknown) => {
  const error = parseCustomer(raw, messages)._unsafeUnwrapErr();
  expect(error.kind).toBe('validation');
  return error.fields;
};

const valid = {
  customer_id: '0',
  customer_group_id: '1',
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@example.com',
  telephone: '0123456',
  custom_field: { '1': 'x' },
};

describe('parseCustomer', () => {
  it('turns a form body into the set_customer command', () => {
    const body = parseFormEncoded(
      'customer_id=7&customer_group_id=2&firstname=Ada&lastname=Lovelace&email=ada%40example.com&telephone=0123&custom_field[3]=x&custom_field[4][]=5',
    )._unsafeUnwrap();
    expect(parseCustomer(body, messages)._unsafeUnwrap()).toEqual({
      type: 'set_customer',
      customer: {
        customerId: 7,
        customerGroupId: 2,
        firstname: 'Ada',
        lastname: 'Lovelace',
        email: 'ada@example.com',
        telephone: '0123',
        customField: { '3': 'x', '4': ['5'] },
      },
    });
  });

  it('fills absent fields: ids 0, texts empty, custom fields {}', () => {
    expect(customer({})).toEqual({
      customerId: 0,
      customerGroupId: 0,
      firstname: '',
      lastname: '',
      email: '',
      telephone: '',
      customField: {},
    });
  });

  it('reads ids as JSON integers or digit strings, blank as 0', () => {
    expect(customer({ ...valid, customer_id: 12, customer_group_id: ' 3 ' })).toMatchObject({
      customerId: 12,
      customerGroupId: 3,
    });
    expect(customer({ ...valid, customer_id: '', customer_group_id: null })).toMatchObject({
      customerId: 0,
      customerGroupId: 0,
    });
  });

  it('keeps texts untrimmed: the domain trims and measures', () => {
    expect(customer({ ...valid, firstname: '  Ada ' }).firstname).toBe('  Ada ');
  });

  it('takes a telephone number sent as a JSON number', () => {
    expect(customer({ ...valid, telephone: 4_915_112_345_678 }).telephone).toBe('4915112345678');
  });

  it('passes custom field values on unchecked, reading PHP’s empty [] as none', () => {
    expect(customer({ ...valid, custom_field: { '9': { deep: [1] } } }).customField).toEqual({
      '9': { deep: [1] },
    });
    expect(customer({ ...valid, custom_field: [] }).customField).toEqual({});
  });

  it('a malformed customer_id is warning: Customer does not exist!', () => {
    for (const customer_id of ['12abc', '1.5', '1e3', '0x10', -1, '-1', 2.5, true, ['1'], { a: 1 }])
      expect(errors({ ...valid, customer_id }), String(customer_id)).toEqual({
        warning: 'Customer does not exist!',
      });
  });

  it('a malformed customer_group_id is customer_group: Customer group is invalid!', () => {
    expect(errors({ ...valid, customer_group_id: 'abc' })).toEqual({
      customer_group: 'Customer group is invalid!',
    });
  });

  it('an array or object for a text is that field’s error with its seed text', () => {
    expect(errors({ ...valid, firstname: ['Ada'] })).toEqual({
      firstname: 'First name must be between 1 and 32 characters!',
    });
    expect(errors({ ...valid, lastname: { a: 'b' } })).toEqual({
      lastname: 'Last name must be between 1 and 32 characters!',
    });
    expect(errors({ ...valid, email: ['a@b.c'] })).toEqual({
      email: 'E-Mail address does not appear to be valid!',
    });
    expect(errors({ ...valid, telephone: true })).toEqual({
      telephone: 'Telephone must be between 3 and 32 characters!',
    });
  });

  it('an over-long text is malformed, reported with the field’s own text', () => {
    expect(errors({ ...valid, email: `${'a'.repeat(1000)}@example.com` })).toEqual({
      email: 'E-Mail address does not appear to be valid!',
    });
  });

  it('a custom_field that is not a map is warning, with a text of ours', () => {
    expect(errors({ ...valid, custom_field: 'x' })).toEqual({
      warning: 'Warning: Custom fields must be values keyed by custom field id!',
    });
  });

  it('reports every malformed field at once, the customer’s warning first', () => {
    expect(
      errors({
        customer_id: 'x',
        customer_group_id: [],
        firstname: [],
        lastname: {},
        email: 1e21,
        telephone: [],
        custom_field: 1,
      }),
    ).toEqual({
      warning: 'Customer does not exist!',
      firstname: 'First name must be between 1 and 32 characters!',
      lastname: 'Last name must be between 1 and 32 characters!',
      email: 'E-Mail address does not appear to be valid!',
      telephone: 'Telephone must be between 3 and 32 characters!',
      customer_group: 'Customer group is invalid!',
    });
  });

  it('uses the host’s texts', () => {
    const german = createMessages({ 'customer.firstname': 'Vorname ungültig!' });
    expect(parseCustomer({ firstname: [] }, german)._unsafeUnwrapErr().fields).toEqual({
      firstname: 'Vorname ungültig!',
    });
  });

  it('never throws on a body that is not an object, reading it as empty', () => {
    for (const raw of [null, undefined, 'text', 42, [], ['a'], Object.create(null)])
      expect(parseCustomer(raw, messages).isOk()).toBe(true);
  });
});
