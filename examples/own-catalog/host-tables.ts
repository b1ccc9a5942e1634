/**
 * The host's own catalog tables: how a shop that is not built on cartwright keeps its products, options, stock,
 * brands, categories and price rules. The shapes are the host's (snake_case columns, decimal strings as a
 * DECIMAL column reads, stock in a table of its own); `catalog.ts` and `stock.ts` map them to cartwright's ports.
 * In a real shop these are SQL tables; here they are arrays, so the example runs anywhere. Rows are kept in the
 * order the shop lists them (options, values, categories of a product), as an `ORDER BY` would read them.
 */
import type {
  Category,
  Manufacturer,
  OptionType,
  Product,
  ProductDiscount,
  SubscriptionFrequency,
} from 'cartwright/core';

/** A row of `products`. */
export interface ProductRow {
  readonly id: number;
  /** The product this one is a variant of; null for none. */
  readonly parent_id: number | null;
  readonly sku: string;
  readonly title: string;
  readonly body_html: string;
  readonly image_url: string;
  readonly brand_id: number | null;
  readonly price: string;
  readonly min_qty: number;
  /** Null: no maximum. */
  readonly max_qty: number | null;
  /** Whether orders take units out of stock. */
  readonly track_stock: boolean;
  readonly needs_shipping: boolean;
  /** What a unit costs in loyalty points; 0: not for points. */
  readonly points_price: number;
  readonly tax_class_id: number;
  readonly weight: string;
  readonly weight_class_id: number;
  readonly length: string;
  readonly width: string;
  readonly height: string;
  readonly length_class_id: number;
  readonly published: boolean;
  /** `YYYY-MM-DD`. */
  readonly available_from: string;
  readonly position: number;
}

/** A row of `product_options`: an option of one product. */
export interface OptionRow {
  readonly id: number;
  readonly product_id: number;
  /** The shop-wide option it instances ("Colour"). */
  readonly option_id: number;
  readonly label: string;
  readonly kind: OptionType;
  readonly required: boolean;
  readonly default_text: string;
  /** A regular expression with delimiters, for text options; empty for none. */
  readonly pattern: string;
  readonly position: number;
}

/** A row of `option_values`: one choice of a select, radio or checkbox option. */
export interface OptionValueRow {
  readonly id: number;
  readonly option_row_id: number;
  readonly product_id: number;
  /** The shop-wide value it instances ("Red"). */
  readonly value_id: number;
  readonly label: string;
  /** Added to the unit price; may be negative. */
  readonly surcharge: string;
  readonly points: number;
  readonly extra_weight: string;
  readonly track_stock: boolean;
  readonly position: number;
}

/** A row of `stock`: units on hand of a product (`option_value_id` null) or of one of its option values. */
export interface StockRow {
  readonly product_id: number;
  readonly option_value_id: number | null;
  on_hand: number;
}

/** A row of `brands`. */
export interface BrandRow {
  readonly id: number;
  readonly name: string;
  readonly blurb: string;
  readonly logo_url: string;
  readonly position: number;
  readonly seo_title: string;
  readonly seo_description: string;
  readonly seo_keywords: string;
}

/** A row of `categories`; `parent_id` null at the top. */
export interface CategoryRow {
  readonly id: number;
  readonly parent_id: number | null;
  readonly name: string;
  readonly position: number;
}

/** A row of `product_categories`. */
export interface ProductCategoryRow {
  readonly product_id: number;
  readonly category_id: number;
  readonly position: number;
}

/** A row of `price_rules`: a special price, or a quantity price break (a fixed price or a percentage off). */
export interface PriceRuleRow {
  readonly product_id: number;
  readonly kind: 'special' | 'break_fixed' | 'break_percent';
  readonly customer_group_id: number;
  /** Units from which a break applies; 1 for a special. */
  readonly min_qty: number;
  readonly priority: number;
  /** The price, or the percentage off for `break_percent`. */
  readonly value: string;
  readonly starts: string | null;
  readonly ends: string | null;
}

/** A row of `loyalty_points`: points a customer group earns per unit bought. */
export interface LoyaltyRow {
  readonly product_id: number;
  readonly customer_group_id: number;
  readonly points: number;
}

/** A row of `product_plans`: a subscription plan offered on a product to one customer group. */
export interface PlanRow {
  readonly product_id: number;
  readonly plan_id: number;
  readonly customer_group_id: number;
  readonly name: string;
  readonly active: boolean;
  readonly price: string;
  readonly every: SubscriptionFrequency;
  readonly cycle: number;
  readonly payments: number;
  readonly trial: boolean;
  readonly trial_price: string;
  readonly trial_every: SubscriptionFrequency;
  readonly trial_cycle: number;
  readonly trial_payments: number;
}

/** Every table of the host's catalog. */
export interface HostTables {
  readonly products: ProductRow[];
  readonly options: OptionRow[];
  readonly optionValues: OptionValueRow[];
  readonly stock: StockRow[];
  readonly brands: BrandRow[];
  readonly categories: CategoryRow[];
  readonly productCategories: ProductCategoryRow[];
  readonly priceRules: PriceRuleRow[];
  readonly loyalty: LoyaltyRow[];
  readonly plans: PlanRow[];
}

/** Empty tables. */
export function emptyTables(): HostTables {
  return {
    products: [],
    options: [],
    optionValues: [],
    stock: [],
    brands: [],
    categories: [],
    productCategories: [],
    priceRules: [],
    loyalty: [],
    plans: [],
  };
}

/** What `importCatalog` writes: catalog records in cartwright's shapes (the contract suites' seeds, the demo's). */
export interface CatalogRecords {
  readonly products: readonly Product[];
  readonly manufacturers: readonly Manufacturer[];
  readonly categories: readonly Category[];
}

/** The price-rule row of a quantity discount. */
function breakRow(productId: number, discount: ProductDiscount): PriceRuleRow {
  return {
    product_id: productId,
    kind: discount.type === 'F' ? 'break_fixed' : 'break_percent',
    customer_group_id: discount.customerGroupId,
    min_qty: discount.quantity,
    priority: discount.priority,
    value: discount.type === 'F' ? discount.price.amount : discount.percent,
    starts: discount.dateStart,
    ends: discount.dateEnd,
  };
}

/** Writes one product's rows: the product, its options, values and stock, categories, prices, points, plans. */
function importProduct(tables: HostTables, p: Product): void {
  tables.products.push({
    id: p.productId,
    parent_id: p.masterId === 0 ? null : p.masterId,
    sku: p.model,
    title: p.name,
    body_html: p.description,
    image_url: p.image,
    brand_id: p.manufacturerId === 0 ? null : p.manufacturerId,
    price: p.price.amount,
    min_qty: p.minimum,
    max_qty: p.maximum === 0 ? null : p.maximum,
    track_stock: p.subtract,
    needs_shipping: p.shipping,
    points_price: p.points,
    tax_class_id: p.taxClassId,
    weight: p.weight,
    weight_class_id: p.weightClassId,
    length: p.length,
    width: p.width,
    height: p.height,
    length_class_id: p.lengthClassId,
    published: p.status,
    available_from: p.dateAvailable,
    position: p.sortOrder,
  });
  tables.stock.push({ product_id: p.productId, option_value_id: null, on_hand: p.quantity });
  for (const o of p.options) {
    tables.options.push({
      id: o.productOptionId,
      product_id: p.productId,
      option_id: o.optionId,
      label: o.name,
      kind: o.type,
      required: o.required,
      default_text: o.value,
      pattern: o.validation,
      position: o.sortOrder,
    });
    for (const [index, v] of o.values.entries()) {
      tables.optionValues.push({
        id: v.productOptionValueId,
        option_row_id: o.productOptionId,
        product_id: p.productId,
        value_id: v.optionValueId,
        label: v.name,
        surcharge: v.price.amount,
        points: v.points,
        extra_weight: v.weight,
        track_stock: v.subtract,
        position: index,
      });
      tables.stock.push({
        product_id: p.productId,
        option_value_id: v.productOptionValueId,
        on_hand: v.quantity,
      });
    }
  }
  for (const [position, categoryId] of p.categoryIds.entries()) {
    tables.productCategories.push({ product_id: p.productId, category_id: categoryId, position });
  }
  for (const s of p.specials) {
    tables.priceRules.push({
      product_id: p.productId,
      kind: 'special',
      customer_group_id: s.customerGroupId,
      min_qty: 1,
      priority: s.priority,
      value: s.price.amount,
      starts: s.dateStart,
      ends: s.dateEnd,
    });
  }
  for (const d of p.discounts) tables.priceRules.push(breakRow(p.productId, d));
  for (const r of p.rewards) {
    tables.loyalty.push({ product_id: p.productId, customer_group_id: r.customerGroupId, points: r.points });
  }
  for (const plan of p.subscriptionPlans) {
    tables.plans.push({
      product_id: p.productId,
      plan_id: plan.subscriptionPlanId,
      customer_group_id: plan.customerGroupId,
      name: plan.name,
      active: plan.status,
      price: plan.price.amount,
      every: plan.frequency,
      cycle: plan.cycle,
      payments: plan.duration,
      trial: plan.trialStatus,
      trial_price: plan.trialPrice.amount,
      trial_every: plan.trialFrequency,
      trial_cycle: plan.trialCycle,
      trial_payments: plan.trialDuration,
    });
  }
}

/**
 * Writes catalog records into the host's tables: what a host's import job does, and how the tests seed the
 * tables for the contract suites (which hand their seeds over as cartwright records).
 */
export function importCatalog(tables: HostTables, records: CatalogRecords): void {
  for (const product of records.products) importProduct(tables, product);
  for (const m of records.manufacturers) {
    tables.brands.push({
      id: m.manufacturerId,
      name: m.name,
      blurb: m.description,
      logo_url: m.image,
      position: m.sortOrder,
      seo_title: m.metaTitle,
      seo_description: m.metaDescription,
      seo_keywords: m.metaKeyword,
    });
  }
  for (const c of records.categories) {
    tables.categories.push({
      id: c.categoryId,
      parent_id: c.parentId === 0 ? null : c.parentId,
      name: c.name,
      position: c.sortOrder,
    });
  }
}
