/**
 * The request types of the operations, by name: each is what a client sends (`z.input` of the operation's form).
 * The engine reads every value at run time whatever its static type, so ids and quantities may come as numbers
 * or as decimal strings, as forms and JSON clients send them.
 * @module
 */
import type { paymentAddress, shippingAddress } from './address.js';

export type { AddressRequest } from './address.js';

import type { cart } from './cart.js';
import type { cartRemove, cartUpdate } from './cart-line.js';
import type { manufacturer, manufacturerList, productList } from './catalog.js';
import type { currency } from './currency.js';
import type { customer } from './customer.js';
import type { affiliate, coupon, reward } from './discounts.js';
import type { FormInput } from './form.js';
import type { paymentMethod, shippingMethod } from './methods.js';
import type { confirm, historyAdd, orderInfo } from './order.js';
import type { productAdd } from './product-add.js';

/** The customer step. */
export type CustomerRequest = FormInput<(typeof customer)['input']>;
/** The multi add (`route=api/cart`): rows keyed by `n`, which error keys `product_<n>_…` repeat. */
export type CartRequest = FormInput<(typeof cart)['input']>;
/** The single add: one product. */
export type CartItemRequest = FormInput<(typeof productAdd)['input']>;
/** Changes a cart line's quantity; 0 or less removes it. */
export type CartUpdateRequest = FormInput<(typeof cartUpdate)['input']>;
/** Removes a cart line. */
export type CartRemoveRequest = FormInput<(typeof cartRemove)['input']>;
/** The payment address step. */
export type PaymentAddressRequest = FormInput<(typeof paymentAddress)['input']>;
/** The shipping address step. */
export type ShippingAddressRequest = FormInput<(typeof shippingAddress)['input']>;
/** Switches the session currency. */
export type CurrencyRequest = FormInput<(typeof currency)['input']>;
/** One manufacturer by id. */
export type ManufacturerRequest = FormInput<(typeof manufacturer)['input']>;
/** Paging of the manufacturer list. */
export type ListRequest = FormInput<(typeof manufacturerList)['input']>;
/** The product list's filters and paging. */
export type ProductListRequest = FormInput<(typeof productList)['input']>;
/** The shipping method step: OpenCart's `shipping_method.name/code/cost/tax_class_id`; only `code` selects. */
export type ShippingMethodRequest = FormInput<(typeof shippingMethod)['input']>;
/** The payment method step: OpenCart's `payment_method.name/code`; only `code` selects. */
export type PaymentMethodRequest = FormInput<(typeof paymentMethod)['input']>;
/** A coupon code; `''` removes the coupon. */
export type CouponRequest = FormInput<(typeof coupon)['input']>;
/** Reward points to spend; 0 removes them. */
export type RewardRequest = FormInput<(typeof reward)['input']>;
/** The affiliate (a customer id with an affiliate account); 0 removes it. */
export type AffiliateRequest = FormInput<(typeof affiliate)['input']>;
/** Confirm's fields. */
export type ConfirmRequest = FormInput<(typeof confirm)['input']>;
/** history_add's fields. */
export type HistoryRequest = FormInput<(typeof historyAdd)['input']>;
/** Order info's field. */
export type OrderInfoRequest = FormInput<(typeof orderInfo)['input']>;
