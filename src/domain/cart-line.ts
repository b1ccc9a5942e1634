/**
 * A priced cart line: a stored {@link CartLine} joined with the catalog, as the seed's cart products query
 * answers it (money still exact and in the default currency; the HTTP edge formats it).
 * @module
 */
import type { Money } from '../money/index.js';
import type { OptionType, SubscriptionFrequency } from './records/catalog.js';

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

/** The seed's subscription object on a cart line. */
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

/** A cart line with every field of the seed's Cart line (money exact, net of tax). */
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
   * cannot be bought with points (OpenCart's line `points`; not a seed field, the reward step reads it).
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
  /** Whether the product ships (not a seed field; drives `shipping_required`). */
  readonly shipping: boolean;
}
