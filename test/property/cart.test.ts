/**
 * Property tests for the cart rules and the priced cart: line identity holds over any sequence of adds, units are
 * never lost or invented, a refused multi add changes nothing, the order of adds does not matter, and line totals
 * are exact.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../src/adapters/memory/index.js';
import { addProducts, type CartContext } from '../../src/domain/cart/rules.js';
import type { AddProductsCommand, CartItemInput } from '../../src/domain/machine/commands.js';
import type { CartLine } from '../../src/domain/machine/session.js';
import { createMessages } from '../../src/domain/messages.js';
import { cartSubTotal, priceCart } from '../../src/domain/pricing/cart.js';
import { sum } from '../../src/money/index.js';

const RUNS = { numRuns: 300 };
const { data } = demoStore();

function context(stockCheckout: boolean): CartContext {
  return {
    products: data.products,
    customerGroupId: 1,
    today: '2026-06-01',
    stockCheckout,
    messages: createMessages(),
  };
}

/** An item without its key (the command gives keys). */
type ItemBody = Omit<CartItemInput, 'key'>;

const quantity = fc.integer({ min: 1, max: 5 });
const anyId = (ids: readonly number[]) => fc.constantFrom(...ids.flatMap((id) => [id, String(id)]));

/** Products without options or plans. */
const plainItem: fc.Arbitrary<ItemBody> = fc.record({
  productId: fc.constantFrom(29, 32, 40, 43),
  quantity,
  options: fc.constant({}),
  subscriptionPlanId: fc.constant(0),
});

/** Product 30 in Red or Blue, ids as numbers or strings. */
const cameraItem: fc.Arbitrary<ItemBody> = fc.record({
  productId: fc.constant(30),
  quantity,
  options: anyId([15, 16]).map((v) => ({ '226': v })),
  subscriptionPlanId: fc.constant(0),
});

/** Product 41 with one of its plans. */
const planItem: fc.Arbitrary<ItemBody> = fc.record({
  productId: fc.constant(41),
  quantity,
  options: fc.constant({}),
  subscriptionPlanId: fc.constantFrom(1, 2),
});

/** Product 42 with every required option, keys in any order, checkbox values in any order with repeats. */
const cinemaItem: fc.Arbitrary<ItemBody> = fc
  .tuple(
    anyId([1, 2, 3, 4]),
    anyId([5, 6, 7]),
    fc.array(anyId([8, 9, 10, 11]), { minLength: 1, maxLength: 5 }),
  )
  .chain(([select, radio, checkbox]) => {
    const entries: [string, unknown][] = [
      ['217', select],
      ['218', radio],
      ['223', checkbox],
      ['208', 'hello'],
      ['209', 'note'],
      ['222', 'code'],
      ['219', '2011-02-20'],
      ['221', '22:25'],
      ['220', '2011-02-20 22:25'],
    ];
    return fc.shuffledSubarray(entries, { minLength: entries.length }).map(Object.fromEntries);
  })
  .chain((options: Record<string, unknown>) =>
    fc.record({
      productId: fc.constant(42),
      quantity,
      options: fc.constant(options),
      subscriptionPlanId: fc.constant(0),
    }),
  );

const validItem = fc.oneof(plainItem, cameraItem, planItem, cinemaItem);

/** Items that are always refused: unknown product, missing required option, missing plan. */
const badItem: fc.Arbitrary<ItemBody> = fc.constantFrom(
  { productId: 999, quantity: 1, options: {}, subscriptionPlanId: 0 },
  { productId: 30, quantity: 1, options: {}, subscriptionPlanId: 0 },
  { productId: 41, quantity: 1, options: {}, subscriptionPlanId: 0 },
);

function command(items: readonly ItemBody[], mode: 'multi' | 'single' = 'multi'): AddProductsCommand {
  return {
    type: 'add_products',
    mode,
    items: items.map((body, i) => ({ ...body, key: mode === 'single' ? '' : String(i) })),
  };
}

const commands = fc.array(
  fc.oneof(
    fc.array(validItem, { minLength: 1, maxLength: 3 }).map((items) => command(items)),
    validItem.map((body) => command([body], 'single')),
  ),
  { minLength: 1, maxLength: 5 },
);

/** Applies `list` in order with unique fresh ids; every add must succeed. */
function applyAll(list: readonly AddProductsCommand[], ctx: CartContext, cart: readonly CartLine[] = []) {
  let next = cart;
  list.forEach((cmd, n) => {
    const ids = cmd.items.map((_, i) => `id-${n}-${i}`);
    const result = addProducts(next, cmd, ids, ctx);
    if (result.isErr()) throw new Error(`refused: ${JSON.stringify(result.error)}`);
    next = result.value;
  });
  return next;
}

/** A line's identity, computed here independently: product, plan, options as sorted entries of sorted values. */
function identity(line: CartLine): string {
  const options = Object.entries(line.options)
    .map(([k, v]) => [k, typeof v === 'string' ? v : [...v].sort()])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
  return JSON.stringify([line.productId, line.subscriptionPlanId, options]);
}

/** Units added per product by `list`. */
function unitsAdded(list: readonly AddProductsCommand[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const item of list.flatMap((c) => c.items)) {
    units.set(item.productId, (units.get(item.productId) ?? 0) + item.quantity);
  }
  return units;
}

function unitsHeld(cart: readonly CartLine[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const line of cart) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  return units;
}

describe('cart properties', () => {
  it('any sequence of valid adds keeps one line per identity and every unit added', () => {
    fc.assert(
      fc.property(commands, (list) => {
        const cart = applyAll(list, context(true));
        const identities = cart.map(identity);
        expect(new Set(identities).size).toBe(identities.length);
        expect(new Set(cart.map((l) => l.cartId)).size).toBe(cart.length);
        expect(unitsHeld(cart)).toEqual(unitsAdded(list));
      }),
      RUNS,
    );
  });

  it('the order of adds does not change which lines the cart holds', () => {
    fc.assert(
      fc.property(commands, (list) => {
        const held = (cart: readonly CartLine[]) =>
          cart.map((l) => `${identity(l)}×${l.quantity}`).sort((a, b) => a.localeCompare(b));
        const forward = applyAll(list, context(true));
        const backward = applyAll([...list].reverse(), context(true));
        expect(held(backward)).toEqual(held(forward));
      }),
      RUNS,
    );
  });

  it('a multi add with any refused item adds nothing and ends with the warning summary', () => {
    fc.assert(
      fc.property(
        commands,
        fc.array(validItem, { maxLength: 3 }),
        badItem,
        fc.nat(),
        fc.boolean(),
        (setup, items, bad, at, stockCheckout) => {
          const cart = Object.freeze(applyAll(setup, context(true)));
          const snapshot = structuredClone(cart);
          const position = at % (items.length + 1);
          const body = [...items.slice(0, position), bad, ...items.slice(position)];
          const result = addProducts(cart, command(body), ['x', 'y', 'z', 'w'], context(stockCheckout));
          expect(result.isErr()).toBe(true);
          const errors = result.isErr() ? result.error : {};
          const keys = Object.keys(errors);
          expect(keys.at(-1)).toBe('warning');
          expect(keys.some((k) => k.startsWith(`product_${position}_`))).toBe(true);
          expect(cart).toEqual(snapshot);
        },
      ),
      RUNS,
    );
  });

  it('a line total is exactly its unit price taken quantity times, and the sub-total their sum', () => {
    fc.assert(
      fc.property(commands, fc.constantFrom(1, 2), (list, customerGroupId) => {
        const cart = applyAll(list, context(true));
        const lines = priceCart(cart, { ...context(true), customerGroupId });
        expect(lines).toHaveLength(cart.length);
        const repeated = lines.map((line) =>
          sum(Array<typeof line.price>(line.quantity).fill(line.price), 'USD'),
        );
        expect(lines.map((line) => line.total)).toEqual(repeated);
        expect(cartSubTotal(lines, 'USD')).toEqual(sum(repeated, 'USD'));
      }),
      RUNS,
    );
  });
});
