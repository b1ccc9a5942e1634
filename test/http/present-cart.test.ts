/**
 * The cart line presenter (src/http/present-cart): the seed's Cart line JSON built from the engine's camelCase
 * priced line — snake_case names in the seed's order, the option list, the subscription object with its texts,
 * the `recurring` description, measures as numbers, and nothing of the engine's own fields — on sample lines and
 * on the demo store's lines.
 */
import { describe, expect, it } from 'vitest';
import type { LineOption, LineSubscription } from '../../src/domain/cart/line.js';
import { presentCartLine, presentCartLines, recurringText } from '../../src/http/present-cart.js';
import { createMoneyPresenter } from '../../src/http/present-money.js';
import { money } from '../../src/money/index.js';
import { samplePricedLine, sampleStoreSettings } from '../../src/testing/index.js';
import { demoCheckout, expectOk } from '../engine/support/demo-checkout.js';

const usd = (amount: string) => money(amount, 'USD');
const dollars = createMoneyPresenter(sampleStoreSettings(), 'USD');

/** Plan 2 of the demo store: named "Weekly", billed monthly, 10 payments, no trial. */
const weekly: LineSubscription = {
  subscriptionPlanId: 2,
  name: 'Weekly',
  trialStatus: false,
  trialPrice: usd('0.00'),
  trialCycle: 0,
  trialFrequency: 'day',
  trialDuration: 0,
  price: usd('25.00'),
  cycle: 1,
  frequency: 'month',
  duration: 10,
};

const select: LineOption = {
  productOptionId: 217,
  productOptionValueId: 1,
  optionId: 5,
  optionValueId: 41,
  name: 'Select',
  value: 'Green',
  type: 'select',
};
const text: LineOption = {
  productOptionId: 208,
  productOptionValueId: 0,
  optionId: 4,
  optionValueId: 0,
  name: 'Text',
  value: 'hello',
  type: 'text',
};

/** Every field of the seed's Cart line, in its order. */
const seedKeys = [
  'cart_id',
  'product_id',
  'name',
  'model',
  'option',
  'subscription',
  'subscription_plan_id',
  'quantity',
  'minimum',
  'maximum',
  'stock',
  'subtract',
  'price',
  'total',
  'reward',
  'image',
  'weight',
  'weight_class',
  'length',
  'width',
  'height',
  'length_class',
  'recurring',
  'tax_class_id',
];

/** The seed's subscription object, field by field. */
const seedSubscriptionKeys = [
  'subscription_plan_id',
  'name',
  'trial_status',
  'trial_price',
  'trial_price_text',
  'trial_cycle',
  'trial_frequency',
  'trial_duration',
  'price',
  'price_text',
  'cycle',
  'frequency',
  'duration',
];

describe('presentCartLine: the seed Cart line', () => {
  it('answers every seed field in the seed order, snake_case, without points or shipping', () => {
    const json = presentCartLine(samplePricedLine({ points: 7, reward: 3 }), dollars);
    expect(json).toEqual({
      cart_id: 'line-1',
      product_id: 40,
      name: 'iPhone',
      model: 'product 11',
      option: [],
      subscription: null,
      subscription_plan_id: 0,
      quantity: 2,
      minimum: 1,
      maximum: 0,
      stock: true,
      subtract: true,
      price: 101,
      total: 202,
      reward: 3,
      image: 'catalog/demo/iphone_1.jpg',
      weight: 1,
      weight_class: 'kg',
      length: 0,
      width: 0,
      height: 0,
      length_class: 'cm',
      recurring: '',
      tax_class_id: 9,
    });
    expect(Object.keys(json)).toEqual(seedKeys);
  });

  it('lists the chosen options in the seed shape and order, field by field', () => {
    const json = presentCartLine(samplePricedLine({ options: [text, select] }), dollars);
    expect(json.option).toEqual([
      {
        product_option_id: 208,
        product_option_value_id: 0,
        option_id: 4,
        option_value_id: 0,
        name: 'Text',
        value: 'hello',
        type: 'text',
      },
      {
        product_option_id: 217,
        product_option_value_id: 1,
        option_id: 5,
        option_value_id: 41,
        name: 'Select',
        value: 'Green',
        type: 'select',
      },
    ]);
    expect(Object.keys(json.option[0] ?? {})).toEqual([
      'product_option_id',
      'product_option_value_id',
      'option_id',
      'option_value_id',
      'name',
      'value',
      'type',
    ]);
  });

  it('answers the subscription object with its prices as numbers and texts, and the recurring text', () => {
    const json = presentCartLine(
      samplePricedLine({ subscription: weekly, subscriptionPlanId: 2, price: usd('25.00') }),
      dollars,
    );
    expect(json.subscription).toEqual({
      subscription_plan_id: 2,
      name: 'Weekly',
      trial_status: false,
      trial_price: 0,
      trial_price_text: '$0.00',
      trial_cycle: 0,
      trial_frequency: 'day',
      trial_duration: 0,
      price: 25,
      price_text: '$25.00',
      cycle: 1,
      frequency: 'month',
      duration: 10,
    });
    expect(json.subscription_plan_id).toBe(2);
    expect(json.recurring).toBe('25.00 every 1 month(s) for 10 payment(s)');
  });
});

describe('presentCartLines: the engine’s lines as the seed’s', () => {
  it('presents the demo lines with exactly the seed keys, the option list and the recurring text', async () => {
    const { checkout, open, settings } = demoCheckout();
    const id = await open();
    await expectOk(
      checkout.addProducts(id, {
        product: [
          { product_id: 30, option: { '226': '15' } },
          { product_id: 41, subscription_plan_id: 2 },
        ],
      }),
    );
    const json = presentCartLines(
      await expectOk(checkout.getProducts(id)),
      createMoneyPresenter(settings, 'USD'),
    );
    for (const line of json) expect(Object.keys(line)).toEqual(seedKeys);
    expect(json[0]).toMatchObject({
      cart_id: 'id-cart-1',
      product_id: 30,
      name: 'Canon EOS 5D',
      quantity: 1,
    });
    expect(json[0]?.option).toEqual([
      {
        product_option_id: 226,
        product_option_value_id: 15,
        option_id: 5,
        option_value_id: 39,
        name: 'Select',
        value: 'Red',
        type: 'select',
      },
    ]);
    expect(json[1]?.subscription_plan_id).toBe(2);
    expect(json[1]?.recurring).toBe('25.00 every 1 month(s) for 10 payment(s)');
  });

  it('shows the subscription texts in the session currency', async () => {
    const { checkout, open, settings } = demoCheckout();
    const id = await open();
    await expectOk(checkout.addProduct(id, { product_id: 41, subscription_plan_id: 2 }));
    await expectOk(checkout.setCurrency(id, { currency: 'GBP' }));
    const [json] = presentCartLines(
      await expectOk(checkout.getProducts(id)),
      createMoneyPresenter(settings, 'GBP'),
    );
    expect(Object.keys(json?.subscription ?? {}).sort()).toEqual([...seedSubscriptionKeys].sort());
    // Plan 2: no trial (0.00) and 25.00 USD × 0.61250001 = 15.3125… → £15.31.
    expect(json?.subscription).toMatchObject({
      trial_price: 0,
      trial_price_text: '£0.00',
      price: 15.31,
      price_text: '£15.31',
    });
    // The recurring text keeps the catalog's amount, as the seed does.
    expect(json?.recurring).toBe('25.00 every 1 month(s) for 10 payment(s)');
  });
});

describe('recurringText: the seed line’s recurring description', () => {
  it('is empty for a line without a plan', () => {
    expect(recurringText(null)).toBe('');
  });

  it('describes the regular period with its number of payments', () => {
    expect(recurringText(weekly)).toBe('25.00 every 1 month(s) for 10 payment(s)');
  });

  it('describes the trial first, then the regular period', () => {
    const trial = {
      ...weekly,
      trialStatus: true,
      trialPrice: usd('1.00'),
      trialFrequency: 'month' as const,
      trialCycle: 1,
      trialDuration: 1,
    };
    expect(recurringText(trial)).toBe(
      '1.00 every 1 month(s) for 1 payment(s) then 25.00 every 1 month(s) for 10 payment(s)',
    );
  });

  it('describes a plan without end as "until canceled", rounding the amount to 2 decimals', () => {
    const open = { ...weekly, duration: 0, price: usd('12.345'), frequency: 'semi_month' as const };
    expect(recurringText(open)).toBe('12.35 every 1 semi-month(s) until canceled');
  });

  it('ignores trial terms when the plan has no trial', () => {
    expect(recurringText({ ...weekly, trialPrice: usd('9.00'), trialCycle: 3 })).toBe(
      '25.00 every 1 month(s) for 10 payment(s)',
    );
  });
});
