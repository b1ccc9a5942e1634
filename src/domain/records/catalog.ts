/**
 * Catalog records: what a {@link Catalog} port returns. Prices are {@link Money} in the store's default currency;
 * weights and dimensions are decimal strings; dates are `YYYY-MM-DD` strings or `null` for "no limit".
 * @module
 */
import type { Money } from '../../money/index.js';

/** The option types of OpenCart. */
export type OptionType =
  | 'select'
  | 'radio'
  | 'checkbox'
  | 'text'
  | 'textarea'
  | 'file'
  | 'date'
  | 'time'
  | 'datetime';

/** All {@link OptionType} values, in OpenCart's order. */
export const optionTypes: readonly OptionType[] = [
  'select',
  'radio',
  'checkbox',
  'text',
  'textarea',
  'file',
  'date',
  'time',
  'datetime',
];

/** One choosable value of a select, radio or checkbox option. `price` is signed and added to the unit price. */
export interface ProductOptionValue {
  readonly productOptionValueId: number;
  readonly optionValueId: number;
  readonly name: string;
  /** Stock of this value; counted only when `subtract` is set. */
  readonly quantity: number;
  readonly subtract: boolean;
  readonly price: Money;
  /** Reward-point price added per unit. */
  readonly points: number;
  /** Weight added per unit, in the product's weight class. */
  readonly weight: string;
}

/** An option of one product (`product_option_id` in OpenCart). */
export interface ProductOption {
  readonly productOptionId: number;
  readonly optionId: number;
  readonly name: string;
  readonly type: OptionType;
  readonly required: boolean;
  /** Default value shown for free-text types (not applied automatically). */
  readonly value: string;
  /** Full regular expression with delimiters (`/^[0-9]+$/`) for text options; empty for none. */
  readonly validation: string;
  readonly sortOrder: number;
  /** Values of select/radio/checkbox options; empty for the free-text types. */
  readonly values: readonly ProductOptionValue[];
}

/** How a quantity discount prices a unit (OpenCart 4.1's `product_discount.type`): fixed price or percentage. */
export type DiscountType = 'F' | 'P';

/** What every quantity discount states: whom it is for, from how many units, and when. */
export interface DiscountTerms {
  readonly customerGroupId: number;
  /** The discount applies from this many units of the product in the cart (all its lines together). */
  readonly quantity: number;
  /** Among rows for the same quantity, the lowest number wins. */
  readonly priority: number;
  readonly dateStart: string | null;
  readonly dateEnd: string | null;
}

/** Type `F`: from `quantity` units on, the unit price before options is `price` (options are added to it). */
export interface FixedPriceDiscount extends DiscountTerms {
  readonly type: 'F';
  readonly price: Money;
}

/**
 * Type `P`: from `quantity` units on, `percent` percent comes off the unit price with its options. A
 * percentage is not an amount of money, so it is a decimal string (`"12.5000"`), not a {@link Money}.
 */
export interface PercentageDiscount extends DiscountTerms {
  readonly type: 'P';
  readonly percent: string;
}

/** A quantity discount for a customer group, a fixed price or a percentage off. */
export type ProductDiscount = FixedPriceDiscount | PercentageDiscount;

/** A promotional price for a customer group inside a date window. */
export interface ProductSpecial {
  readonly customerGroupId: number;
  readonly priority: number;
  readonly price: Money;
  readonly dateStart: string | null;
  readonly dateEnd: string | null;
}

/** Billing frequencies of a subscription plan. */
export type SubscriptionFrequency = 'day' | 'week' | 'semi_month' | 'month' | 'year';

/** A subscription plan offered on a product to one customer group. */
export interface SubscriptionPlan {
  readonly subscriptionPlanId: number;
  readonly customerGroupId: number;
  readonly name: string;
  readonly status: boolean;
  readonly price: Money;
  readonly frequency: SubscriptionFrequency;
  readonly cycle: number;
  /** Number of payments; 0 means until cancelled. */
  readonly duration: number;
  readonly trialStatus: boolean;
  readonly trialPrice: Money;
  readonly trialFrequency: SubscriptionFrequency;
  readonly trialCycle: number;
  readonly trialDuration: number;
}

/** Reward points a customer group earns per unit bought. */
export interface ProductReward {
  readonly customerGroupId: number;
  readonly points: number;
}

/** A product with everything pricing and validation need, read in one batch per command. */
export interface Product {
  readonly productId: number;
  /** The master product of a variant; 0 for none. */
  readonly masterId: number;
  readonly name: string;
  readonly model: string;
  readonly description: string;
  readonly image: string;
  readonly manufacturerId: number;
  readonly price: Money;
  /** Units in stock. */
  readonly quantity: number;
  readonly minimum: number;
  /** 0 means no maximum. */
  readonly maximum: number;
  /** Whether confirmed orders take units out of stock. */
  readonly subtract: boolean;
  /** Whether the product needs shipping. */
  readonly shipping: boolean;
  /** Reward-point price per unit (0: cannot be bought with points). */
  readonly points: number;
  readonly taxClassId: number;
  readonly weight: string;
  readonly weightClassId: number;
  readonly length: string;
  readonly width: string;
  readonly height: string;
  readonly lengthClassId: number;
  /** Enabled for sale. A disabled product is "not found" to the cart. */
  readonly status: boolean;
  /** First day the product can be bought, `YYYY-MM-DD`. */
  readonly dateAvailable: string;
  readonly sortOrder: number;
  readonly categoryIds: readonly number[];
  readonly options: readonly ProductOption[];
  readonly discounts: readonly ProductDiscount[];
  readonly specials: readonly ProductSpecial[];
  readonly rewards: readonly ProductReward[];
  readonly subscriptionPlans: readonly SubscriptionPlan[];
}

/** A manufacturer (brand), as OpenCart's get-manufacturer answers it. */
export interface Manufacturer {
  readonly manufacturerId: number;
  readonly name: string;
  readonly description: string;
  readonly image: string;
  readonly sortOrder: number;
  readonly metaTitle: string;
  readonly metaDescription: string;
  readonly metaKeyword: string;
}

/** A category; `parentId` 0 is a top-level category. */
export interface Category {
  readonly categoryId: number;
  readonly parentId: number;
  readonly name: string;
  readonly sortOrder: number;
}

/** Sort keys of the manufacturer list. */
export type ManufacturerSort = 'name' | 'sort_order';
/** Sort keys of the product list (OpenCart's `pd.name`, `p.sort_order`, `p.price` normalised). */
export type ProductSort = 'name' | 'sort_order' | 'price';
/** Sort direction. */
export type SortOrder = 'ASC' | 'DESC';

/** A normalised manufacturer-list query: defaults applied, bounds enforced. */
export interface ManufacturerListQuery {
  readonly sort: ManufacturerSort;
  readonly order: SortOrder;
  readonly start: number;
  readonly limit: number;
}

/** The filters shared by the product list and its count. */
export interface ProductFilter {
  readonly manufacturerId: number | null;
  readonly categoryId: number | null;
  /** With a category: include products of every descendant category. */
  readonly subCategories: boolean;
}

/** A normalised product-list query. `customerGroupId` and `today` decide which special applies. */
export interface ProductListQuery extends ProductFilter {
  readonly sort: ProductSort;
  readonly order: SortOrder;
  readonly start: number;
  readonly limit: number;
  readonly customerGroupId: number;
  /** `YYYY-MM-DD`: specials and discounts are valid on this day. */
  readonly today: string;
}

/** One row of the product list. `price` is net; `special` is the promotional price or `null`. */
export interface ProductListEntry {
  readonly productId: number;
  readonly name: string;
  readonly model: string;
  readonly price: Money;
  readonly special: Money | null;
  readonly manufacturerId: number;
  readonly manufacturer: string;
  readonly image: string;
}
