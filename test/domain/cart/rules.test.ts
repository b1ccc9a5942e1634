/**
 * The cart rules (src/domain/cart): the two add operations, line identity, stock, plans, update and remove, on
 * the demo catalog. Texts are the seed's, written out so a changed text fails here.
 */
import type { Result } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import {
  addProducts,
  type CartContext,
  isAvailable,
  removeCartLine,
  updateCartLine,
} from '../../../src/domain/cart/rules.js';
import {
  CartwrightInvariantError,
  type CheckoutError,
  type FieldErrors,
} from '../../../src/domain/errors.js';
import type { AddProductsCommand, CartItemInput } from '../../../src/domain/machine/commands.js';
import type { CartLine, CartOptionValue } from '../../../src/domain/machine/session.js';
import { createMessages } from '../../../src/domain/messages.js';
import type { Product } from '../../../src/domain/records/catalog.js';
import { withInstalledStock } from '../../support/installed-stock.js';

/** The demo catalog with OpenCart's installed stock: product 30 has 7 units, of which Red 2 and Blue 5. */
const data = withInstalledStock(demoStore().data);
const today = '2026-06-01';
const ids = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'];

const NOT_FOUND = 'Product does not exist!';
const OUT_OF_STOCK = 'Product is out of stock!';
const OPTION_STOCK = 'Option not available in the desired quantity or not in stock!';
const SUBSCRIPTION = 'Invalid subscription';
const WARNING = 'Please check the cart carefully for errors!';
const LINE_NOT_FOUND = 'Warning: Product could not be found!';

function product(id: number): Product {
  const p = data.products.get(id);
  if (p === undefined) throw new Error(`demo product ${id} missing`);
  return p;
}

/** The demo products with `id` replaced by a changed copy. */
function withProduct(id: number, changes: Partial<Product>): Map<number, Product> {
  return new Map([...data.products, [id, { ...product(id), ...changes }]]);
}

function context(overrides: Partial<CartContext> = {}): CartContext {
  return {
    products: data.products,
    customerGroupId: 1,
    today,
    stockCheckout: false,
    messages: createMessages(),
    ...overrides,
  };
}

function item(
  key: string,
  productId: number,
  quantity = 1,
  options: Record<string, unknown> = {},
  subscriptionPlanId = 0,
): CartItemInput {
  return { key, productId, quantity, options, subscriptionPlanId };
}

function multi(...items: CartItemInput[]): AddProductsCommand {
  return { type: 'add_products', mode: 'multi', items };
}

function single(productId: number, quantity = 1, options: Record<string, unknown> = {}, plan = 0) {
  const command: AddProductsCommand = {
    type: 'add_products',
    mode: 'single',
    items: [item('', productId, quantity, options, plan)],
  };
  return command;
}

function line(
  cartId: string,
  productId: number,
  quantity: number,
  options: Record<string, CartOptionValue> = {},
): CartLine {
  return { cartId, productId, quantity, options, subscriptionPlanId: 0 };
}

function cartOf<E>(result: Result<readonly CartLine[], E>): readonly CartLine[] {
  if (result.isErr()) throw new Error(`expected a cart, got ${JSON.stringify(result.error)}`);
  return result.value;
}

function errorsOf(result: Result<readonly CartLine[], FieldErrors>): FieldErrors {
  if (result.isOk()) throw new Error(`expected errors, got ${JSON.stringify(result.value)}`);
  return result.error;
}

function failureOf(result: Result<readonly CartLine[], CheckoutError>): CheckoutError {
  if (result.isOk()) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
}

/** Product 42 with every required option: Green (+1), Small (+10), checkboxes 8 and 10, and the free texts. */
const cinema = {
  '208': 'hello',
  '209': 'note',
  '217': '1',
  '218': '5',
  '219': '2011-02-20',
  '220': '2011-02-20 22:25',
  '221': '22:25',
  '222': 'upload-code',
  '223': ['8', '10'],
};
const RED = { '226': '15' };
const BLUE = { '226': '16' };

describe('isAvailable', () => {
  it('is true for an enabled product available today or earlier', () => {
    expect(isAvailable(product(28), today)).toBe(true);
    expect(isAvailable({ ...product(28), dateAvailable: today }, today)).toBe(true);
  });

  it('is false for a disabled product or one not yet on sale', () => {
    expect(isAvailable({ ...product(28), status: false }, today)).toBe(false);
    expect(isAvailable({ ...product(28), dateAvailable: '2026-06-02' }, today)).toBe(false);
  });
});

describe('multi add', () => {
  it('adds one line per item, taking the cart ids in order', () => {
    const cart = cartOf(addProducts([], multi(item('0', 28, 2), item('1', 40)), ids, context()));
    expect(cart).toEqual([line('c1', 28, 2), line('c2', 40, 1)]);
  });

  it('reports an unknown product as product_<n>_product and runs no further check for it', () => {
    const errors = errorsOf(addProducts([], multi(item('3', 999, 1, { '1': 'x' }, 7)), ids, context()));
    expect(errors).toEqual({ product_3_product: NOT_FOUND, warning: WARNING });
  });

  it('treats a disabled product and one not yet available as not found', () => {
    const disabled = context({ products: withProduct(28, { status: false }) });
    expect(errorsOf(addProducts([], multi(item('0', 28)), ids, disabled))).toEqual({
      product_0_product: NOT_FOUND,
      warning: WARNING,
    });
    const future = context({ products: withProduct(28, { dateAvailable: '2030-01-01' }) });
    expect(errorsOf(addProducts([], multi(item('0', 28)), ids, future))).toEqual({
      product_0_product: NOT_FOUND,
      warning: WARNING,
    });
  });

  it('reports option errors as product_<n>_option_<id>', () => {
    const errors = errorsOf(addProducts([], multi(item('2', 30, 1, {})), ids, context()));
    expect(errors).toEqual({ product_2_option_226: 'Select required!', warning: WARNING });
    const unknown = errorsOf(
      addProducts([], multi(item('0', 30, 1, { ...RED, '999': '1' })), ids, context()),
    );
    expect(unknown).toEqual({ product_0_option_999: 'Option could not be found!', warning: WARNING });
  });

  it('requires one of the group plans for a product that has plans (product 41, plans 1 and 2)', () => {
    expect(errorsOf(addProducts([], multi(item('0', 41)), ids, context()))).toEqual({
      product_0_subscription: SUBSCRIPTION,
      warning: WARNING,
    });
    expect(errorsOf(addProducts([], multi(item('0', 41, 1, {}, 3)), ids, context()))).toEqual({
      product_0_subscription: SUBSCRIPTION,
      warning: WARNING,
    });
    const cart = cartOf(addProducts([], multi(item('0', 41, 1, {}, 2)), ids, context()));
    expect(cart).toEqual([{ ...line('c1', 41, 1), subscriptionPlanId: 2 }]);
  });

  it('refuses a plan of another group and a disabled plan', () => {
    // The iMac's plans are for group 1 only: group 2 buys it without one, and may not name one.
    const retail = context({ customerGroupId: 2 });
    expect(errorsOf(addProducts([], multi(item('0', 41, 1, {}, 2)), ids, retail))).toEqual({
      product_0_subscription: SUBSCRIPTION,
      warning: WARNING,
    });
    expect(cartOf(addProducts([], multi(item('0', 41)), ids, retail))).toHaveLength(1);
    const disabled = withProduct(41, {
      subscriptionPlans: product(41).subscriptionPlans.map((p) => ({ ...p, status: false })),
    });
    expect(cartOf(addProducts([], multi(item('0', 41)), ids, context({ products: disabled })))).toHaveLength(
      1,
    );
  });

  it('refuses a plan id for a product without plans for the group', () => {
    expect(errorsOf(addProducts([], multi(item('0', 28, 1, {}, 2)), ids, context()))).toEqual({
      product_0_subscription: SUBSCRIPTION,
      warning: WARNING,
    });
  });

  it('refuses a product without stock', () => {
    expect(errorsOf(addProducts([], multi(item('0', 49)), ids, context()))).toEqual({
      product_0_product: OUT_OF_STOCK,
      warning: WARNING,
    });
  });

  it('counts the units already in the cart with the units added', () => {
    const products = withProduct(40, { quantity: 3 });
    const cart = [line('a', 40, 2)];
    expect(cartOf(addProducts(cart, multi(item('0', 40, 1)), ids, context({ products })))).toEqual([
      line('a', 40, 3),
    ]);
    expect(errorsOf(addProducts(cart, multi(item('0', 40, 2)), ids, context({ products })))).toEqual({
      product_0_product: OUT_OF_STOCK,
      warning: WARNING,
    });
  });

  it('counts every item of the command for the same product, whatever their options', () => {
    const errors = errorsOf(
      addProducts([], multi(item('0', 30, 4, BLUE), item('1', 30, 4, BLUE)), ids, context()),
    );
    expect(errors.product_0_product).toBe(OUT_OF_STOCK);
    expect(errors.product_1_product).toBe(OUT_OF_STOCK);
    const mixed = errorsOf(
      addProducts(
        [line('a', 30, 5, BLUE)],
        multi(item('0', 30, 2, BLUE), item('1', 30, 1, RED)),
        ids,
        context(),
      ),
    );
    expect(mixed).toMatchObject({ product_0_product: OUT_OF_STOCK, product_1_product: OUT_OF_STOCK });
  });

  it('accepts exactly the stock (7 units of product 30 over lines and items)', () => {
    const cart = cartOf(
      addProducts(
        [line('a', 30, 4, BLUE)],
        multi(item('0', 30, 1, BLUE), item('1', 30, 2, RED)),
        ids,
        context(),
      ),
    );
    expect(cart).toEqual([line('a', 30, 5, BLUE), line('c1', 30, 2, RED)]);
  });

  it('checks the stock of chosen subtract option values across lines and items (Red has 2)', () => {
    expect(errorsOf(addProducts([], multi(item('0', 30, 3, RED)), ids, context()))).toEqual({
      product_0_option_226: OPTION_STOCK,
      warning: WARNING,
    });
    expect(
      errorsOf(addProducts([line('a', 30, 1, RED)], multi(item('0', 30, 2, RED)), ids, context())),
    ).toEqual({
      product_0_option_226: OPTION_STOCK,
      warning: WARNING,
    });
    expect(
      errorsOf(addProducts([], multi(item('0', 30, 1, RED), item('1', 30, 2, RED)), ids, context())),
    ).toEqual({
      product_0_option_226: OPTION_STOCK,
      product_1_option_226: OPTION_STOCK,
      warning: WARNING,
    });
    expect(
      cartOf(addProducts([line('a', 30, 1, RED)], multi(item('0', 30, 1, RED)), ids, context())),
    ).toEqual([line('a', 30, 2, RED)]);
  });

  it('ignores option values without subtract (Green of product 42)', () => {
    const products = withProduct(42, {
      options: product(42).options.map((o) => ({
        ...o,
        values: o.values.map((v) => (v.productOptionValueId === 1 ? { ...v, quantity: 0 } : v)),
      })),
    });
    expect(cartOf(addProducts([], multi(item('0', 42, 2, cinema)), ids, context({ products })))).toHaveLength(
      1,
    );
  });

  it('lets config_stock_checkout bypass product and option value stock', () => {
    const ctx = context({ stockCheckout: true });
    expect(cartOf(addProducts([], multi(item('0', 49, 5)), ids, ctx))).toEqual([line('c1', 49, 5)]);
    expect(cartOf(addProducts([], multi(item('0', 30, 9, RED)), ids, ctx))).toEqual([line('c1', 30, 9, RED)]);
  });

  it('is all or nothing, with the warning summary last', () => {
    const cart = Object.freeze([line('a', 28, 1)]);
    const result = addProducts(cart, multi(item('0', 40), item('1', 999), item('2', 28)), ids, context());
    const errors = errorsOf(result);
    expect(errors).toEqual({ product_1_product: NOT_FOUND, warning: WARNING });
    expect(Object.keys(errors).at(-1)).toBe('warning');
    expect(cart).toEqual([line('a', 28, 1)]);
  });

  it('reports the errors of every item, item by item', () => {
    const errors = errorsOf(
      addProducts([], multi(item('0', 999), item('1', 30), item('2', 41)), ids, context()),
    );
    expect(Object.keys(errors)).toEqual([
      'product_0_product',
      'product_1_option_226',
      'product_2_subscription',
      'warning',
    ]);
  });

  it('does not enforce the minimum at add (product 42 has minimum 2)', () => {
    expect(cartOf(addProducts([], multi(item('0', 42, 1, cinema)), ids, context()))).toHaveLength(1);
  });

  it('throws an invariant error when the cart ids run out', () => {
    expect(() => addProducts([], multi(item('0', 28), item('1', 40)), ['only'], context())).toThrow(
      CartwrightInvariantError,
    );
  });
});

describe('single add', () => {
  it('adds one line', () => {
    expect(cartOf(addProducts([], single(30, 2, BLUE), ids, context()))).toEqual([line('c1', 30, 2, BLUE)]);
  });

  it('reports an unknown product as warning, without a summary', () => {
    expect(errorsOf(addProducts([], single(999), ids, context()))).toEqual({ warning: NOT_FOUND });
  });

  it('reports options as option_<id>', () => {
    expect(errorsOf(addProducts([], single(30), ids, context()))).toEqual({ option_226: 'Select required!' });
  });

  it('reports an invalid plan as subscription', () => {
    expect(errorsOf(addProducts([], single(41), ids, context()))).toEqual({ subscription: SUBSCRIPTION });
    expect(errorsOf(addProducts([], single(28, 1, {}, 2), ids, context()))).toEqual({
      subscription: SUBSCRIPTION,
    });
  });

  it('reports stock as warning, counting the cart units plus the units added', () => {
    const products = withProduct(40, { quantity: 3 });
    const cart = [line('a', 40, 2)];
    expect(errorsOf(addProducts(cart, single(40, 2), ids, context({ products })))).toEqual({
      warning: OUT_OF_STOCK,
    });
    expect(errorsOf(addProducts([], single(49), ids, context()))).toEqual({ warning: OUT_OF_STOCK });
  });

  it('reports option value stock as option_<id>', () => {
    expect(errorsOf(addProducts([], single(30, 3, RED), ids, context()))).toEqual({
      option_226: OPTION_STOCK,
    });
  });

  it('lets config_stock_checkout bypass stock', () => {
    expect(cartOf(addProducts([], single(30, 3, RED), ids, context({ stockCheckout: true })))).toHaveLength(
      1,
    );
  });

  it('throws an invariant error for more than one item', () => {
    const command: AddProductsCommand = { ...single(28), items: [item('', 28), item('', 40)] };
    expect(() => addProducts([], command, ids, context())).toThrow(CartwrightInvariantError);
  });
});

describe('line identity', () => {
  const reordered = {
    '223': ['10', 8, '10'],
    '222': 'upload-code',
    '221': '22:25',
    '220': '2011-02-20 22:25',
    '219': '2011-02-20',
    '218': 5,
    '217': 1,
    '209': 'note',
    '208': 'hello',
  };

  it('merges the same product, options and plan into one line, whatever the key order, id types and checkbox order', () => {
    const first = cartOf(addProducts([], multi(item('0', 42, 2, cinema)), ['a'], context()));
    const second = cartOf(addProducts(first, single(42, 3, reordered), ['b'], context()));
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({ cartId: 'a', quantity: 5 });
  });

  it('merges items of one command with the same identity', () => {
    const cart = cartOf(
      addProducts([], multi(item('0', 42, 2, cinema), item('1', 42, 1, reordered)), ids, context()),
    );
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ cartId: 'c1', quantity: 3 });
  });

  it('adds onto an existing line in place, keeping its id and position', () => {
    const cart = [line('a', 40, 1), line('b', 28, 1)];
    expect(cartOf(addProducts(cart, multi(item('0', 40, 2), item('1', 29)), ids, context()))).toEqual([
      line('a', 40, 3),
      line('b', 28, 1),
      line('c1', 29, 1),
    ]);
  });

  it('keeps separate lines for different options', () => {
    const cart = cartOf(
      addProducts([], multi(item('0', 30, 1, RED), item('1', 30, 1, { '226': 16 })), ids, context()),
    );
    expect(cart).toEqual([line('c1', 30, 1, RED), line('c2', 30, 1, BLUE)]);
  });

  it('keeps separate lines for different plans', () => {
    const cart = [{ ...line('a', 41, 1), subscriptionPlanId: 1 }];
    const next = cartOf(addProducts(cart, single(41, 1, {}, 2), ids, context()));
    expect(next.map((l) => [l.cartId, l.subscriptionPlanId])).toEqual([
      ['a', 1],
      ['c1', 2],
    ]);
  });
});

describe('unavailable products', () => {
  const products = withProduct(29, { status: false });
  const cart = [line('gone', 999, 1), line('a', 28, 1), line('off', 29, 2)];

  it('drops their lines on a successful add', () => {
    expect(cartOf(addProducts(cart, single(40), ids, context({ products })))).toEqual([
      line('a', 28, 1),
      line('c1', 40, 1),
    ]);
  });

  it('drops their lines on update and remove, and treats their ids as not found', () => {
    expect(cartOf(updateCartLine(cart, 'a', 2, context({ products })))).toEqual([line('a', 28, 2)]);
    expect(cartOf(removeCartLine([...cart, line('b', 40, 1)], 'a', context({ products })))).toEqual([
      line('b', 40, 1),
    ]);
    expect(failureOf(updateCartLine(cart, 'off', 1, context({ products }))).kind).toBe('not_found');
    expect(failureOf(removeCartLine(cart, 'gone', context({ products }))).kind).toBe('not_found');
  });
});

describe('updateCartLine', () => {
  const cart = [line('a', 28, 1), line('b', 30, 1, BLUE), line('c', 30, 1, RED)];

  it('sets the quantity in place', () => {
    expect(cartOf(updateCartLine(cart, 'b', 4, context()))).toEqual([
      line('a', 28, 1),
      line('b', 30, 4, BLUE),
      line('c', 30, 1, RED),
    ]);
  });

  it('removes the line for a quantity of 0 or less', () => {
    expect(cartOf(updateCartLine(cart, 'a', 0, context()))).toEqual([
      line('b', 30, 1, BLUE),
      line('c', 30, 1, RED),
    ]);
    expect(cartOf(updateCartLine(cart, 'a', -3, context()))).toHaveLength(2);
  });

  it('answers not_found for an unknown cart id', () => {
    expect(failureOf(updateCartLine(cart, 'zz', 1, context()))).toEqual({
      kind: 'not_found',
      fields: { warning: LINE_NOT_FOUND },
    });
  });

  it('re-checks the product stock across all lines', () => {
    const products = withProduct(30, { quantity: 4 });
    expect(failureOf(updateCartLine(cart, 'b', 4, context({ products })))).toEqual({
      kind: 'validation',
      fields: { warning: OUT_OF_STOCK },
    });
    expect(cartOf(updateCartLine(cart, 'b', 3, context({ products })))[1]).toEqual(line('b', 30, 3, BLUE));
  });

  it('re-checks the option value stock', () => {
    expect(failureOf(updateCartLine(cart, 'c', 3, context()))).toEqual({
      kind: 'validation',
      fields: { warning: OPTION_STOCK },
    });
  });

  it('lets config_stock_checkout bypass stock', () => {
    expect(cartOf(updateCartLine(cart, 'b', 60, context({ stockCheckout: true })))[1]?.quantity).toBe(60);
  });

  it('always accepts lowering a quantity, even when stock no longer covers it', () => {
    const short = [line('a', 30, 9, BLUE)];
    expect(cartOf(updateCartLine(short, 'a', 8, context()))).toEqual([line('a', 30, 8, BLUE)]);
  });
});

describe('removeCartLine', () => {
  const cart = [line('a', 28, 1), line('b', 40, 2)];

  it('removes the line', () => {
    expect(cartOf(removeCartLine(cart, 'a', context()))).toEqual([line('b', 40, 2)]);
  });

  it('answers not_found for an unknown cart id', () => {
    expect(failureOf(removeCartLine(cart, 'zz', context()))).toEqual({
      kind: 'not_found',
      fields: { warning: LINE_NOT_FOUND },
    });
  });
});
