/**
 * A priced cart line: a stored {@link CartLine} joined with the catalog, as a camelCase record.
 *
 * The record holds what the line is, not how it is shown: amounts are exact {@link Money} in the store's default
 * currency, net of tax, unrounded (converting, rounding and formatting belong to whoever displays them); weights
 * and measures are exact decimal strings. The HTTP edge (`cartwright/http`, route `api/cart/getProducts`) builds
 * OpenCart's Cart line JSON from it: snake_case names, numbers in the session currency, the subscription's
 * formatted prices and the `recurring` description.
 * @module
 */
import type { Money } from '../../money/index.js';
import type { OptionType, SubscriptionFrequency } from '../records/catalog.js';

/**
 * A chosen option of a priced line. A select, radio or checkbox value is one entry each, its name as `value`; a
 * free-text option is one entry with value ids 0 and the text as `value`.
 */
export interface LineOption {
  readonly productOptionId: number;
  /** The chosen value (0 for a free-text option). */
  readonly productOptionValueId: number;
  readonly optionId: number;
  /** The catalog option value of the chosen value (0 for a free-text option). */
  readonly optionValueId: number;
  /** The option's name. */
  readonly name: string;
  /** The chosen value's name, or the text of a free-text option. */
  readonly value: string;
  readonly type: OptionType;
}

/** The subscription plan a line is priced by; its prices are exact Money in the default currency, net. */
export interface LineSubscription {
  readonly subscriptionPlanId: number;
  readonly name: string;
  readonly trialStatus: boolean;
  readonly trialPrice: Money;
  readonly trialCycle: number;
  readonly trialFrequency: SubscriptionFrequency;
  readonly trialDuration: number;
  readonly price: Money;
  readonly cycle: number;
  readonly frequency: SubscriptionFrequency;
  /** Number of payments; 0 means until cancelled. */
  readonly duration: number;
}

/**
 * A priced cart line: the product, the chosen options and plan, quantity, stock, money exact (default currency,
 * net of tax) and measures as decimal strings (see the module note for what the HTTP edge shows).
 */
export interface PricedCartLine {
  readonly cartId: string;
  readonly productId: number;
  readonly name: string;
  readonly model: string;
  /** The chosen options, in ascending `productOptionId` order; values no longer on the product are left out. */
  readonly options: readonly LineOption[];
  /** The plan the line is priced by, or null for none. */
  readonly subscription: LineSubscription | null;
  /** The plan the line asks for (0 for none). */
  readonly subscriptionPlanId: number;
  readonly quantity: number;
  readonly minimum: number;
  readonly maximum: number;
  /** Enough stock for this line (counting every line of the same product). */
  readonly stock: boolean;
  readonly subtract: boolean;
  /** Net unit price. */
  readonly price: Money;
  /** `price` × `quantity`. */
  readonly total: Money;
  /** Reward points the line earns. */
  readonly reward: number;
  /**
   * What the line costs in reward points, `(product points + option points) × quantity`, 0 when the product
   * cannot be bought with points (the reward step's maximum).
   */
  readonly points: number;
  readonly image: string;
  /** (Product weight + option weights) × quantity, in the product's weight class. */
  readonly weight: string;
  /** The unit of the product's weight class (`kg`), or `''` when not known. */
  readonly weightClass: string;
  readonly length: string;
  readonly width: string;
  readonly height: string;
  /** The unit of the product's length class (`cm`), or `''` when not known. */
  readonly lengthClass: string;
  readonly taxClassId: number;
  /** Whether the product ships (drives OpenCart's `shipping_required`). */
  readonly shipping: boolean;
}
