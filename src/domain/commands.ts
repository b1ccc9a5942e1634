/**
 * Commands: what a client asked the checkout to do, already parsed from untrusted input by `src/input` (types are
 * right, strings are strings, ids are integers) but not yet checked against the rules. `decide` checks them.
 * @module
 */
import type { AddressInput } from './address.js';

/**
 * The customer step's fields, as the seed's Customer table names them. Values are as posted (untrimmed);
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

/** Sets the customer (seed step 1). */
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
 * Adds products to the cart (seed step 2). `multi` is `route=api/cart` (keys `product_<n>_…` plus a `warning`
 * summary, all or nothing); `single` is `route=api/cart/addProduct` (keys `warning`, `option_<id>`,
 * `subscription`), with exactly one item.
 */
export interface AddProductsCommand {
  readonly type: 'add_products';
  readonly mode: 'multi' | 'single';
  readonly items: readonly CartItemInput[];
}

/** Sets the quantity of one cart line; a quantity of 0 or less removes it (DECISIONS 13). */
export interface UpdateCartLineCommand {
  readonly type: 'update_cart_line';
  readonly cartId: string;
  readonly quantity: number;
}

/** Removes one cart line (DECISIONS 13). */
export interface RemoveCartLineCommand {
  readonly type: 'remove_cart_line';
  readonly cartId: string;
}

/** Sets the payment address (seed step 3); `address.customField` holds the posted values, unchecked. */
export interface SetPaymentAddressCommand {
  readonly type: 'set_payment_address';
  readonly address: AddressCommandInput;
}

/** Sets the shipping address (seed step 4). */
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

/** Every command `decide` understands. */
export type CheckoutCommand =
  | SetCustomerCommand
  | AddProductsCommand
  | UpdateCartLineCommand
  | RemoveCartLineCommand
  | SetPaymentAddressCommand
  | SetShippingAddressCommand
  | SetCurrencyCommand;

/** The `type` of each command. */
export type CommandType = CheckoutCommand['type'];
