/**
 * The customer step through the engine (seed step 1): every seed error key with its seed
 * text, malformed fields as field errors, the success text, login by e-mail, and the resolved group driving
 * prices from then on.
 */

import { describe, expect, it } from 'vitest';
import { createMessages, defaultMessages } from '../../src/domain/messages.js';
import { money } from '../../src/money/index.js';
import type { CustomerRequest } from '../../src/operations/requests.js';
import { asRequest, demoCheckout, expectErr, expectOk, guest } from './support/demo-checkout.js';

const usd = (amount: string) => money(amount, 'USD');

const texts = {
  warning: 'Customer does not exist!',
  customer_group: 'Customer group is invalid!',
  firstname: 'First name must be between 1 and 32 characters!',
  lastname: 'Last name must be between 1 and 32 characters!',
  email: 'E-Mail address does not appear to be valid!',
  telephone: 'Telephone must be between 3 and 32 characters!',
};

/** Sets `body` as the customer of a fresh session; answers the error, and checks nothing was saved. */
async function refused(body: unknown, config?: Record<string, unknown>) {
  const demo = demoCheckout(config === undefined ? {} : { config });
  const id = await demo.open();
  const error = await expectErr(demo.checkout.setCustomer(id, asRequest<CustomerRequest>(body)));
  const session = await demo.stored(id);
  expect(session.version).toBe(1);
  expect(session.customer).toBeNull();
  return error;
}

describe('setCustomer: the seed error keys and texts', () => {
  it('succeeds with the seed text and stores the trimmed customer with the resolved group', async () => {
    const { checkout, open, stored } = demoCheckout();
    const id = await open();
    const result = await expectOk(checkout.setCustomer(id, { ...guest, firstname: '  Jane  ' }));
    expect(result).toEqual({ success: 'Customer data set successfully!', dropped: [] });
    const session = await stored(id);
    expect(session.version).toBe(2);
    expect(session.customer).toEqual({
      customerId: 0,
      customerGroupId: 1,
      firstname: 'Jane',
      lastname: 'Smith',
      email: 'jane@example.com',
      telephone: '01632 960123',
      customField: {},
    });
  });

  it('warning: a non-zero customer_id that names no customer', async () => {
    expect(await refused({ ...guest, customer_id: 99 })).toEqual({
      kind: 'validation',
      fields: { warning: texts.warning },
    });
  });

  it('customer_group: a group that does not exist', async () => {
    expect(await refused({ ...guest, customer_group_id: 7 })).toEqual({
      kind: 'validation',
      fields: { customer_group: texts.customer_group },
    });
  });

  it.each([
    ['firstname', ''],
    ['firstname', '   '],
    ['firstname', 'x'.repeat(33)],
    ['lastname', ''],
    ['lastname', 'y'.repeat(33)],
    ['email', 'not-an-email'],
    ['email', ''],
  ] as const)('%s: %j is refused with the seed text', async (key, value) => {
    expect(await refused({ ...guest, [key]: value })).toEqual({
      kind: 'validation',
      fields: { [key]: texts[key] },
    });
  });

  it('accepts names of exactly 1 and 32 characters', async () => {
    const { checkout, open } = demoCheckout();
    const id = await open();
    await expectOk(checkout.setCustomer(id, { ...guest, firstname: 'J', lastname: 'z'.repeat(32) }));
  });

  it('telephone: checked only when config_telephone_required is on (as in the demo)', async () => {
    const short = { ...guest, telephone: '12' };
    expect(await refused(short)).toEqual({
      kind: 'validation',
      fields: { telephone: texts.telephone },
    });
    const { checkout, open } = demoCheckout({ config: { config_telephone_required: false } });
    await expectOk(checkout.setCustomer(await open(), short));
  });

  it('reports every failing key at once, in the seed order', async () => {
    const error = await refused(
      { customer_id: 99, customer_group_id: 7, firstname: '', lastname: '', email: 'x', telephone: '' },
      { config_telephone_required: true },
    );
    expect(error.kind).toBe('validation');
    expect(Object.keys(error.fields)).toEqual([
      'warning',
      'customer_group',
      'firstname',
      'lastname',
      'email',
      'telephone',
    ]);
  });
});

describe('setCustomer: custom fields of the resolved group', () => {
  const wholesale = { ...guest, customer_group_id: 3 };

  it('custom_field_29 "Company ID" is required for group 3 (Wholesale)', async () => {
    expect(await refused(wholesale)).toEqual({
      kind: 'validation',
      fields: { custom_field_29: 'Company ID required!' },
    });
  });

  it('custom_field_29 must match its validation pattern', async () => {
    expect(await refused({ ...wholesale, custom_field: { '29': '12ab' } })).toEqual({
      kind: 'validation',
      fields: { custom_field_29: 'Company ID is not a valid input!' },
    });
  });

  it('is optional for groups 1 and 2, and a valid value is stored for group 3', async () => {
    const { checkout, open, stored } = demoCheckout();
    const id = await open();
    await expectOk(checkout.setCustomer(id, guest));
    await expectOk(checkout.setCustomer(id, { ...guest, customer_group_id: 2 }));
    await expectOk(checkout.setCustomer(id, { ...wholesale, custom_field: { '29': '1234567' } }));
    expect((await stored(id)).customer).toMatchObject({
      customerGroupId: 3,
      customField: { '29': '1234567' },
    });
  });
});

describe('setCustomer: malformed fields are field errors, never crashes', () => {
  it('an array for firstname is a firstname error', async () => {
    expect(await refused({ ...guest, firstname: ['Jane'] })).toEqual({
      kind: 'validation',
      fields: { firstname: texts.firstname },
    });
  });

  it('a non-numeric customer_id is the warning error', async () => {
    expect(await refused({ ...guest, customer_id: 'abc' })).toEqual({
      kind: 'validation',
      fields: { warning: texts.warning },
    });
  });

  it('objects and non-numeric group ids go under their own keys', async () => {
    const error = await refused({
      ...guest,
      lastname: { a: 1 },
      email: ['a@b.co'],
      customer_group_id: '1.5',
    });
    expect(error.kind).toBe('validation');
    expect(error.fields).toMatchObject({
      lastname: texts.lastname,
      email: texts.email,
      customer_group: texts.customer_group,
    });
  });

  it.each([null, 'a string', 42, []])('a body of %j is refused as validation', async (body) => {
    expect((await refused(body)).kind).toBe('validation');
  });
});

describe('login by e-mail (seed step 1)', () => {
  it('logs the active account with that e-mail in, ignoring case', async () => {
    const { checkout, open, stored } = demoCheckout();
    const id = await open();
    await expectOk(checkout.setCustomer(id, { ...guest, email: 'Grace@Example.com' }));
    expect((await stored(id)).loggedInCustomerId).toBe(1);
  });

  it('does not log a disabled account in', async () => {
    const { checkout, open, stored } = demoCheckout();
    const id = await open();
    await expectOk(checkout.setCustomer(id, { ...guest, email: 'disabled@example.com' }));
    expect((await stored(id)).loggedInCustomerId).toBeNull();
  });

  it('logs out again when a later customer step names another e-mail', async () => {
    const { checkout, open, stored } = demoCheckout();
    const id = await open();
    await expectOk(checkout.setCustomer(id, { ...guest, email: 'grace@example.com' }));
    await expectOk(checkout.setCustomer(id, guest));
    expect((await stored(id)).loggedInCustomerId).toBeNull();
  });

  it('an existing customer_id is accepted', async () => {
    const { checkout, open, stored } = demoCheckout();
    const id = await open();
    await expectOk(checkout.setCustomer(id, { ...guest, customer_id: 1, email: 'grace@example.com' }));
    expect((await stored(id)).customer?.customerId).toBe(1);
  });
});

describe('the resolved group prices the cart', () => {
  const camera = { product_id: 30, option: { '226': '15' } };

  it('a group-1 special of product 30 (80.00) is the default price; a wholesale customer pays 100.00, untaxed', async () => {
    const { checkout, data, open } = demoCheckout();
    const canon = data.products.get(30);
    if (canon === undefined) throw new Error('no product 30');
    const special = { customerGroupId: 1, priority: 1, price: usd('80.00'), dateStart: null, dateEnd: null };
    data.products.set(30, { ...canon, specials: [special] });
    const id = await open();
    await expectOk(checkout.addProduct(id, camera));
    const price = async () => (await expectOk(checkout.getProducts(id)))[0]?.price.amount;
    const totals = async () =>
      (await expectOk(checkout.getTotals(id))).totals.map((line) => [line.code, line.value.amount]);
    expect(await price()).toBe('80.0000');
    // Group 1 at the store address: VAT 20 % of 80 = 16, eco tax 2.
    expect(await totals()).toEqual([
      ['sub_total', '80.0000'],
      ['tax', '16.0000'],
      ['tax', '2.0000'],
      ['total', '98.0000'],
    ]);
    await expectOk(
      checkout.setCustomer(id, { ...guest, customer_group_id: 3, custom_field: { '29': '1234567' } }),
    );
    expect(await price()).toBe('100.0000');
    // The tax rates are for group 1 only.
    expect(await totals()).toEqual([
      ['sub_total', '100.0000'],
      ['total', '100.0000'],
    ]);
    await expectOk(checkout.setCustomer(id, guest));
    expect(await price()).toBe('80.0000');
  });

  it('quantity discounts follow the group: 10 × product 42 is 88.00 each for group 1 only', async () => {
    const { checkout, open } = demoCheckout();
    const id = await open();
    const options = {
      '218': '5',
      '223': ['8'],
      '208': 'test',
      '217': '1',
      '209': 'notes',
      '222': 'upload-code',
      '219': '2026-04-01',
      '221': '10:30',
      '220': '2026-04-01 10:30',
    };
    await expectOk(checkout.addProduct(id, { product_id: 42, quantity: 10, option: options }));
    // 88.00 + radio 10.00 + checkbox 10.00 + select 1.00
    const price = async () => (await expectOk(checkout.getProducts(id)))[0]?.price.amount;
    expect(await price()).toBe('109.0000');
    await expectOk(
      checkout.setCustomer(id, { ...guest, customer_group_id: 3, custom_field: { '29': '1234567' } }),
    );
    expect(await price()).toBe('121.0000');
  });
});

describe("login by e-mail never spends the account's points or credit", () => {
  /**
   * The demo store with product 47 (400 points a unit) in the cart and 500 points given to the buyer too: 100
   * points take 100 × 100 ÷ 400 = 25.00 off.
   */
  async function withPoints() {
    const demo = demoCheckout();
    demo.data.rewardPoints.push({
      customerRewardId: 2,
      customerId: 2,
      orderId: 0,
      description: 'Test points',
      points: 500,
      dateAdded: '2026-01-01T00:00:00.000Z',
    });
    const id = await demo.open();
    await expectOk(demo.checkout.addProduct(id, { product_id: 47, option: { '225': '2026-05-01' } }));
    const codes = async () => (await expectOk(demo.checkout.getTotals(id))).totals.map((line) => line.code);
    const reward = async () =>
      (await expectOk(demo.checkout.getTotals(id))).totals.find((line) => line.code === 'reward')?.value
        .amount;
    return { ...demo, id, codes, reward };
  }
  const grace = { ...guest, email: 'grace@example.com' };
  const buyer = { ...guest, email: 'buyer@example.com' };

  it('logging in spends nothing: no reward and no store credit line until asked', async () => {
    const { checkout, id, stored, codes } = await withPoints();
    await expectOk(checkout.setCustomer(id, grace));
    const session = await stored(id);
    expect(session.loggedInCustomerId).toBe(1);
    expect(session.reward).toBeNull();
    expect(await codes()).not.toContain('reward');
    expect(await codes()).not.toContain('credit');
  });

  it("points Grace asked for are dropped when the buyer's account logs in, and not brought back by Grace", async () => {
    const { checkout, id, stored, reward, codes } = await withPoints();
    await expectOk(checkout.setCustomer(id, grace));
    await expectOk(checkout.setReward(id, { reward: 100 }));
    expect(await reward()).toBe('-25.0000');
    await expectOk(checkout.setCustomer(id, buyer));
    const switched = await stored(id);
    expect(switched.loggedInCustomerId).toBe(2);
    expect(switched.reward).toBeNull();
    expect(await codes()).not.toContain('reward');
    await expectOk(checkout.setCustomer(id, grace));
    expect((await stored(id)).reward).toBeNull();
    expect(await codes()).not.toContain('reward');
  });

  it('a guest e-mail (logging out) drops the points too', async () => {
    const { checkout, id, stored, codes } = await withPoints();
    await expectOk(checkout.setCustomer(id, grace));
    await expectOk(checkout.setReward(id, { reward: 100 }));
    await expectOk(checkout.setCustomer(id, guest));
    const session = await stored(id);
    expect(session.loggedInCustomerId).toBeNull();
    expect(session.reward).toBeNull();
    await expectOk(checkout.setCustomer(id, grace));
    expect(await codes()).not.toContain('reward');
  });

  it('the same account setting its details again keeps the points it asked for', async () => {
    const { checkout, id, stored, reward } = await withPoints();
    await expectOk(checkout.setCustomer(id, grace));
    await expectOk(checkout.setReward(id, { reward: 100 }));
    await expectOk(checkout.setCustomer(id, { ...grace, telephone: '01632 960999' }));
    expect((await stored(id)).reward).toBe(100);
    expect(await reward()).toBe('-25.0000');
  });
});

describe('custom_field_<id>: account fields with values, and required ones', () => {
  /** The demo store plus account fields 3 (select), 4 (radio), 5 (checkbox) and 6 (text, required for group 1). */
  async function withAccountFields() {
    const demo = demoCheckout();
    const field = (
      customFieldId: number,
      name: string,
      type: 'select' | 'radio' | 'checkbox' | 'text',
      values: readonly [number, string][],
      required = false,
    ) =>
      demo.data.customFields.set(customFieldId, {
        customFieldId,
        name,
        location: 'account',
        type,
        validation: '',
        status: true,
        sortOrder: customFieldId,
        values: values.map(([customFieldValueId, text]) => ({ customFieldValueId, name: text })),
        customerGroups: [{ customerGroupId: 1, required }],
      });
    field(3, 'Industry', 'select', [
      [1, 'Retail'],
      [2, 'Trade'],
    ]);
    field(4, 'Newsletter', 'radio', [
      [3, 'Yes'],
      [4, 'No'],
    ]);
    field(5, 'Interests', 'checkbox', [
      [5, 'Phones'],
      [6, 'Cameras'],
    ]);
    field(6, 'Referral', 'text', [], true);
    return { ...demo, id: await demo.open() };
  }
  const valid = { '3': '1', '4': '3', '5': ['5', '6'], '6': 'a friend' };

  it('accepts values among each field’s own and stores them', async () => {
    const { checkout, id, stored } = await withAccountFields();
    await expectOk(checkout.setCustomer(id, { ...guest, custom_field: valid }));
    expect((await stored(id)).customer?.customField).toMatchObject(valid);
  });

  it.each([
    ['select', { ...valid, '3': '3' }, { custom_field_3: 'Industry is not a valid input!' }],
    ['radio', { ...valid, '4': '1' }, { custom_field_4: 'Newsletter is not a valid input!' }],
    ['checkbox', { ...valid, '5': ['5', '99'] }, { custom_field_5: 'Interests is not a valid input!' }],
  ] as const)(
    'a %s value not among the field’s values (another field’s or none)',
    async (_type, fields, errors) => {
      const { checkout, id, stored } = await withAccountFields();
      expect(await expectErr(checkout.setCustomer(id, { ...guest, custom_field: fields }))).toEqual({
        kind: 'validation',
        fields: errors,
      });
      expect((await stored(id)).version).toBe(1);
    },
  );

  it('a required field left out, or sent empty', async () => {
    const { checkout, id } = await withAccountFields();
    const { '6': _left, ...without } = valid;
    const required = { kind: 'validation', fields: { custom_field_6: 'Referral required!' } };
    expect(await expectErr(checkout.setCustomer(id, { ...guest, custom_field: without }))).toEqual(required);
    expect(
      await expectErr(checkout.setCustomer(id, { ...guest, custom_field: { ...valid, '6': ' ' } })),
    ).toEqual(required);
  });
});

describe('the host overrides texts through createCheckout options (messages)', () => {
  const german = createMessages({
    'customer.success': 'Kundendaten gespeichert!',
    'customer.firstname': 'Vorname muss zwischen 1 und 32 Zeichen lang sein!',
    'field.required': '{name} fehlt!',
  });

  it('one catalogue for every session: success, a seed error and a templated text', async () => {
    const demo = demoCheckout({ options: { messages: german } });
    const id = await demo.open();
    expect(await expectErr(demo.checkout.setCustomer(id, { ...guest, firstname: '' }))).toEqual({
      kind: 'validation',
      fields: { firstname: 'Vorname muss zwischen 1 und 32 Zeichen lang sein!' },
    });
    const wholesale = { ...guest, customer_group_id: 3 };
    expect((await expectErr(demo.checkout.setCustomer(id, wholesale))).fields).toEqual({
      custom_field_29: 'Company ID fehlt!',
    });
    expect((await expectOk(demo.checkout.setCustomer(id, guest))).success).toBe('Kundendaten gespeichert!');
    // Texts not overridden stay the defaults.
    expect((await expectOk(demo.checkout.addProduct(id, { product_id: 40 }))).success).toBe(
      defaultMessages['cart.success_single'],
    );
  });

  it('a catalogue chosen by the session language', async () => {
    const demo = demoCheckout({
      options: { messages: (language) => (language === 'de-de' ? german : defaultMessages) },
    });
    const de = (await expectOk(demo.checkout.openSession({ apiUserId: 1, language: 'de-de' }))).sessionId;
    const en = await demo.open();
    expect((await expectOk(demo.checkout.setCustomer(de, guest))).success).toBe('Kundendaten gespeichert!');
    expect((await expectOk(demo.checkout.setCustomer(en, guest))).success).toBe(
      'Customer data set successfully!',
    );
  });
});
