/**
 * Product option checks for the cart's add operations (DECISIONS 9, 11, 39; reference §4.4).
 *
 * Decisions (ours, stricter than OpenCart):
 * - Keys are `product_option_id`s in canonical decimal form; any other key, or an id not on the product, is
 *   `<prefix>option_<key>` = `Option could not be found!`.
 * - select/radio/checkbox values must be `product_option_value_id`s of THAT option (OpenCart only checks the
 *   product). Value stock is not checked here: the cart rule does it with quantities.
 * - Empty (undefined, null, `''`, whitespace-only, empty list) and required → `<Option name> required!`; empty and
 *   optional → left out. Malformed values (objects, nested lists, arrays for free text, ids out of range) →
 *   `<Option name> is not a valid input!`, never an exception. Other per-type rules: see `checkFieldValue`.
 * @module
 */
import { checkDefinedValues, postedRecord } from '../customer/custom-fields.js';
import type { CartOptionValue } from '../machine/session.js';
import { type MessageCatalog, messageText } from '../messages.js';
import type { Product } from '../records/catalog.js';

/** The result of {@link checkOptions}: errors by key, and the canonical options. */
export interface OptionsCheck {
  readonly errors: Record<string, string>;
  /** Keys in ascending numeric order; select/radio a value id string, checkbox sorted unique id strings. */
  readonly options: Record<string, CartOptionValue>;
}

/**
 * Checks posted `options` (keyed by `product_option_id`) against `product`'s options. Error keys are
 * `<keyPrefix>option_<id>`: prefix `product_<n>_` for the multi add, `''` for the single add. The returned
 * options are canonical: the same choice posted in any key order, with ids as numbers or strings, in any checkbox
 * order or with repeats, gives the same object (DECISIONS 12 uses it as the line identity).
 */
export function checkOptions(
  product: Product,
  options: Readonly<Record<string, unknown>>,
  keyPrefix: string,
  catalog: MessageCatalog,
): OptionsCheck {
  const source = postedRecord(options);
  const definitions = product.options.map((option) => ({
    id: option.productOptionId,
    name: option.name,
    sortOrder: option.sortOrder,
    spec: {
      type: option.type,
      required: option.required,
      validation: option.validation,
      valueIds: option.values.map((value) => value.productOptionValueId),
    },
  }));
  const { errors: valueErrors, accepted } = checkDefinedValues(
    definitions,
    source,
    (id) => `${keyPrefix}option_${id}`,
    catalog,
  );
  const errors: Record<string, string> = {};
  const byId = new Map(product.options.map((option) => [String(option.productOptionId), option]));
  for (const key of Object.keys(source)) {
    if (!/^[1-9]\d{0,14}$/.test(key) || !byId.has(key)) {
      errors[`${keyPrefix}option_${key}`] = messageText(catalog, 'cart.option_not_found');
    }
  }
  Object.assign(errors, valueErrors);
  accepted.sort((a, b) => a[0] - b[0]);
  const canonical: Record<string, CartOptionValue> = {};
  for (const [id, value] of accepted) canonical[String(id)] = value;
  return { errors, options: canonical };
}
