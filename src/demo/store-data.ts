/**
 * A store's data as plain tables: the snapshot a store is loaded from (the demo store is one, which the memory
 * and the PostgreSQL adapters both load), and the tables every memory adapter reads and writes. Adapters made
 * over one {@link MemoryStoreData} share it: stock the order repository moves is what the catalog reads next, and
 * the coupon and reward ledgers it writes are what the coupon and customer directories count.
 * @module
 */

import type { StockHold } from '../domain/payment/index.js';
import type { ApiUser } from '../domain/records/api-user.js';
import type { Category, Manufacturer, Product } from '../domain/records/catalog.js';
import type { Coupon } from '../domain/records/coupon.js';
import type {
  Affiliate,
  Customer,
  CustomerGroup,
  CustomFieldLocation,
  CustomFieldOption,
  CustomFieldType,
} from '../domain/records/customers.js';
import type { Country, GeoZone } from '../domain/records/geo.js';
import type { OrderRecord } from '../domain/records/order.js';
import type { TaxRate, TaxRule } from '../domain/records/tax.js';
import type { ExtensionConfig } from '../domain/settings/extension-config.js';
import type { StoreSettings } from '../domain/settings/settings.js';
import type { Money } from '../money/index.js';

/** A custom field's setting for one customer group (OpenCart's `custom_field_customer_group`). */
export interface CustomFieldGroupSetting {
  readonly customerGroupId: number;
  readonly required: boolean;
}

/**
 * A custom field as stored: the definition plus the groups it applies to. The customer directory turns it into
 * the per-group `CustomField` record.
 */
export interface CustomFieldDefinition {
  readonly customFieldId: number;
  readonly name: string;
  readonly location: CustomFieldLocation;
  readonly type: CustomFieldType;
  /** Full regular expression with delimiters for text fields; empty for none. */
  readonly validation: string;
  /** Disabled fields apply to no group. */
  readonly status: boolean;
  readonly sortOrder: number;
  readonly values: readonly CustomFieldOption[];
  /** The groups the field is asked of; a group not listed never sees it. */
  readonly customerGroups: readonly CustomFieldGroupSetting[];
}

/** A tax class (`tax_class`): the name products and shipping methods refer to by id. */
export interface TaxClass {
  readonly taxClassId: number;
  readonly title: string;
  readonly description: string;
}

/** One recorded coupon redemption (`coupon_history`). */
export interface CouponUse {
  readonly couponHistoryId: number;
  readonly couponId: number;
  readonly orderId: number;
  /** 0 for a guest. */
  readonly customerId: number;
  /** The discount granted, negative or positive as the rules gave it. */
  readonly amount: Money;
  readonly dateAdded: string;
}

/**
 * One entry of a customer's reward-point ledger (`customer_reward`). A balance is the sum of the entries;
 * a reward redemption writes its signed `points` (negative spends) with the order's id.
 */
export interface RewardPointEntry {
  readonly customerRewardId: number;
  readonly customerId: number;
  /** The order that spent or earned the points; 0 for none. */
  readonly orderId: number;
  readonly description: string;
  readonly points: number;
  readonly dateAdded: string;
}

/** A claimed idempotency key: the order it produced and the fingerprint of the payload that produced it. */
export interface IdempotencyRecord {
  readonly scope: string;
  readonly key: string;
  readonly fingerprint: string;
  readonly orderId: number;
}

/** The last id issued by each sequence (0 before the first). */
export interface MemorySequences {
  orderId: number;
  orderHistoryId: number;
  couponHistoryId: number;
  customerRewardId: number;
}

/**
 * The mutable tables of a memory store. Records in the tables are treated as immutable: writers replace an
 * entry with a new record rather than change it, and the adapters freeze what they hand out, so a host that
 * edits the data should replace records (`data.products.set(id, { ...product, price })`) too.
 */
export interface MemoryStoreData {
  /** Store-wide settings (`config_*`). */
  settings: StoreSettings;
  /** Shipping, payment and total extension settings. */
  extensions: ExtensionConfig;
  readonly products: Map<number, Product>;
  readonly manufacturers: Map<number, Manufacturer>;
  readonly categories: Map<number, Category>;
  readonly customers: Map<number, Customer>;
  readonly customerGroups: Map<number, CustomerGroup>;
  readonly customFields: Map<number, CustomFieldDefinition>;
  readonly countries: Map<number, Country>;
  readonly geoZones: Map<number, GeoZone>;
  readonly taxClasses: Map<number, TaxClass>;
  /** Every tax rule; a class has several, one per rate. */
  taxRules: TaxRule[];
  readonly taxRates: Map<number, TaxRate>;
  readonly coupons: Map<number, Coupon>;
  /** The coupon redemptions ledger. */
  couponUses: CouponUse[];
  /** The reward-point ledger of every customer. */
  rewardPoints: RewardPointEntry[];
  /** Affiliate accounts by customer id. */
  readonly affiliates: Map<number, Affiliate>;
  readonly apiUsers: Map<number, ApiUser>;
  readonly orders: Map<number, OrderRecord>;
  /** Claimed idempotency keys, by {@link idempotencyKey}. */
  readonly idempotencyKeys: Map<string, IdempotencyRecord>;
  /**
   * The stock holds still holding units, by order id (the same holds the orders' records carry): what a read
   * or a write checks for holds whose time has come.
   */
  readonly stockHolds: Map<number, StockHold>;
  readonly sequences: MemorySequences;
}

/** An empty store with the given settings: no catalog, no customers, no orders. */
export function createMemoryStoreData(settings: StoreSettings, extensions: ExtensionConfig): MemoryStoreData {
  return {
    settings,
    extensions,
    products: new Map(),
    manufacturers: new Map(),
    categories: new Map(),
    customers: new Map(),
    customerGroups: new Map(),
    customFields: new Map(),
    countries: new Map(),
    geoZones: new Map(),
    taxClasses: new Map(),
    taxRules: [],
    taxRates: new Map(),
    coupons: new Map(),
    couponUses: [],
    rewardPoints: [],
    affiliates: new Map(),
    apiUsers: new Map(),
    orders: new Map(),
    idempotencyKeys: new Map(),
    stockHolds: new Map(),
    sequences: { orderId: 0, orderHistoryId: 0, couponHistoryId: 0, customerRewardId: 0 },
  };
}

/**
 * The key of an idempotency claim in {@link MemoryStoreData.idempotencyKeys}. JSON keeps scope and key apart
 * whatever characters they hold, so `("a:b", "c")` and `("a", "b:c")` never collide.
 */
export function idempotencyKey(scope: string, key: string): string {
  return JSON.stringify([scope, key]);
}
