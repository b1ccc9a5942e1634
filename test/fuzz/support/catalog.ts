/**
 * What the model knows of the demo store, read from the store data the world was started with: each product's
 * options, availability, stock, minimum, plans and whether it ships; the countries and zones; the accounts a
 * customer e-mail logs in to; the currencies and order statuses.
 */
import type { MemoryStoreData } from '../../../src/demo/store-data.js';
import type { OptionRule } from './reading.js';

/** A product as the model reads a cart add. */
export interface ProductRule {
  readonly options: ReadonlyMap<string, OptionRule>;
  /** Enabled and on sale. */
  readonly available: boolean;
  readonly inStock: boolean;
  readonly minimum: number;
  readonly shipping: boolean;
  /** Plan ids offered to every customer group (empty: the product takes no plan). */
  readonly plans: ReadonlySet<number>;
  /** Whether the product offers plans to some group but not all (the model then predicts nothing). */
  readonly partialPlans: boolean;
}

/** A country as the address steps check it. */
export interface CountryRule {
  readonly postcodeRequired: boolean;
  /** Its enabled zones; empty for a country without zones. */
  readonly zones: ReadonlySet<number>;
}

/** The model's catalogue. */
export interface Catalog {
  readonly products: ReadonlyMap<number, ProductRule>;
  readonly countries: ReadonlyMap<number, CountryRule>;
  /** Active accounts by lower-case e-mail. */
  readonly accounts: ReadonlyMap<string, number>;
  /** The store's currency codes. */
  readonly currencies: ReadonlySet<string>;
  readonly orderStatuses: ReadonlySet<number>;
  /** Whether the customer step requires a telephone (`config_telephone_required`). */
  readonly telephoneRequired: boolean;
}

/** The plans of a product offered to every one of `groups`. */
function plansOf(
  product: MemoryStoreData['products'] extends Map<number, infer P> ? P : never,
  groups: number[],
) {
  const offered = (group: number) =>
    new Set(
      product.subscriptionPlans
        .filter((p) => p.status && p.customerGroupId === group)
        .map((p) => p.subscriptionPlanId),
    );
  const sets = groups.map(offered);
  const all = new Set([...(sets[0] ?? [])].filter((id) => sets.every((set) => set.has(id))));
  const some = sets.some((set) => set.size > 0);
  return { plans: all, partialPlans: some && sets.some((set) => set.size === 0) };
}

/** The catalogue of a world's store data. */
export function catalogOf(data: MemoryStoreData): Catalog {
  const groups = [...data.customerGroups.keys()];
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
    products.set(id, {
      options,
      available: product.status && product.dateAvailable <= '2026-03-02',
      inStock: product.quantity > 0,
      minimum: product.minimum,
      shipping: product.shipping,
      ...plansOf(product, groups),
    });
  }
  const countries = new Map<number, CountryRule>();
  for (const [id, country] of data.countries) {
    if (!country.status) continue;
    const zones = new Set(country.zones.filter((zone) => zone.status).map((zone) => zone.zoneId));
    countries.set(id, { postcodeRequired: country.postcodeRequired, zones });
  }
  const accounts = new Map<string, number>();
  for (const customer of data.customers.values()) {
    if (customer.status) accounts.set(customer.email.toLowerCase(), customer.customerId);
  }
  return {
    products,
    countries,
    accounts,
    currencies: new Set(data.settings.currencies.map((currency) => currency.code)),
    orderStatuses: new Set(data.settings.orderStatuses.map((status) => status.orderStatusId)),
    telephoneRequired: data.settings.telephoneRequired,
  };
}
