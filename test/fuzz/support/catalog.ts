/**
 * What the model knows of the demo catalogue and customers, read from the store data the world was started
 * with: each product's options (type, required, value ids) and the accounts a customer e-mail logs in to.
 */
import type { MemoryStoreData } from '../../../src/adapters/memory/store-data.js';
import type { OptionRule } from './reading.js';

/** A product as the model reads a cart add. */
export interface ProductRule {
  readonly options: ReadonlyMap<string, OptionRule>;
}

/** The model's catalogue. */
export interface Catalog {
  readonly products: ReadonlyMap<number, ProductRule>;
  /** Active accounts by lower-case e-mail. */
  readonly accounts: ReadonlyMap<string, number>;
  /** The store's currency codes. */
  readonly currencies: ReadonlySet<string>;
  /** Whether the customer step requires a telephone (`config_telephone_required`). */
  readonly telephoneRequired: boolean;
}

/** The catalogue of a world's store data. */
export function catalogOf(data: MemoryStoreData): Catalog {
  const products = new Map<number, ProductRule>();
  for (const [id, product] of data.products) {
    const options = new Map<string, OptionRule>();
    for (const option of product.options) {
      options.set(String(option.productOptionId), {
        type: option.type,
        required: option.required,
        valueIds: option.values.map((value) => value.productOptionValueId),
      });
    }
    products.set(id, { options });
  }
  const accounts = new Map<string, number>();
  for (const customer of data.customers.values()) {
    if (customer.status) accounts.set(customer.email.toLowerCase(), customer.customerId);
  }
  const currencies = new Set(data.settings.currencies.map((currency) => currency.code));
  return { products, accounts, currencies, telephoneRequired: data.settings.telephoneRequired };
}
