/**
 * Product option checks for the cart's add operations.
 *
 * Decisions (ours, stricter than OpenCart):
 * - Keys are `product_option_id`s in canonical decimal form. An id not on the product is `<prefix>option_<id>` =
 *   `Option could not be found!`; any other key is the line's product error (`Options must be values keyed by
 *   product option id!`), because an error key never carries text the client chose.
 * - select/radio/checkbox values must be `product_option_value_id`s of THAT option (OpenCart only checks the
 *   product). Value stock is not checked here: the cart rule does it with quantities.
 * - Empty (undefined, null, `''`, whitespace-only, empty list) and required → `<Option name> required!`; empty and
 *   optional → left out. Malformed values (objects, nested lists, arrays for free text, ids out of range) →
 *   `<Option name> is not a valid input!`, never an exception. Other per-type rules: see `checkFieldValue`.
 * @module
 */
import { checkDefinedValues, postedRecord } from '../customer/custom-fields.js';
import { emptyRecord } from '../empty-record.js';
import type { CartOptionValue } from '../machine/session.js';
import { type MessageCatalog, messageText } from '../messages.js';
import type { Product } from '../records/catalog.js';

/** Where the errors of one line's options go. */
export interface OptionErrorKeys {
  /** The line's product key (`warning`, `product_<n>_product`): a key that is not an option id. */
  readonly product: string;
  /** Put before `option_<id>`: `product_<n>_` for the multi add, `''` for the single add. */
  readonly optionPrefix: string;
}

/** The result of {@link checkOptions}: errors by key, and the canonical options. */
export interface OptionsCheck {
  readonly errors: Record<string, string>;
  /** Keys in ascending numeric order; select/radio a value id string, checkbox sorted unique id strings. */
  readonly options: Readonly<Record<string, CartOptionValue>>;
}

/**
 * Checks posted `options` (keyed by `product_option_id`) against `product`'s options. Error keys are
 * `<optionPrefix>option_<id>`, and `keys.product` for a key that is not an option id. The returned
 * options are canonical: the same choice posted in any key order, with ids as numbers or strings, in any checkbox
 * order or with repeats, gives the same object (the cart uses it as the line identity).
 */
export function checkOptions(
  product: Product,
  options: Readonly<Record<string, unknown>>,
  keys: OptionErrorKeys,
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
    (id) => `${keys.optionPrefix}option_${id}`,
    catalog,
  );
  const errors: Record<string, string> = {};
  const byId = new Map(product.options.map((option) => [String(option.productOptionId), option]));
  for (const key of Object.keys(source)) {
    if (!/^[1-9]\d{0,14}$/.test(key)) errors[keys.product] ??= messageText(catalog, 'cart.options');
    else if (!byId.has(key))
      errors[`${keys.optionPrefix}option_${key}`] = messageText(catalog, 'cart.option_not_found');
  }
  Object.assign(errors, valueErrors);
  if (accepted.length === 0) return { errors, options: emptyRecord };
  accepted.sort((a, b) => a[0] - b[0]);
  const canonical = sparseRecord<CartOptionValue>();
  for (const [id, value] of accepted) canonical[String(id)] = value;
  return { errors, options: canonical };
}

/** An index far beyond any option id, to start a record in the engine's sparse layout. */
const FAR_INDEX = 2 ** 30;

/**
 * An empty record for keys that are option ids. Ids are numbers in the hundreds or thousands, and a JavaScript
 * engine given `record['223']` first would keep a slot for every index below it (V8 takes 2.7 KB for a line with
 * nine options where 0.5 KB holds them); storing one far index first and removing it again makes the record keep
 * only the keys it has. Sessions keep their lines for as long as they live, so this is most of a session's memory.
 */
function sparseRecord<T>(): Record<string, T> {
  const record: Record<string, T> = {};
  (record as Record<number, unknown>)[FAR_INDEX] = undefined;
  delete (record as Record<number, unknown>)[FAR_INDEX];
  return record;
}
