import validator from 'validator';
import { describe, expect, it } from 'vitest';
import { createMemoryCustomerDirectory, demoStore } from '../../../src/adapters/memory/index.js';
import { checkCustomer, resolveCustomerGroupId } from '../../../src/domain/customer/rules.js';
import type { CustomerInput } from '../../../src/domain/machine/commands.js';
import type { CustomerFacts } from '../../../src/domain/machine/facts.js';
import { createMessages } from '../../../src/domain/messages.js';
import type { StoreSettings } from '../../../src/domain/settings/settings.js';

const { data, settings } = demoStore();
const directory = createMemoryCustomerDirectory(data);
const catalog = createMessages();

/** The seed's texts, verbatim. */
const texts = {
  warning: 'Customer does not exist!',
  customer_group: 'Customer group is invalid!',
  firstname: 'First name must be between 1 and 32 characters!',
  lastname: 'Last name must be between 1 and 32 characters!',
  email: 'E-Mail address does not appear to be valid!',
  telephone: 'Telephone must be between 3 and 32 characters!',
};

const guest: CustomerInput = {
  customerId: 0,
  customerGroupId: 0,
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@example.org',
  telephone: '01632 960000',
  customField: {},
};

/** The facts the engine would read for `input`, from the demo store's memory customer directory. */
async function factsFor(input: CustomerInput, store: StoreSettings = settings): Promise<CustomerFacts> {
  const groupId = resolveCustomerGroupId(input, store);
  return {
    account: input.customerId === 0 ? undefined : await directory.getCustomer(input.customerId),
    group: await directory.getCustomerGroup(groupId),
    customFields: await directory.getCustomFields(groupId),
    emailAccount: await directory.findCustomerByEmail(input.email.trim()),
  };
}

async function check(overrides: Partial<CustomerInput>, store: StoreSettings = settings) {
  const input = { ...guest, ...overrides };
  return checkCustomer(input, await factsFor(input, store), store, catalog);
}

async function accepted(overrides: Partial<CustomerInput>, store: StoreSettings = settings) {
  const result = await check(overrides, store);
  if (result.isErr()) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

async function errorsOf(overrides: Partial<CustomerInput>, store: StoreSettings = settings) {
  const result = await check(overrides, store);
  if (result.isOk()) throw new Error('expected errors');
  return result.error;
}

const telephoneRequired: StoreSettings = { ...settings, telephoneRequired: true };
const telephoneOptional: StoreSettings = { ...settings, telephoneRequired: false };

describe('resolveCustomerGroupId', () => {
  it('0 resolves to config_customer_group_id', () => {
    expect(resolveCustomerGroupId(guest, { ...settings, customerGroupId: 2 })).toBe(2);
  });

  it('a posted id is kept', () => {
    expect(resolveCustomerGroupId({ ...guest, customerGroupId: 2 }, settings)).toBe(2);
  });
});

describe('checkCustomer success', () => {
  it('stores the trimmed customer with the resolved group and no login for an unknown e-mail', async () => {
    const decision = await accepted({
      firstname: '  Ada ',
      lastname: ' Lovelace\t',
      email: ' ada@example.org ',
      telephone: ' 01632 960000 ',
    });
    expect(decision).toEqual({
      customer: {
        customerId: 0,
        customerGroupId: 1,
        firstname: 'Ada',
        lastname: 'Lovelace',
        email: 'ada@example.org',
        telephone: '01632 960000',
        customField: {},
      },
      loggedInCustomerId: null,
    });
  });

  it('group 0 stores the default group 1, never 0', async () => {
    expect((await accepted({ customerGroupId: 0 })).customer.customerGroupId).toBe(1);
  });

  it('group 0 follows config_customer_group_id when the store default changes', async () => {
    const store = { ...settings, customerGroupId: 3 };
    const decision = await accepted({ customField: { '29': '123456' } }, store);
    expect(decision.customer.customerGroupId).toBe(3);
  });
});

describe('checkCustomer customer_id (warning)', () => {
  it('customer_id 0 is a guest and allowed', async () => {
    expect((await accepted({ customerId: 0 })).customer.customerId).toBe(0);
  });

  it('customer_id 1 exists and is stored as posted', async () => {
    expect((await accepted({ customerId: 1 })).customer.customerId).toBe(1);
  });

  it('a disabled account still exists (status is not checked, as in OpenCart)', async () => {
    expect((await accepted({ customerId: 3 })).customer.customerId).toBe(3);
  });

  it('customer_id 999 is "Customer does not exist!" under warning', async () => {
    expect(await errorsOf({ customerId: 999 })).toEqual({ warning: texts.warning });
  });

  it('an account fact for another id does not count as the posted customer', async () => {
    const input = { ...guest, customerId: 999 };
    const facts = { ...(await factsFor(input)), account: await directory.getCustomer(1) };
    const result = checkCustomer(input, facts, settings, catalog);
    expect(result._unsafeUnwrapErr()).toEqual({ warning: texts.warning });
  });
});

describe('checkCustomer customer group', () => {
  it('an unknown group is "Customer group is invalid!"', async () => {
    expect(await errorsOf({ customerGroupId: 9 })).toEqual({ customer_group: texts.customer_group });
  });

  it('a group fact for another id counts as no group', async () => {
    const input = { ...guest, customerGroupId: 9 };
    const facts = { ...(await factsFor(input)), group: await directory.getCustomerGroup(1) };
    expect(checkCustomer(input, facts, settings, catalog)._unsafeUnwrapErr()).toEqual({
      customer_group: texts.customer_group,
    });
  });

  it('custom fields are not checked when the group does not exist', async () => {
    const input = { ...guest, customerGroupId: 9 };
    const facts = { ...(await factsFor(input)), customFields: await directory.getCustomFields(3) };
    expect(checkCustomer(input, facts, settings, catalog)._unsafeUnwrapErr()).toEqual({
      customer_group: texts.customer_group,
    });
  });
});

describe('checkCustomer account custom fields', () => {
  it('Wholesale (group 3) requires custom field 29 "Company ID"', async () => {
    expect(await errorsOf({ customerGroupId: 3 })).toEqual({ custom_field_29: 'Company ID required!' });
  });

  it('Wholesale Company ID must match /^[0-9]{6,8}$/', async () => {
    expect(await errorsOf({ customerGroupId: 3, customField: { '29': '12345' } })).toEqual({
      custom_field_29: 'Company ID is not a valid input!',
    });
    expect(await errorsOf({ customerGroupId: 3, customField: { '29': '123456789' } })).toEqual({
      custom_field_29: 'Company ID is not a valid input!',
    });
  });

  it('a valid Wholesale Company ID is stored with group 3', async () => {
    const decision = await accepted({ customerGroupId: 3, customField: { '29': '12345678' } });
    expect(decision.customer.customerGroupId).toBe(3);
    expect(decision.customer.customField).toEqual({ '29': '12345678' });
  });

  it('Company ID is optional for the Default and Retail groups', async () => {
    expect((await accepted({ customerGroupId: 1 })).customer.customField).toEqual({});
    expect((await accepted({ customerGroupId: 2 })).customer.customField).toEqual({});
  });

  it("OpenCart's own custom fields are installed disabled: none is asked for", async () => {
    expect((await directory.getCustomFields(1)).map((field) => field.customFieldId)).toEqual([29, 30]);
  });

  it('an optional Company ID that is given is still checked against its pattern', async () => {
    expect(await errorsOf({ customField: { '29': '12' } })).toEqual({
      custom_field_29: 'Company ID is not a valid input!',
    });
  });

  it('only account fields are kept: the address field 30, a disabled field and unknown ids are dropped', async () => {
    const decision = await accepted({
      customField: { '29': '1234567', '30': 'Back door', '4': 'disabled', '77': 'x' },
    });
    expect(decision.customer.customField).toEqual({ '29': '1234567' });
  });
});

describe('checkCustomer names', () => {
  const cases: [string, number, boolean][] = [
    ['1 character', 1, true],
    ['32 characters', 32, true],
    ['33 characters', 33, false],
  ];
  for (const [label, length, ok] of cases) {
    it(`firstname and lastname of ${label} are ${ok ? 'accepted' : 'refused'}`, async () => {
      const name = 'x'.repeat(length);
      const result = await check({ firstname: name, lastname: name });
      expect(result.isOk()).toBe(ok);
      if (!ok)
        expect(result._unsafeUnwrapErr()).toEqual({ firstname: texts.firstname, lastname: texts.lastname });
    });
  }

  it('empty or white-space-only names are refused', async () => {
    expect(await errorsOf({ firstname: '', lastname: ' \t ' })).toEqual({
      firstname: texts.firstname,
      lastname: texts.lastname,
    });
  });

  it('names are measured trimmed: 32 characters with spaces around pass and are stored trimmed', async () => {
    const name = 'y'.repeat(32);
    const decision = await accepted({ firstname: `  ${name}  `, lastname: `\n${name} ` });
    expect(decision.customer.firstname).toBe(name);
    expect(decision.customer.lastname).toBe(name);
  });

  it('an emoji counts as one character (32 pass, 33 fail)', async () => {
    expect((await check({ firstname: '😀'.repeat(32) })).isOk()).toBe(true);
    expect(await errorsOf({ lastname: '😀'.repeat(33) })).toEqual({ lastname: texts.lastname });
  });
});

describe('checkCustomer e-mail', () => {
  const valid = ['a+tag@example.com', 'user@bücher.de', 'user@xn--bcher-kva.de', ' john@example.com '];
  for (const email of valid) {
    it(`accepts ${JSON.stringify(email)}`, async () => {
      expect((await accepted({ email })).customer.email).toBe(email.trim());
    });
  }

  const invalid: [string, string][] = [
    ['no @', 'ada.example.org'],
    ['a trailing dot on the domain', 'ada@example.org.'],
    ['a trailing dot on the local part', 'ada.@example.org'],
    ['no top-level domain', 'ada@localhost'],
    ['an empty value', ''],
    ['a non-ASCII local part (PHP refuses it too)', 'ädä@example.org'],
    ['a quoted local part with a space', '"ada l"@example.org'],
    ['a display name', 'Ada <ada@example.org>'],
    ['a space inside', 'ada l@example.org'],
    // validator's isEmail throws on these (encodeURI); the check refuses them first.
    ['an unpaired high surrogate', 'x\ud800@example.com'],
    ['an unpaired low surrogate in the domain', 'ada@exa\udc00mple.org'],
    ['a NUL', 'ada\0@example.org'],
    ['a non-character', 'ada@example.org\uffff'],
  ];
  for (const [label, email] of invalid) {
    it(`refuses ${label}`, async () => {
      expect(await errorsOf({ email })).toEqual({ email: texts.email });
    });
  }

  // 60 + 1 + 31 + 4 = 96 characters: within validator's own limits, so only OpenCart's 96 decides.
  const at96 = `${'a'.repeat(60)}@${'b'.repeat(31)}.com`;
  const at97 = `${'a'.repeat(61)}@${'b'.repeat(31)}.com`;

  it('96 characters are accepted, also with white space around', async () => {
    expect(at96).toHaveLength(96);
    expect((await accepted({ email: ` ${at96}  ` })).customer.email).toBe(at96);
  });

  it('97 characters are refused (OpenCart 96-character limit), though validator alone accepts them', async () => {
    expect(validator.isEmail(at97)).toBe(true);
    expect(await errorsOf({ email: at97 })).toEqual({ email: texts.email });
  });
});

describe('checkCustomer telephone', () => {
  it('is not checked when config_telephone_required is off', async () => {
    expect((await check({ telephone: '' }, telephoneOptional)).isOk()).toBe(true);
    expect((await check({ telephone: '1'.repeat(40) }, telephoneOptional)).isOk()).toBe(true);
  });

  const cases: [string, string, boolean][] = [
    ['2 characters', '12', false],
    ['3 characters', '123', true],
    ['32 characters', '1'.repeat(32), true],
    ['33 characters', '1'.repeat(33), false],
    ['2 characters padded with spaces', '  12  ', false],
  ];
  for (const [label, telephone, ok] of cases) {
    it(`when required, ${label} are ${ok ? 'accepted' : 'refused'}`, async () => {
      const result = await check({ telephone }, telephoneRequired);
      expect(result.isOk()).toBe(ok);
      if (!ok) expect(result._unsafeUnwrapErr()).toEqual({ telephone: texts.telephone });
    });
  }
});

describe('checkCustomer reports all errors together', () => {
  it('every failing rule, in the seed order', async () => {
    const errors = await errorsOf(
      { customerId: 999, customerGroupId: 9, firstname: '', lastname: '', email: 'nope', telephone: '1' },
      telephoneRequired,
    );
    expect(errors).toEqual(texts);
    expect(Object.keys(errors)).toEqual([
      'warning',
      'customer_group',
      'firstname',
      'lastname',
      'email',
      'telephone',
    ]);
  });

  it('custom field errors come after the fixed fields', async () => {
    const errors = await errorsOf({ customerGroupId: 3, firstname: '', email: 'nope' });
    expect(Object.keys(errors)).toEqual(['firstname', 'email', 'custom_field_29']);
  });

  it('texts come from the message catalog', async () => {
    const input = { ...guest, firstname: '' };
    const messages = createMessages({ 'customer.firstname': 'Vorname: 1 bis 32 Zeichen!' });
    const result = checkCustomer(input, await factsFor(input), settings, messages);
    expect(result._unsafeUnwrapErr()).toEqual({ firstname: 'Vorname: 1 bis 32 Zeichen!' });
  });
});

describe('checkCustomer login by e-mail', () => {
  it('an active account matched by e-mail in another case logs in as its id', async () => {
    const decision = await accepted({ email: 'GRACE@Example.COM' });
    expect(decision.loggedInCustomerId).toBe(1);
    expect(decision.customer.customerId).toBe(0);
  });

  it('the disabled account (customer 3, disabled@example.com) is not logged in', async () => {
    expect((await accepted({ email: 'disabled@example.com' })).loggedInCustomerId).toBeNull();
  });

  it('no matching account gives null, which ends any earlier login (our decision)', async () => {
    expect(
      (await accepted({ customerId: 1, email: 'someone.else@example.com' })).loggedInCustomerId,
    ).toBeNull();
  });

  it('an e-mail account fact that does not match the posted e-mail is not logged in', async () => {
    const input = { ...guest, email: 'ada@example.org' };
    const facts = { ...(await factsFor(input)), emailAccount: await directory.getCustomer(1) };
    expect(checkCustomer(input, facts, settings, catalog)._unsafeUnwrap().loggedInCustomerId).toBeNull();
  });

  it('a refused step logs nobody in (it returns errors only)', async () => {
    expect((await check({ email: 'grace@example.com', firstname: '' })).isErr()).toBe(true);
  });
});
