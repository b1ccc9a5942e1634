import { describe, expect, it } from 'vitest';
import { createMessages } from '../../src/domain/messages.js';
import { parseFormEncoded } from '../../src/http/form.js';
import { maxCartItems } from '../../src/operations/cart.js';
import { maxQuantity } from '../../src/operations/fields.js';
import { parseCartAdd, parseCartAddProduct, parseCartRemove, parseCartUpdate } from './support/parsers.js';

const messages = createMessages();
const summary = 'Please check the cart carefully for errors!';

/** The fields of a validation error, failing the test on anything else. */
function fieldsOf(result: { isErr(): boolean; _unsafeUnwrapErr(): { kind: string; fields: object } }) {
  const error = result._unsafeUnwrapErr();
  expect(error.kind).toBe('validation');
  return error.fields;
}

describe('parseCartAdd (multi add, route=api/cart)', () => {
  it('turns product[n][…] form fields into items keyed by n', () => {
    const body = parseFormEncoded(
      'product[0][product_id]=42&product[0][quantity]=2&product[0][option][226]=15&product[0][option][223][]=8&product[7][product_id]=30',
    )._unsafeUnwrap();
    expect(parseCartAdd(body, messages)._unsafeUnwrap()).toEqual({
      type: 'add_products',
      mode: 'multi',
      items: [
        {
          key: '0',
          productId: 42,
          quantity: 2,
          options: { '226': '15', '223': ['8'] },
          subscriptionPlanId: 0,
        },
        { key: '7', productId: 30, quantity: 1, options: {}, subscriptionPlanId: 0 },
      ],
    });
  });

  it('takes a JSON array of items, keyed by index', () => {
    const command = parseCartAdd(
      {
        product: [
          { product_id: 1, subscription_plan_id: 3 },
          { product_id: '2', quantity: ' 5 ' },
        ],
      },
      messages,
    )._unsafeUnwrap();
    expect(
      command.items.map(({ key, productId, quantity, subscriptionPlanId }) => [
        key,
        productId,
        quantity,
        subscriptionPlanId,
      ]),
    ).toEqual([
      ['0', 1, 1, 3],
      ['1', 2, 5, 0],
    ]);
  });

  it('without rows (absent, blank, empty) is the command with no items, which shows the cart', () => {
    for (const body of [
      {},
      { product: [] },
      { product: {} },
      { product: '' },
      { product: ' ' },
      { product: null },
      null,
    ])
      expect(parseCartAdd(body, messages)._unsafeUnwrap(), JSON.stringify(body)).toEqual({
        type: 'add_products',
        mode: 'multi',
        items: [],
      });
  });

  it('a scalar product is one row that is not an object: product_0_product, with the summary', () => {
    for (const product of ['5', 5, 'x', true])
      expect(fieldsOf(parseCartAdd({ product }, messages)), String(product)).toEqual({
        product_0_product: 'Product does not exist!',
        warning: summary,
      });
  });

  it('rows keyed by index in any order are read in index order, each keeping its key', () => {
    const body = parseFormEncoded(
      'product[10][product_id]=30&product[2][product_id]=40&product[0][product_id]=42',
    )._unsafeUnwrap();
    expect(
      parseCartAdd(body, messages)
        ._unsafeUnwrap()
        .items.map((item) => [item.key, item.productId]),
    ).toEqual([
      ['0', 42],
      ['2', 40],
      ['10', 30],
    ]);
  });

  it(`more than ${maxCartItems} items is refused under warning`, () => {
    const product = Array.from({ length: maxCartItems + 1 }, () => ({ product_id: 1 }));
    expect(fieldsOf(parseCartAdd({ product }, messages))).toEqual({
      warning: `Warning: At most ${maxCartItems} products can be added in one request!`,
    });
    expect(parseCartAdd({ product: product.slice(1) }, messages).isOk()).toBe(true);
  });

  it('an item key that is not a whole number is refused under warning, never echoed in a key', () => {
    for (const key of [
      '1234567890',
      'a b',
      'x.y',
      'ü',
      'a_B-9',
      '<b>x</b>',
      '😀',
      'цвет',
      'x'.repeat(300),
      '01',
      '-1',
    ])
      expect(fieldsOf(parseCartAdd({ product: { [key]: { product_id: 1 } } }, messages)), key).toEqual({
        warning: 'Warning: Product rows must be keyed by whole numbers (product[0], product[1], …)!',
      });
    for (const key of ['0', '7', '123456789'])
      expect(parseCartAdd({ product: { [key]: { product_id: 1 } } }, messages).isOk()).toBe(true);
  });

  it('a malformed product_id is product_<n>_product: Product does not exist!', () => {
    expect(fieldsOf(parseCartAdd({ product: { 3: { product_id: '4x' } } }, messages))).toEqual({
      product_3_product: 'Product does not exist!',
      warning: summary,
    });
  });

  it('an item that is not an object is product_<n>_product', () => {
    expect(fieldsOf(parseCartAdd({ product: ['42'] }, messages))).toEqual({
      product_0_product: 'Product does not exist!',
      warning: summary,
    });
  });

  it(`quantity must be a whole number from 1 to ${maxQuantity}, under product_<n>_quantity`, () => {
    for (const quantity of [0, -1, '0', '1.5', maxQuantity + 1, 'ten', []])
      expect(
        fieldsOf(parseCartAdd({ product: [{ product_id: 1, quantity }] }, messages)),
        String(quantity),
      ).toEqual({
        product_0_quantity: 'Quantity must be a whole number between 1 and 99999!',
        warning: summary,
      });
    expect(parseCartAdd({ product: [{ product_id: 1, quantity: maxQuantity }] }, messages).isOk()).toBe(true);
  });

  it('a blank quantity is the default 1', () => {
    expect(
      parseCartAdd({ product: [{ product_id: 1, quantity: '' }] }, messages)._unsafeUnwrap().items[0]
        ?.quantity,
    ).toBe(1);
  });

  it('an option that is not a map is product_<n>_product, with a text of ours', () => {
    expect(fieldsOf(parseCartAdd({ product: [{ product_id: 1, option: 'red' }] }, messages))).toEqual({
      product_0_product: 'Options must be values keyed by product option id!',
      warning: summary,
    });
  });

  it('a malformed subscription_plan_id is product_<n>_subscription: Invalid subscription', () => {
    expect(
      fieldsOf(parseCartAdd({ product: [{ product_id: 1, subscription_plan_id: -2 }] }, messages)),
    ).toEqual({
      product_0_subscription: 'Invalid subscription',
      warning: summary,
    });
  });

  it('reports the malformed fields of every item at once, the summary last', () => {
    const fields = fieldsOf(
      parseCartAdd(
        {
          product: {
            0: { product_id: 'x', quantity: 0 },
            1: { product_id: 1 },
            2: { subscription_plan_id: [] },
          },
        },
        messages,
      ),
    );
    expect(fields).toEqual({
      product_0_product: 'Product does not exist!',
      product_0_quantity: 'Quantity must be a whole number between 1 and 99999!',
      product_2_subscription: 'Invalid subscription',
      warning: summary,
    });
    expect(Object.keys(fields).at(-1)).toBe('warning');
  });
});

describe('parseCartAddProduct (single add, route=api/cart/addProduct)', () => {
  it('reads the body as the one item, with key ""', () => {
    expect(
      parseCartAddProduct(
        { product_id: '42', quantity: '3', option: { '226': '15' } },
        messages,
      )._unsafeUnwrap(),
    ).toEqual({
      type: 'add_products',
      mode: 'single',
      items: [{ key: '', productId: 42, quantity: 3, options: { '226': '15' }, subscriptionPlanId: 0 }],
    });
  });

  it('fills absent fields: product 0, quantity 1, no options, no plan', () => {
    expect(parseCartAddProduct({}, messages)._unsafeUnwrap().items).toEqual([
      { key: '', productId: 0, quantity: 1, options: {}, subscriptionPlanId: 0 },
    ]);
  });

  it('uses the unprefixed keys: warning, quantity, subscription', () => {
    expect(
      fieldsOf(parseCartAddProduct({ product_id: [], quantity: '1e3', subscription_plan_id: 'x' }, messages)),
    ).toEqual({
      warning: 'Product does not exist!',
      quantity: 'Quantity must be a whole number between 1 and 99999!',
      subscription: 'Invalid subscription',
    });
  });

  it('a malformed option map is warning, unless the product already is', () => {
    expect(fieldsOf(parseCartAddProduct({ product_id: 1, option: 5 }, messages))).toEqual({
      warning: 'Options must be values keyed by product option id!',
    });
    expect(fieldsOf(parseCartAddProduct({ product_id: 'x', option: 5 }, messages))).toEqual({
      warning: 'Product does not exist!',
    });
  });
});

describe('parseCartUpdate and parseCartRemove (route=api/cart/update, api/cart/remove)', () => {
  it('reads cart_id and quantity; 0 or less is kept, meaning remove', () => {
    expect(parseCartUpdate({ cart_id: 'a1b2', quantity: '3' }, messages)._unsafeUnwrap()).toEqual({
      type: 'update_cart_line',
      cartId: 'a1b2',
      quantity: 3,
    });
    expect(parseCartUpdate({ cart_id: 'a1b2', quantity: '-2' }, messages)._unsafeUnwrap().quantity).toBe(-2);
    expect(parseCartUpdate({ cart_id: 'a1b2', quantity: 0 }, messages)._unsafeUnwrap().quantity).toBe(0);
    expect(parseCartRemove({ cart_id: 'a1b2' }, messages)._unsafeUnwrap()).toEqual({
      type: 'remove_cart_line',
      cartId: 'a1b2',
    });
  });

  it('takes a numeric cart_id as its decimal text', () => {
    expect(parseCartRemove({ cart_id: 17 }, messages)._unsafeUnwrap().cartId).toBe('17');
  });

  it('a missing, empty, over-long or non-string cart_id is cart_id', () => {
    for (const cart_id of [undefined, '', 'x'.repeat(65), ['a'], { a: 1 }, true, 1.5, -1]) {
      const text = { cart_id: 'Warning: Product could not be found!' };
      expect(fieldsOf(parseCartRemove({ cart_id }, messages)), String(cart_id)).toEqual(text);
      expect(fieldsOf(parseCartUpdate({ cart_id, quantity: 1 }, messages))).toEqual(text);
    }
    expect(parseCartRemove({ cart_id: 'x'.repeat(64) }, messages).isOk()).toBe(true);
  });

  it('an update needs a whole quantity of at most 99999', () => {
    for (const quantity of [undefined, '', '1.5', 'two', maxQuantity + 1, []])
      expect(fieldsOf(parseCartUpdate({ cart_id: 'a', quantity }, messages)), String(quantity)).toEqual({
        quantity: 'Quantity must be a whole number of at most 99999 (0 or less removes the product)!',
      });
  });
});
