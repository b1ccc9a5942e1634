/**
 * OpenCart's cart queries (`route=api/cart/getProducts`, `route=api/cart/getTotals`): the session's priced cart
 * lines and its total lines, computed from the session, the catalog and the settings on every read.
 * @module
 */
import { form } from './form.js';
import { defineView } from './operation.js';

const noInput = form({}, () => ({}));

/**
 * `cart_products`: the priced lines under OpenCart's field names, amounts exact Money (net, in the store's
 * default currency) and measures decimal strings, plus `points` and `shipping`; the HTTP edge presents exactly
 * OpenCart's fields.
 */
export const cartProducts = defineView({
  name: 'cart_products',
  method: 'getProducts',
  summary: "The cart's priced lines.",
  http: { method: 'GET', routes: [{ route: 'api/cart/getProducts' }] },
  input: noInput,
  answer: 'cart_lines',
});

/** `cart_totals`: the total lines in the session currency, rounded; `total` is their sum. */
export const cartTotals = defineView({
  name: 'cart_totals',
  method: 'getTotals',
  summary: "The cart's total lines in the session currency; `total` is their exact sum.",
  http: { method: 'GET', routes: [{ route: 'api/cart/getTotals' }] },
  input: noInput,
  answer: 'totals',
});
