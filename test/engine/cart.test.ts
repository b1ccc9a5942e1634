/**
 * The cart through the engine (seed step 2): both adds with every error key and seed text,
 * all or nothing, merging, stock across lines and option values, update and remove.
 */

import { describe, expect, it } from 'vitest';
import type { CartItemRequest, CartRequest } from '../../src/operations/requests.js';
import { withInstalledStock } from '../support/installed-stock.js';
import { asRequest, demoCheckout, expectErr, expectOk } from './support/demo-checkout.js';

const texts = {
  notFound: 'Product does not exist!',
  outOfStock: 'Product is out of stock!',
  selectRequired: 'Select required!',
  subscription: 'Invalid subscription',
  warning: 'Please check the cart carefully for errors!',
};

/** A demo checkout with one open session. */
async function session(config?: Record<string, unknown>) {
  const demo = demoCheckout(config === undefined ? {} : { config });
  return { ...demo, id: await demo.open() };
}

/**
 * A session on the demo with OpenCart's installed stock, for the stock rules: product 30 has 7 units, of which
 * Red 2 and Blue 5 (the demo gives it a million).
 */
async function installedStockSession(config?: Record<string, unknown>) {
  const demo = await session(config);
  withInstalledStock(demo.data);
  return demo;
}

/** Product `id` switched off in the demo tables. */
function disable(data: ReturnType<typeof demoCheckout>['data'], productId: number) {
  const product = data.products.get(productId);
  if (product === undefined) throw new Error(`no product ${productId}`);
  data.products.set(productId, { ...product, status: false });
}

describe('the multi add (route=api/cart)', () => {
  it('adds every item and answers the seed success text', async () => {
    const { checkout, id, stored } = await session();
    const result = await expectOk(
      checkout.addProducts(id, { product: [{ product_id: 40, quantity: 3 }, { product_id: 32 }] }),
    );
    expect(result).toEqual({ success: 'Products added to cart successfully!', dropped: [] });
    expect((await stored(id)).cart).toEqual([
      { cartId: 'id-cart-1', productId: 40, quantity: 3, options: {}, subscriptionPlanId: 0 },
      { cartId: 'id-cart-2', productId: 32, quantity: 1, options: {}, subscriptionPlanId: 0 },
    ]);
  });

  it.each([
    ['an unknown product', { product_id: 999 }, { product_1_product: texts.notFound }],
    ['a disabled product', { product_id: 29 }, { product_1_product: texts.notFound }],
    ['a product out of stock (49)', { product_id: 49 }, { product_1_product: texts.outOfStock }],
    ["the demo's out-of-stock example (28)", { product_id: 28 }, { product_1_product: texts.outOfStock }],
    ["the demo's disabled product (35)", { product_id: 35 }, { product_1_product: texts.notFound }],
    [
      'a missing required option (30/226)',
      { product_id: 30 },
      { product_1_option_226: texts.selectRequired },
    ],
    ['a missing subscription plan (41)', { product_id: 41 }, { product_1_subscription: texts.subscription }],
    [
      'a plan the product does not have',
      { product_id: 41, subscription_plan_id: 9 },
      { product_1_subscription: texts.subscription },
    ],
    [
      'a plan on a product without plans',
      { product_id: 40, subscription_plan_id: 2 },
      { product_1_subscription: texts.subscription },
    ],
  ])(
    'refuses %s with its key, the seed text and `warning` last, adding nothing',
    async (_l, item, fields) => {
      const { checkout, data, id, stored } = await session();
      disable(data, 29);
      const error = await expectErr(
        checkout.addProducts(id, { product: { '0': { product_id: 40 }, '1': item } }),
      );
      expect(error).toEqual({ kind: 'validation', fields: { ...fields, warning: texts.warning } });
      expect(Object.keys(error.fields).at(-1)).toBe('warning');
      const after = await stored(id);
      expect(after.cart).toEqual([]);
      expect(after.version).toBe(1);
    },
  );

  it('is all or nothing: one bad item among good ones leaves the cart and version as they were', async () => {
    const { checkout, id, stored } = await session();
    await expectOk(checkout.addProduct(id, { product_id: 32 }));
    const before = await stored(id);
    const error = await expectErr(
      checkout.addProducts(id, {
        product: [
          { product_id: 40 },
          { product_id: 42, quantity: 2 },
          { product_id: 47, option: { '225': '2026-05-01' } },
        ],
      }),
    );
    expect(error.kind).toBe('validation');
    expect(
      Object.keys(error.fields).filter((key) => key.startsWith('product_1_option_')).length,
    ).toBeGreaterThan(0);
    expect(await stored(id)).toEqual(before);
  });

  it('reports the errors of every item at once', async () => {
    const { checkout, id } = await session();
    const error = await expectErr(
      checkout.addProducts(id, { product: [{ product_id: 999 }, { product_id: 30 }, { product_id: 41 }] }),
    );
    expect(error.fields).toEqual({
      product_0_product: texts.notFound,
      product_1_option_226: texts.selectRequired,
      product_2_subscription: texts.subscription,
      warning: texts.warning,
    });
  });

  it('refuses malformed items as field errors, not crashes', async () => {
    const { checkout, id } = await session();
    const body = asRequest<CartRequest>({
      product: [{ product_id: 'abc' }, 'x', { product_id: 40, quantity: [] }],
    });
    const error = await expectErr(checkout.addProducts(id, body));
    expect(error.kind).toBe('validation');
    expect(error.fields).toMatchObject({
      product_0_product: texts.notFound,
      product_1_product: texts.notFound,
    });
    expect(Object.keys(error.fields).at(-1)).toBe('warning');
  });
});

describe('the single add (route=api/cart/addProduct)', () => {
  it('adds the product and answers the seed success text', async () => {
    const { checkout, id } = await session();
    expect(await expectOk(checkout.addProduct(id, { product_id: 41, subscription_plan_id: 2 }))).toEqual({
      success: 'Product added to cart successfully!',
      dropped: [],
    });
  });

  it.each([
    ['an unknown product', { product_id: 999 }, { warning: texts.notFound }],
    ['a product out of stock', { product_id: 49 }, { warning: texts.outOfStock }],
    ['a missing required option', { product_id: 30 }, { option_226: texts.selectRequired }],
    ['a missing plan', { product_id: 41 }, { subscription: texts.subscription }],
  ] as const)('refuses %s under its key with the seed text', async (_label, item, fields) => {
    const { checkout, id, stored } = await session();
    expect(await expectErr(checkout.addProduct(id, item))).toEqual({ kind: 'validation', fields });
    expect((await stored(id)).version).toBe(1);
  });

  it('refuses every required option of product 42 by name', async () => {
    const { checkout, id } = await session();
    const error = await expectErr(checkout.addProduct(id, { product_id: 42, quantity: 2 }));
    expect(error.fields).toMatchObject({ option_218: 'Radio required!', option_223: 'Checkbox required!' });
  });
});

describe('line identity and stock', () => {
  it('merges an item with the identity of a line, whatever the option spelling', async () => {
    const { checkout, id, stored } = await session();
    await expectOk(checkout.addProduct(id, { product_id: 30, option: { '226': '15' } }));
    await expectOk(
      checkout.addProduct(id, asRequest<CartItemRequest>({ product_id: 30, option: { 226: 15 } })),
    );
    await expectOk(checkout.addProduct(id, { product_id: 30, option: { '226': '16' } }));
    expect((await stored(id)).cart.map((line) => [line.cartId, line.quantity])).toEqual([
      ['id-cart-1', 2],
      ['id-cart-3', 1],
    ]);
  });

  it('counts the product stock across lines: 30 has 7 units, lines of red 2 + blue 5 leave none', async () => {
    const { checkout, id, stored } = await installedStockSession();
    await expectOk(
      checkout.addProducts(id, {
        product: [
          { product_id: 30, quantity: 2, option: { '226': '15' } },
          { product_id: 30, quantity: 5, option: { '226': '16' } },
        ],
      }),
    );
    const error = await expectErr(
      checkout.addProducts(id, { product: [{ product_id: 30, option: { '226': '15' } }] }),
    );
    expect(error.fields.product_0_product).toBe(texts.outOfStock);
    const single = await expectErr(checkout.addProduct(id, { product_id: 30, option: { '226': '16' } }));
    expect(single.fields.warning).toBe(texts.outOfStock);
    expect((await stored(id)).cart.map((line) => line.quantity)).toEqual([2, 5]);
  });

  it('counts option value stock: red has 2 units, across items of one command', async () => {
    const { checkout, id, stored } = await installedStockSession();
    const red = { product_id: 30, option: { '226': '15' } };
    const error = await expectErr(checkout.addProducts(id, { product: [red, { ...red, quantity: 2 }] }));
    const optionStock = 'Option not available in the desired quantity or not in stock!';
    expect(error.fields).toEqual({
      product_0_option_226: optionStock,
      product_1_option_226: optionStock,
      warning: texts.warning,
    });
    expect((await stored(id)).cart).toEqual([]);
  });

  it('merges items of one command that share an identity into one line', async () => {
    const { checkout, id, stored } = await session();
    await expectOk(
      checkout.addProducts(id, {
        product: [{ product_id: 40 }, { product_id: 32 }, { product_id: 40, quantity: 2 }],
      }),
    );
    expect((await stored(id)).cart.map((line) => [line.cartId, line.productId, line.quantity])).toEqual([
      ['id-cart-1', 40, 3],
      ['id-cart-2', 32, 1],
    ]);
  });

  it('config_stock_checkout on lets short stock through', async () => {
    const { checkout, id, stored } = await installedStockSession({ config_stock_checkout: true });
    await expectOk(checkout.addProduct(id, { product_id: 49 }));
    await expectOk(checkout.addProduct(id, { product_id: 30, quantity: 9, option: { '226': '15' } }));
    expect((await stored(id)).cart.map((line) => [line.productId, line.quantity])).toEqual([
      [49, 1],
      [30, 9],
    ]);
    const lines = await expectOk(checkout.getProducts(id));
    expect(lines.map((line) => line.stock)).toEqual([false, false]);
  });
});

describe('updateCartLine and removeCartLine', () => {
  async function withLines() {
    const s = await session();
    await expectOk(
      s.checkout.addProducts(s.id, { product: [{ product_id: 40, quantity: 2 }, { product_id: 32 }] }),
    );
    return s;
  }

  it('sets a quantity with the success text', async () => {
    const { checkout, id, stored } = await withLines();
    expect(await expectOk(checkout.updateCartLine(id, { cart_id: 'id-cart-1', quantity: 5 }))).toEqual({
      success: 'Success: You have modified your shopping cart!',
      dropped: [],
    });
    expect((await stored(id)).cart.map((line) => line.quantity)).toEqual([5, 1]);
  });

  it.each([0, -3])('quantity %i removes the line', async (quantity) => {
    const { checkout, id, stored } = await withLines();
    await expectOk(checkout.updateCartLine(id, { cart_id: 'id-cart-1', quantity }));
    expect((await stored(id)).cart.map((line) => line.cartId)).toEqual(['id-cart-2']);
  });

  it('removes a line with the success text', async () => {
    const { checkout, id, stored } = await withLines();
    expect(await expectOk(checkout.removeCartLine(id, { cart_id: 'id-cart-2' }))).toEqual({
      success: 'Success: You have removed an item from your shopping cart!',
      dropped: [],
    });
    expect((await stored(id)).cart.map((line) => line.cartId)).toEqual(['id-cart-1']);
  });

  it('an unknown cart_id is not_found for both, and nothing changes', async () => {
    const { checkout, id, stored } = await withLines();
    const notFound = { kind: 'not_found', fields: { warning: 'Warning: Product could not be found!' } };
    expect(await expectErr(checkout.updateCartLine(id, { cart_id: 'nope', quantity: 1 }))).toEqual(notFound);
    expect(await expectErr(checkout.removeCartLine(id, { cart_id: 'nope' }))).toEqual(notFound);
    expect((await stored(id)).version).toBe(2);
  });

  it('raising a quantity beyond stock is refused', async () => {
    const { checkout, id } = await installedStockSession();
    await expectOk(checkout.addProduct(id, { product_id: 30, option: { '226': '16' } }));
    const error = await expectErr(checkout.updateCartLine(id, { cart_id: 'id-cart-1', quantity: 8 }));
    expect(error).toEqual({ kind: 'validation', fields: { warning: texts.outOfStock } });
  });
});

describe('option error keys: product_<n>_option_<id> (multi add) and option_<id> (single add)', () => {
  /** Product 42 with every required option valid. */
  const cinema = {
    '217': '1',
    '218': '5',
    '223': ['8'],
    '208': 'test',
    '209': 'notes',
    '222': 'upload-code',
    '219': '2026-04-01',
    '221': '10:30',
    '220': '2026-04-01 10:30',
  };
  const optionStock = 'Option not available in the desired quantity or not in stock!';

  /** A session on a demo store whose option 208 (Text) of product 42 takes lower-case letters only. */
  async function patterned() {
    const demo = await session();
    const product = demo.data.products.get(42);
    if (product === undefined) throw new Error('no product 42');
    const options = product.options.map((option) =>
      option.productOptionId === 208 ? { ...option, validation: '/^[a-z]+$/' } : option,
    );
    demo.data.products.set(42, { ...product, options });
    return demo;
  }

  it('a value of another option (radio 218’s value 5 for select 217) is not a valid input', async () => {
    const { checkout, id, stored } = await session();
    const item = { product_id: 42, quantity: 2, option: { ...cinema, '217': '5' } };
    expect(await expectErr(checkout.addProducts(id, { product: [{ product_id: 40 }, item] }))).toEqual({
      kind: 'validation',
      fields: { product_1_option_217: 'Select is not a valid input!', warning: texts.warning },
    });
    expect(await expectErr(checkout.addProduct(id, item))).toEqual({
      kind: 'validation',
      fields: { option_217: 'Select is not a valid input!' },
    });
    const checkbox = { ...item, option: { ...cinema, '223': ['8', '1'] } };
    expect((await expectErr(checkout.addProduct(id, checkbox))).fields).toEqual({
      option_223: 'Checkbox is not a valid input!',
    });
    expect((await stored(id)).version).toBe(1);
  });

  it('a text failing its pattern is not a valid input; one matching it is accepted', async () => {
    const { checkout, id, stored } = await patterned();
    const item = { product_id: 42, quantity: 2, option: { ...cinema, '208': 'Not 0K' } };
    expect(await expectErr(checkout.addProducts(id, { product: [item] }))).toEqual({
      kind: 'validation',
      fields: { product_0_option_208: 'Text is not a valid input!', warning: texts.warning },
    });
    expect(await expectErr(checkout.addProduct(id, item))).toEqual({
      kind: 'validation',
      fields: { option_208: 'Text is not a valid input!' },
    });
    expect((await stored(id)).version).toBe(1);
    await expectOk(checkout.addProduct(id, { ...item, option: { ...cinema, '208': 'fine' } }));
  });

  it('option value stock: 3 × product 30 in Red (2 in stock) is refused under both keys, 2 × is accepted', async () => {
    const { checkout, id, stored } = await installedStockSession();
    const red = { product_id: 30, quantity: 3, option: { '226': '15' } };
    expect(await expectErr(checkout.addProducts(id, { product: [red] }))).toEqual({
      kind: 'validation',
      fields: { product_0_option_226: optionStock, warning: texts.warning },
    });
    expect(await expectErr(checkout.addProduct(id, red))).toEqual({
      kind: 'validation',
      fields: { option_226: optionStock },
    });
    expect((await stored(id)).cart).toEqual([]);
    await expectOk(checkout.addProduct(id, { ...red, quantity: 2 }));
    expect(await expectErr(checkout.addProduct(id, { ...red, quantity: 1 }))).toEqual({
      kind: 'validation',
      fields: { option_226: optionStock },
    });
  });
});
