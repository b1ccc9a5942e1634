/**
 * One product to add, as the single add's body or one row `product[n]` of the multi add: its fields, where their
 * errors go, and how a row is read.
 *
 * - **Quantity** to add defaults to 1 (absent or blank) and must be a whole number from 1 to {@link maxQuantity}:
 *   adding 0 or a negative amount is not an add (OpenCart lets a negative single add shrink a line; here that is
 *   what update is for).
 * - **Malformed fields** go under the item's OpenCart keys: `product_id` under `product_<n>_product` (single:
 *   `warning`) with `Product does not exist!`, `subscription_plan_id` under `product_<n>_subscription`
 *   (`subscription`) with `Invalid subscription`, `quantity` under `product_<n>_quantity` (`quantity`). An
 *   `option` that is not a map has no option id to name, so it goes under `product_<n>_product` (`warning`).
 * @module
 */
import type { Result } from 'neverthrow';
import type { FieldErrors } from '../domain/errors.js';
import type { CartItemInput } from '../domain/machine/commands.js';
import type { MessageCatalog } from '../domain/messages.js';
import { lenientInteger, maxQuantity, optionalId, valueMap } from './fields.js';
import { field, form, required } from './form.js';

/** The quantity an add takes: default 1, from 1 to {@link maxQuantity}. */
const addQuantity = lenientInteger({ min: 1, max: maxQuantity, fallback: 1 });

/** Where the errors of one item's fields go. */
interface ItemKeys {
  readonly product: string;
  readonly quantity: string;
  readonly option: string;
  readonly subscription: string;
}

/** The form of one item under `keys`, read into an item with key `n`. */
function itemForm(keys: ItemKeys, n: string) {
  return form(
    {
      product_id: required(field(optionalId, keys.product, 'cart.product_not_found')),
      quantity: field(addQuantity, keys.quantity, 'cart.quantity'),
      option: field(valueMap, keys.option, 'cart.options'),
      subscription_plan_id: field(optionalId, keys.subscription, 'cart.subscription'),
    },
    (fields): CartItemInput => ({
      key: n,
      productId: fields.product_id,
      quantity: fields.quantity,
      options: fields.option,
      subscriptionPlanId: fields.subscription_plan_id,
    }),
  );
}

/** The single add's body: one item, errors under `warning`, `quantity`, `subscription`. */
export const singleItem = itemForm(
  { product: 'warning', quantity: 'quantity', option: 'warning', subscription: 'subscription' },
  '',
);

/** Reads row `n` of a multi add, its errors under `product_<n>_…`. */
export function parseRow(
  n: string,
  raw: unknown,
  messages: MessageCatalog,
): Result<CartItemInput, FieldErrors> {
  const product = `product_${n}_product`;
  const keys = {
    product,
    quantity: `product_${n}_quantity`,
    option: product,
    subscription: `product_${n}_subscription`,
  };
  return itemForm(keys, n).parse(raw, messages);
}
