/**
 * A cartwright `Catalog` over the host's own tables (`host-tables.ts`): each method reads the rows and maps them to
 * cartwright's records, stock included (read from the host's `stock` table, which `stock.ts` moves).
 */
import {
  type Catalog,
  type Category,
  compare,
  type Manufacturer,
  type ManufacturerListQuery,
  type Money,
  money,
  type Product,
  type ProductDiscount,
  type ProductFilter,
  type ProductListEntry,
  type ProductListQuery,
  type ProductOption,
  type SortOrder,
} from 'cartwright/core';
import type { BrandRow, HostTables, OptionRow, PriceRuleRow, ProductRow } from './host-tables.js';

/** The shop's currency: every amount in the tables is in it. */
const CURRENCY = 'USD';
const amount = (value: string): Money => money(value, CURRENCY);

/** Units on hand of a product (`optionValueId` null) or of one of its option values; 0 without a stock row. */
export function onHand(tables: HostTables, productId: number, optionValueId: number | null): number {
  const row = tables.stock.find((s) => s.product_id === productId && s.option_value_id === optionValueId);
  return row?.on_hand ?? 0;
}

/** An option row with its values, as cartwright's record. */
function toOption(tables: HostTables, o: OptionRow): ProductOption {
  return {
    productOptionId: o.id,
    optionId: o.option_id,
    name: o.label,
    type: o.kind,
    required: o.required,
    value: o.default_text,
    validation: o.pattern,
    sortOrder: o.position,
    values: tables.optionValues
      .filter((v) => v.option_row_id === o.id)
      .map((v) => ({
        productOptionValueId: v.id,
        optionValueId: v.value_id,
        name: v.label,
        quantity: onHand(tables, o.product_id, v.id),
        subtract: v.track_stock,
        price: amount(v.surcharge),
        points: v.points,
        weight: v.extra_weight,
      })),
  };
}

/** A price-break row as cartwright's quantity discount. */
function toDiscount(r: PriceRuleRow): ProductDiscount {
  const terms = {
    customerGroupId: r.customer_group_id,
    quantity: r.min_qty,
    priority: r.priority,
    dateStart: r.starts,
    dateEnd: r.ends,
  };
  return r.kind === 'break_fixed'
    ? { type: 'F', ...terms, price: amount(r.value) }
    : { type: 'P', ...terms, percent: r.value };
}

/** A product row with everything the rules need, as cartwright's record: a new object on every read. */
function toProduct(tables: HostTables, p: ProductRow): Product {
  const rules = tables.priceRules.filter((r) => r.product_id === p.id);
  return {
    productId: p.id,
    masterId: p.parent_id ?? 0,
    name: p.title,
    model: p.sku,
    description: p.body_html,
    image: p.image_url,
    manufacturerId: p.brand_id ?? 0,
    price: amount(p.price),
    quantity: onHand(tables, p.id, null),
    minimum: p.min_qty,
    maximum: p.max_qty ?? 0,
    subtract: p.track_stock,
    shipping: p.needs_shipping,
    points: p.points_price,
    taxClassId: p.tax_class_id,
    weight: p.weight,
    weightClassId: p.weight_class_id,
    length: p.length,
    width: p.width,
    height: p.height,
    lengthClassId: p.length_class_id,
    status: p.published,
    dateAvailable: p.available_from,
    sortOrder: p.position,
    categoryIds: tables.productCategories.filter((c) => c.product_id === p.id).map((c) => c.category_id),
    options: tables.options.filter((o) => o.product_id === p.id).map((o) => toOption(tables, o)),
    discounts: rules.filter((r) => r.kind !== 'special').map(toDiscount),
    specials: rules
      .filter((r) => r.kind === 'special')
      .map((r) => ({
        customerGroupId: r.customer_group_id,
        priority: r.priority,
        price: amount(r.value),
        dateStart: r.starts,
        dateEnd: r.ends,
      })),
    rewards: tables.loyalty
      .filter((l) => l.product_id === p.id)
      .map((l) => ({ customerGroupId: l.customer_group_id, points: l.points })),
    subscriptionPlans: tables.plans
      .filter((plan) => plan.product_id === p.id)
      .map((plan) => ({
        subscriptionPlanId: plan.plan_id,
        customerGroupId: plan.customer_group_id,
        name: plan.name,
        status: plan.active,
        price: amount(plan.price),
        frequency: plan.every,
        cycle: plan.cycle,
        duration: plan.payments,
        trialStatus: plan.trial,
        trialPrice: amount(plan.trial_price),
        trialFrequency: plan.trial_every,
        trialCycle: plan.trial_cycle,
        trialDuration: plan.trial_payments,
      })),
  };
}

/** A brand row as cartwright's manufacturer. */
function toManufacturer(b: BrandRow): Manufacturer {
  return {
    manufacturerId: b.id,
    name: b.name,
    description: b.blurb,
    image: b.logo_url,
    sortOrder: b.position,
    metaTitle: b.seo_title,
    metaDescription: b.seo_description,
    metaKeyword: b.seo_keywords,
  };
}

/** The special price of a product for a customer group on a day: the lowest priority, then the lowest price. */
function specialOf(
  tables: HostTables,
  productId: number,
  customerGroupId: number,
  today: string,
): Money | null {
  const valid = tables.priceRules.filter(
    (r) =>
      r.product_id === productId &&
      r.kind === 'special' &&
      r.customer_group_id === customerGroupId &&
      (r.starts === null || r.starts <= today) &&
      (r.ends === null || today < r.ends),
  );
  const [best] = valid.sort((a, b) => a.priority - b.priority || compare(amount(a.value), amount(b.value)));
  return best === undefined ? null : amount(best.value);
}

/** The category and, when asked, every category below it (a broken tree with a cycle is walked once). */
function categoryScope(tables: HostTables, categoryId: number, withSubCategories: boolean): Set<number> {
  const scope = new Set([categoryId]);
  for (let grew = withSubCategories; grew; ) {
    grew = false;
    for (const c of tables.categories) {
      if (c.parent_id !== null && scope.has(c.parent_id) && !scope.has(c.id)) {
        scope.add(c.id);
        grew = true;
      }
    }
  }
  return scope;
}

/** The product rows on sale on `today` that the filter selects. */
function selected(tables: HostTables, filter: ProductFilter, today: string): ProductRow[] {
  const scope =
    filter.categoryId === null ? null : categoryScope(tables, filter.categoryId, filter.subCategories);
  const inScope = (p: ProductRow) =>
    scope === null || tables.productCategories.some((c) => c.product_id === p.id && scope.has(c.category_id));
  return tables.products.filter(
    (p) =>
      p.published &&
      p.available_from <= today &&
      (filter.manufacturerId === null || (p.brand_id ?? 0) === filter.manufacturerId) &&
      inScope(p),
  );
}

/** Text order ignoring case, the same on every machine (no locale). */
function byText(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Sorts by `key` in `order`, every tie by id ascending, so that pages never overlap or skip; then one page. */
function sortedPage<T>(
  rows: readonly T[],
  key: (a: T, b: T) => number,
  order: SortOrder,
  idOf: (row: T) => number,
  start: number,
  limit: number,
): T[] {
  const direction = order === 'DESC' ? -1 : 1;
  const sorted = [...rows].sort((a, b) => direction * key(a, b) || idOf(a) - idOf(b));
  return sorted.slice(Math.max(0, start), Math.max(0, start) + Math.max(0, limit));
}

/** The `Catalog` port over the host's tables. */
export function createHostCatalog(tables: HostTables): Catalog {
  return {
    async getProducts(productIds) {
      const wanted = new Set(productIds);
      return tables.products.filter((p) => wanted.has(p.id)).map((p) => toProduct(tables, p));
    },

    async getManufacturer(manufacturerId) {
      const brand = tables.brands.find((b) => b.id === manufacturerId);
      return brand === undefined ? undefined : toManufacturer(brand);
    },

    async listManufacturers(query: ManufacturerListQuery) {
      const key =
        query.sort === 'name'
          ? (a: BrandRow, b: BrandRow) => byText(a.name, b.name)
          : (a: BrandRow, b: BrandRow) => a.position - b.position;
      return sortedPage(tables.brands, key, query.order, (b) => b.id, query.start, query.limit).map(
        toManufacturer,
      );
    },

    async countManufacturers() {
      return tables.brands.length;
    },

    async listProducts(query: ProductListQuery) {
      const rows = selected(tables, query, query.today).map((p) => ({
        p,
        special: specialOf(tables, p.id, query.customerGroupId, query.today),
      }));
      type Row = (typeof rows)[number];
      const keys = {
        name: (a: Row, b: Row) => byText(a.p.title, b.p.title),
        sort_order: (a: Row, b: Row) => a.p.position - b.p.position,
        price: (a: Row, b: Row) => compare(a.special ?? amount(a.p.price), b.special ?? amount(b.p.price)),
      };
      const page = sortedPage(rows, keys[query.sort], query.order, (r) => r.p.id, query.start, query.limit);
      return page.map(
        ({ p, special }): ProductListEntry => ({
          productId: p.id,
          name: p.title,
          model: p.sku,
          price: amount(p.price),
          special,
          manufacturerId: p.brand_id ?? 0,
          manufacturer: tables.brands.find((b) => b.id === p.brand_id)?.name ?? '',
          image: p.image_url,
        }),
      );
    },

    async countProducts(filter) {
      return selected(tables, filter, filter.today).length;
    },

    async getCategories(): Promise<readonly Category[]> {
      return tables.categories.map((c) => ({
        categoryId: c.id,
        parentId: c.parent_id ?? 0,
        name: c.name,
        sortOrder: c.position,
      }));
    },
  };
}
