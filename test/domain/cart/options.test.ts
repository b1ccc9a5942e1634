import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import { checkOptions } from '../../../src/domain/cart/options.js';
import { createMessages } from '../../../src/domain/messages.js';
import type { Product } from '../../../src/domain/records/catalog.js';

const catalog = createMessages();
const product42 = demoStore().data.products.get(42) as Product;
const full = {
  '217': '4',
  '218': 6,
  '223': ['10', 8, '10'],
  '208': 'hello',
  '209': '  note  ',
  '222': 'abc123',
  '219': '2011-02-20',
  '221': '22:25',
  '220': '2011-02-20 22:25:00',
};
const invalid = (name: string) => `${name} is not a valid input!`;
/** The error keys of the single add, and of item 0 of the multi add. */
const single = { product: 'warning', optionPrefix: '' };
const multi0 = { product: 'product_0_product', optionPrefix: 'product_0_' };

describe('checkOptions on product 42', () => {
  it('accepts every option type and canonicalises', () => {
    const { errors, options } = checkOptions(product42, full, single, catalog);
    expect(errors).toEqual({});
    expect(options).toEqual({
      '208': 'hello',
      '209': '  note  ',
      '217': '4',
      '218': '6',
      '219': '2011-02-20',
      '220': '2011-02-20 22:25:00',
      '221': '22:25',
      '222': 'abc123',
      '223': ['8', '10'],
    });
    expect(Object.keys(options)).toEqual(['208', '209', '217', '218', '219', '220', '221', '222', '223']);
  });

  it('gives the same canonical options whatever the key order', () => {
    const entries = Object.entries(full);
    fc.assert(
      fc.property(fc.shuffledSubarray(entries, { minLength: entries.length }), (shuffled) => {
        expect(checkOptions(product42, Object.fromEntries(shuffled), single, catalog)).toEqual(
          checkOptions(product42, full, single, catalog),
        );
      }),
    );
  });

  it('reports every missing required option with its name', () => {
    expect(checkOptions(product42, {}, single, catalog).errors).toEqual({
      option_217: 'Select required!',
      option_218: 'Radio required!',
      option_223: 'Checkbox required!',
      option_208: 'Text required!',
      option_209: 'Textarea required!',
      option_222: 'File required!',
      option_219: 'Date required!',
      option_221: 'Time required!',
      option_220: 'Date & Time required!',
    });
  });

  it('uses the multi-add prefix', () => {
    const { errors } = checkOptions(product42, { ...full, '217': '' }, multi0, catalog);
    expect(errors).toEqual({ product_0_option_217: 'Select required!' });
  });

  it('rejects unknown option ids under their id, and keys that are no id under the product', () => {
    const { errors, options } = checkOptions(
      product42,
      { ...full, '999': '1', '0217': '4' },
      { product: 'product_1_product', optionPrefix: 'product_1_' },
      catalog,
    );
    expect(errors).toEqual({
      product_1_option_999: 'Option could not be found!',
      product_1_product: 'Options must be values keyed by product option id!',
    });
    expect(options['999']).toBeUndefined();
  });

  it('never puts a key the client chose into an error key', () => {
    const keys = ['<b>x</b>', '😀', 'цвет', 'x'.repeat(300), '0', '-1', '1.5', ' 217', '1'.repeat(16)];
    for (const key of keys) {
      const { errors } = checkOptions(product42, { ...full, [key]: '1' }, multi0, catalog);
      expect(errors).toEqual({ product_0_product: 'Options must be values keyed by product option id!' });
    }
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.string()), (posted) => {
        const { errors } = checkOptions(product42, posted, multi0, catalog);
        for (const key of Object.keys(errors)) expect(key).toMatch(/^product_0_(?:product|option_[1-9]\d*)$/);
      }),
    );
  });

  it('select/radio values must belong to THAT option', () => {
    expect(checkOptions(product42, { ...full, '217': '5' }, single, catalog).errors).toEqual({
      option_217: invalid('Select'),
    });
    expect(checkOptions(product42, { ...full, '218': '1' }, single, catalog).errors).toEqual({
      option_218: invalid('Radio'),
    });
  });

  it('checkbox takes a scalar as one value and every value must belong', () => {
    expect(checkOptions(product42, { ...full, '223': '9' }, single, catalog).options['223']).toEqual(['9']);
    expect(checkOptions(product42, { ...full, '223': ['8', '1'] }, single, catalog).errors).toEqual({
      option_223: invalid('Checkbox'),
    });
  });

  it('checkbox takes a list keyed by index (`[0]`, `[1]`, as PHP writes lists) like an array', () => {
    const indexed = (value: unknown) => checkOptions(product42, { ...full, '223': value }, single, catalog);
    const asArray = indexed(['8', '10']);
    expect(asArray.errors).toEqual({});
    for (const value of [
      { 0: '8', 1: '10' },
      { 1: '10', 0: '8' },
      { 10: '8', 2: '10' },
      Object.assign(Object.create(null), { 0: '10', 1: 8 }),
    ])
      expect(indexed(value), JSON.stringify(value)).toEqual(asArray);
    expect(indexed({}).errors).toEqual({ option_223: 'Checkbox required!' });
  });

  it('a checkbox object with any key that is not an index is not a list, and not a valid input', () => {
    for (const key of ['01', '-1', '1.0', '+1', 'a', ' 1', '1'.repeat(16)])
      expect(
        checkOptions(product42, { ...full, '223': { 0: '8', [key]: '10' } }, single, catalog).errors,
        key,
      ).toEqual({ option_223: invalid('Checkbox') });
    expect(checkOptions(product42, { ...full, '223': { 0: ['8'] } }, single, catalog).errors).toEqual({
      option_223: invalid('Checkbox'),
    });
  });

  it('date, time and datetime must parse; file needs an upload code', () => {
    const cases: [string, unknown, string][] = [
      ['219', '2011-02-30', 'Date'],
      ['221', '25:00', 'Time'],
      ['220', '2011-02-20', 'Date & Time'],
      ['222', ['code'], 'File'],
      ['222', 42, 'File'],
    ];
    for (const [id, value, name] of cases)
      expect(checkOptions(product42, { ...full, [id]: value }, single, catalog).errors).toEqual({
        [`option_${id}`]: invalid(name),
      });
  });

  it('text checks its validation pattern', () => {
    const textOnly: Product = {
      ...product42,
      options: product42.options.map((o) =>
        o.productOptionId === 208 ? { ...o, validation: '/^[a-z]+$/' } : { ...o, required: false },
      ),
    };
    expect(checkOptions(textOnly, { '208': 'abc' }, single, catalog)).toEqual({
      errors: {},
      options: { '208': 'abc' },
    });
    expect(checkOptions(textOnly, { '208': 'ABC' }, single, catalog).errors).toEqual({
      option_208: invalid('Text'),
    });
  });

  it('drops empty optional options', () => {
    const optional: Product = {
      ...product42,
      options: product42.options.map((o) => ({ ...o, required: false })),
    };
    expect(checkOptions(optional, { '217': '', '223': [], '208': '  ' }, single, catalog)).toEqual({
      errors: {},
      options: {},
    });
  });

  it('hostile values are field errors, never crashes', () => {
    for (const value of [{ a: 1 }, [['4']], [{}], 1e300, -1, Number.NaN, true, ['a', 'b']]) {
      const result = checkOptions(product42, { ...full, '217': value, '208': value }, single, catalog);
      expect(result.errors).toEqual({ option_217: invalid('Select'), option_208: invalid('Text') });
    }
    const proto = JSON.parse('{"__proto__": {"x": 1}, "217": {"__proto__": "4"}}');
    const result = checkOptions(product42, { ...full, ...proto }, single, catalog);
    expect(result.errors).toHaveProperty('warning', 'Options must be values keyed by product option id!');
    expect(result.errors).toHaveProperty('option_217', invalid('Select'));
    expect(() =>
      checkOptions(product42, null as unknown as Record<string, unknown>, single, catalog),
    ).not.toThrow();
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.anything()), (posted) => {
        expect(() => checkOptions(product42, posted, multi0, catalog)).not.toThrow();
      }),
    );
  });
});
