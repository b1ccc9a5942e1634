/**
 * A priced cart line: a stored {@link CartLine} joined with the catalog, under the seed's Cart line field names.
 *
 * What the library returns differs from the seed's JSON on purpose, in four ways, and the HTTP edge
 * (`cartwright/http`, route `api/cart/getProducts`) answers exactly the seed's fields:
 * - amounts are exact {@link Money} in the store's default currency, net of tax, unrounded (a number in the
 *   session currency is a display value; converting and rounding belong to whoever displays it);
 * - weights and measures are exact decimal strings (the edge answers numbers);
 * - two fields beyond the seed's, which the engine's own steps read: `points` (the reward step's maximum) and
 *   `shipping` (the seed's `shipping_required`); the edge leaves them out;
 * - the subscription object holds `trial_price` and `price` as Money and no `trial_price_text` / `price_text`:
 *   a formatted text needs the session currency and its format, so the edge adds them.
 * @module
 */
import type { Money } from '../../money/index.js';
import type { OptionType, SubscriptionFrequency } from '../records/catalog.js';

/** A chosen option of a priced line, in the seed's shape. */
export interface PricedOption {
  readonly product_option_id: number;
  readonly product_option_value_id: number;
  readonly option_id: number;
  readonly option_value_id: number;
  readonly name: string;
  readonly value: string;
  readonly type: OptionType;
}

/**
 * The seed's subscription object on a cart line, without its two texts (`trial_price_text`, `price_text`), which
 * the HTTP edge formats in the session currency; the prices are exact Money in the default currency, net.
 */
export interface LineSubscription {
  readonly subscription_plan_id: number;
  readonly name: string;
  readonly trial_status: boolean;
  readonly trial_price: Money;
  readonly trial_cycle: number;
  readonly trial_frequency: SubscriptionFrequency;
  readonly trial_duration: number;
  readonly price: Money;
  readonly cycle: number;
  readonly frequency: SubscriptionFrequency;
  readonly duration: number;
}

/**
 * A cart line with every field of the seed's Cart line, money exact (default currency, net of tax) and measures
 * as decimal strings, plus `points` and `shipping` (see the module note for what the HTTP edge changes).
 */
export interface PricedCartLine {
  readonly cart_id: string;
  readonly product_id: number;
  readonly name: string;
  readonly model: string;
  readonly option: readonly PricedOption[];
  readonly subscription: LineSubscription | null;
  readonly subscription_plan_id: number;
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
   * cannot be bought with points (OpenCart's line `points`; not a seed field: the reward step reads it, the HTTP
   * edge leaves it out).
   */
  readonly points: number;
  readonly image: string;
  readonly weight: string;
  readonly weight_class: string;
  readonly length: string;
  readonly width: string;
  readonly height: string;
  readonly length_class: string;
  readonly recurring: string;
  readonly tax_class_id: number;
  /** Whether the product ships (not a seed field: drives `shipping_required`; the HTTP edge leaves it out). */
  readonly shipping: boolean;
}
