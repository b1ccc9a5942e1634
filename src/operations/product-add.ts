/**
 * `product_add` (`route=api/cart/addProduct`, OpenCart's step 2): adds one product, the body being the item itself.
 * Errors go under `warning`, `quantity`, `subscription` and `option_<id>`.
 * @module
 */
import type { AddProductsCommand } from '../domain/machine/commands.js';
import { addToCart } from './cart.js';
import { singleItem } from './cart-item.js';
import type { Form } from './form.js';
import { defineStep } from './operation.js';

const input = {
  ...singleItem,
  schema: singleItem.schema.transform(
    (item): AddProductsCommand => ({ type: 'add_products', mode: 'single', items: [item] }),
  ),
  /** Reads the body as the one item. */
  parse: (posted, messages) =>
    singleItem
      .parse(posted, messages)
      .map((item): AddProductsCommand => ({ type: 'add_products', mode: 'single', items: [item] })),
} satisfies Form<typeof singleItem.fields, AddProductsCommand>;

/** `product_add`: adds one product to the cart. */
export const productAdd = defineStep({
  name: 'product_add',
  method: 'addProduct',
  summary: 'Adds one product to the cart.',
  http: {
    method: 'POST',
    routes: [{ route: 'api/cart/addProduct' }, { route: 'api/order', call: 'product_add' }],
  },
  input,
  answer: 'step',
  ...addToCart,
  success: () => 'cart.success_single',
});
