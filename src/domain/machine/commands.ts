/**
 * Commands: what a client asked the checkout to do, already parsed from untrusted input by `src/input` (types are
 * right, strings are strings, ids are integers) but not yet checked against the rules. `decide` checks them.
 * @module
 */
import type { AddressInput } from '../address/rules.js';

/**
 * The customer step's fields, as OpenCart's Customer table names them. Values are as posted (untrimmed);
 * `customField` values are whatever was posted (the custom field rules check them).
 */
export interface CustomerInput {
  /** 0 for a guest; otherwise an existing customer's id. */
  readonly customerId: number;
  /** 0 (or omitted) for the store's default group. */
  readonly customerGroupId: number;
  readonly firstname: string;
  readonly lastname: string;
  readonly email: string;
  readonly telephone: string;
  /** Posted values keyed by custom_field_id. */
  readonly customField: Readonly<Record<string, unknown>>;
}

/** Sets the customer (OpenCart's step 1). */
export interface SetCustomerCommand {
  readonly type: 'set_customer';
  readonly customer: CustomerInput;
}

/** One product to add, as posted. */
export interface CartItemInput {
  /** The item's key in the request (`n` of `product[n]`), used in error keys `product_<n>_…`; `''` for a single add. */
  readonly key: string;
  readonly productId: number;
  /** Units to add, at least 1. */
  readonly quantity: number;
  /** Posted option values keyed by product_option_id, unchecked (the option rules check them). */
  readonly options: Readonly<Record<string, unknown>>;
  /** 0 for none. */
  readonly subscriptionPlanId: number;
}

/**
 * Adds products to the cart (OpenCart's step 2). `multi` is `route=api/cart` (keys `product_<n>_…` plus a `warning`
 * summary, all or nothing); `single` is `route=api/cart/addProduct` (keys `warning`, `option_<id>`,
 * `subscription`), with exactly one item.
 */
export interface AddProductsCommand {
  readonly type: 'add_products';
  readonly mode: 'multi' | 'single';
  readonly items: readonly CartItemInput[];
}

/** Sets the quantity of one cart line; a quantity of 0 or less removes it. */
export interface UpdateCartLineCommand {
  readonly type: 'update_cart_line';
  readonly cartId: string;
  readonly quantity: number;
}

/** Removes one cart line. */
export interface RemoveCartLineCommand {
  readonly type: 'remove_cart_line';
  readonly cartId: string;
}

/** Sets the payment address (OpenCart's step 3); `address.customField` holds the posted values, unchecked. */
export interface SetPaymentAddressCommand {
  readonly type: 'set_payment_address';
  readonly address: AddressCommandInput;
}

/** Sets the shipping address (OpenCart's step 4). */
export interface SetShippingAddressCommand {
  readonly type: 'set_shipping_address';
  readonly address: AddressCommandInput;
}

/** An address as posted: the address fields, and custom field values not yet checked. */
export type AddressCommandInput = Omit<AddressInput, 'customField'> & {
  readonly customField: Readonly<Record<string, unknown>>;
};

/** Switches the session's currency (one of the store's currencies). */
export interface SetCurrencyCommand {
  readonly type: 'set_currency';
  readonly currency: string;
}

/** Stores the shipping quotes on offer for the session (OpenCart's `shipping_methods`). */
export interface QuoteShippingCommand {
  readonly type: 'quote_shipping';
}

/**
 * Chooses a shipping quote by its code `<method>.<quote>` (OpenCart's step 5). Only a quoted code is accepted; the
 * quote's own name, cost and tax class are used, whatever else the client sent.
 */
export interface SetShippingMethodCommand {
  readonly type: 'set_shipping_method';
  readonly code: string;
}

/** Stores the payment methods on offer for the session (OpenCart's `payment_methods`). */
export interface OfferPaymentCommand {
  readonly type: 'offer_payment';
}

/** Chooses a payment method by its code (`cod`) or its option's code (`cod.cod`) (OpenCart's step 6). */
export interface SetPaymentMethodCommand {
  readonly type: 'set_payment_method';
  readonly code: string;
}

/** Applies a coupon code; `''` removes the coupon. */
export interface SetCouponCommand {
  readonly type: 'set_coupon';
  readonly code: string;
}

/** Spends reward points of the logged-in customer; 0 removes them. */
export interface SetRewardCommand {
  readonly type: 'set_reward';
  readonly points: number;
}

/** Sets the affiliate the order's commission goes to; 0 removes it. */
export interface SetAffiliateCommand {
  readonly type: 'set_affiliate';
  readonly affiliateId: number;
}

/** Every command `decide` understands. */
export type CheckoutCommand =
  | SetCustomerCommand
  | AddProductsCommand
  | UpdateCartLineCommand
  | RemoveCartLineCommand
  | SetPaymentAddressCommand
  | SetShippingAddressCommand
  | SetCurrencyCommand
  | QuoteShippingCommand
  | SetShippingMethodCommand
  | OfferPaymentCommand
  | SetPaymentMethodCommand
  | SetCouponCommand
  | SetRewardCommand
  | SetAffiliateCommand;

/** The `type` of each command. */
export type CommandType = CheckoutCommand['type'];
