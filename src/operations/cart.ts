/**
 * `cart` (`route=api/cart`, OpenCart's step 2): the multi add, all or nothing: `product` holds the rows keyed by `n`,
 * each with `product_id`, `quantity` (default 1), `option` (default `{}`) and `subscription_plan_id` (default 0).
 *
 * The rows are a list: an array, or an object keyed by whole numbers (`product[0]`, `product[1]`, as PHP writes
 * lists); `n` is the key they were sent under. Without rows (absent, blank, empty) the request asks for the cart
 * as it is, as OpenCart's clients refresh it: it answers the session's cart and totals and changes nothing. A
 * scalar `product` is one row that is not an object. More than {@link maxCartItems} rows are refused before any
 * is read; a key `n` that is not a whole number in canonical form (`0`, `7`, `12`; at most 9 digits) is refused
 * under `warning`, since `n` ends up inside error keys and an error key never carries text the client chose; a
 * row that is not an object is `product_<n>_product`. Row errors get OpenCart's `warning` summary, as the
 * domain's own do.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { z } from 'zod';
import { addProducts, cartContextOf } from '../domain/cart/rules.js';
import { checkoutError, type FieldErrors } from '../domain/errors.js';
import type { AddProductsCommand, CartItemInput } from '../domain/machine/commands.js';
import type { StepRule } from '../domain/machine/decide.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import { type PostedListEntry, postedListEntries } from '../domain/posted.js';
import { parseRow, singleItem } from './cart-item.js';
import { postedField } from './fields.js';
import { type FormField, type FormSentInput, field, form, type SentAs } from './form.js';
import { describeRequest } from './json-schema.js';
import { defineStep, type FactPlan } from './operation.js';

/** The most rows one multi add may carry. */
export const maxCartItems = 100;

/** The shape of a row key `n`: a list index, the only client text an error key may carry. */
const itemKeyPattern = /^(?:0|[1-9]\d{0,8})$/;

/** What both add operations share: their step, the facts they need and their rule. */
export const addToCart = {
  step: 'cart',
  facts: (command: AddProductsCommand): FactPlan => ({
    productIds: command.items.map((item) => item.productId),
    cartIds: command.items.length,
  }),
  rule: ((session, command, facts, _pricing, settings) =>
    addProducts(session.cart, command, facts.cartIds, cartContextOf(session, facts, settings))
      .map((cart) => ({ ...session, cart }))
      .mapErr((fields) => checkoutError('validation', fields))) satisfies StepRule<AddProductsCommand>,
} as const;

/**
 * The rows of `product` as `[n, row]` pairs: a list's items under their keys (a scalar is row `0`), or the
 * entries of an object with other keys (whose keys are then refused). None when absent or blank.
 */
function rowEntries(products: unknown): readonly PostedListEntry[] {
  if (typeof products === 'string' && products.trim() === '') return [];
  return postedListEntries(products) ?? Object.entries(products as object);
}

/** Reads every row, collecting the errors of all of them. */
function parseRows(
  entries: readonly PostedListEntry[],
  messages: MessageCatalog,
): Result<CartItemInput[], FieldErrors> {
  const items: CartItemInput[] = [];
  const errors: Record<string, string> = {};
  for (const [n, raw] of entries) {
    if (!itemKeyPattern.test(n)) {
      errors.warning ??= messageText(messages, 'cart.item_key');
    } else if (typeof raw !== 'object' || raw === null) {
      errors[`product_${n}_product`] = messageText(messages, 'cart.product_not_found');
    } else {
      parseRow(n, raw, messages).match(
        (item) => items.push(item),
        (rowErrors) => Object.assign(errors, rowErrors),
      );
    }
  }
  return Object.keys(errors).length > 0 ? err(errors) : ok(items);
}

/** Reads the multi add's body; without rows it is the command that shows the cart. */
function parseCartAdd(posted: unknown, messages: MessageCatalog): Result<AddProductsCommand, FieldErrors> {
  const entries = rowEntries(postedField(posted, 'product'));
  if (entries.length === 0) return ok({ type: 'add_products', mode: 'multi', items: [] });
  if (entries.length > maxCartItems) {
    return err({ warning: messageText(messages, 'cart.too_many_items', { maximum: maxCartItems }) });
  }
  return parseRows(entries, messages)
    .map((items): AddProductsCommand => ({ type: 'add_products', mode: 'multi', items }))
    .mapErr((errors) => ({ ...errors, warning: errors.warning ?? messageText(messages, 'cart.warning') }));
}

/** What a client sends for one row: the single add's fields. */
type RowRequest = z.input<typeof singleItem.schema>;

/**
 * The rows, as a list or keyed by `n` (the declared input allows a read-only list, which is all a row needs), or
 * none: null or a blank string, which ask for the cart as it is, as leaving `product` out does.
 */
const rows = z.union([
  z.array(singleItem.schema),
  z.record(z.string(), singleItem.schema),
  z.null(),
  z.string().regex(/^\s*$/),
]) as unknown as z.ZodType<
  CartItemInput[] | Record<string, CartItemInput> | null,
  readonly RowRequest[] | Readonly<Record<string, RowRequest>> | null
>;

/** What a typed client sends for one row: a single add's request, its product named. */
type SentRow = FormSentInput<typeof singleItem>;

/** The rows; the form's own reading bounds them, and the keys of rows sent as a map. */
const productRows = describeRequest(rows.optional(), {
  extend: {
    array: { maxItems: maxCartItems },
    object: {
      maxProperties: maxCartItems,
      propertyNames: { type: 'string', pattern: itemKeyPattern.source },
    },
  },
});

/** The rows field; a typed client sends each row with its product named, as a single add. */
const productField: FormField<typeof productRows> &
  SentAs<readonly SentRow[] | Readonly<Record<string, SentRow>> | null> = field(
  productRows,
  'warning',
  'cart.warning',
);

// Without rows, the multi add shows the cart.
const fields = form(
  { product: productField },
  (values): AddProductsCommand => ({
    type: 'add_products',
    mode: 'multi',
    items: Object.entries(values.product ?? {}).map(([n, item]) => ({ ...item, key: n })),
  }),
);

/** The multi add's form: the rows' shape for typing, its own reading for the row keys of its errors. */
const input = {
  ...fields,
  /** Reads the body's rows, each row's errors under `product_<n>_…`. */
  parse: parseCartAdd,
};

/** Whether a multi add has no rows: it then shows the cart as it is. */
const showsCart = (command: AddProductsCommand): boolean => command.items.length === 0;

/** `cart`: adds several products, all or nothing; without rows, answers the cart as it is. */
export const cart = defineStep({
  name: 'cart',
  method: 'addProducts',
  summary:
    'Adds several products to the cart, all or nothing; without rows, answers the cart and its totals as they are.',
  http: { method: 'POST', routes: [{ route: 'api/cart' }, { route: 'api/order', call: 'cart' }] },
  input,
  answer: 'cart',
  ...addToCart,
  showsCart,
  success: (command) => (showsCart(command) ? 'cart.shown' : 'cart.success_multi'),
});
