/**
 * Every operation, in one list: the engine's methods and the HTTP route table are derived from it.
 * @module
 */

import { paymentAddress, shippingAddress } from './address.js';
import type { Answers } from './answers.js';
import { cart } from './cart.js';
import { cartRemove, cartUpdate } from './cart-line.js';
import { cartProducts, cartTotals } from './cart-view.js';
import { manufacturer, manufacturerList, productList } from './catalog.js';
import { currency } from './currency.js';
import { customer } from './customer.js';
import { affiliate, coupon, reward } from './discounts.js';
import type { FormInput } from './form.js';
import { paymentMethod, paymentMethods, shippingMethod, shippingMethods } from './methods.js';
import { confirm, historyAdd, orderInfo } from './order.js';
import { paymentComplete, paymentRefund } from './payment.js';
import { productAdd } from './product-add.js';

/** The list of operations, in OpenCart's order. */
export const operations = [
  customer,
  cart,
  productAdd,
  cartProducts,
  cartTotals,
  cartUpdate,
  cartRemove,
  paymentAddress,
  shippingAddress,
  shippingMethods,
  shippingMethod,
  paymentMethods,
  paymentMethod,
  coupon,
  reward,
  affiliate,
  confirm,
  historyAdd,
  orderInfo,
  paymentComplete,
  paymentRefund,
  currency,
  manufacturer,
  manufacturerList,
  productList,
] as const;

/** Any operation of the list. */
export type Operation = (typeof operations)[number];

/** The operation the engine method `M` runs. */
export type OperationOf<M extends Operation['method']> = Extract<Operation, { readonly method: M }>;

/** What a client sends to an operation. */
export type RequestOf<O extends Operation> = FormInput<O['input']>;

/** What an operation answers. */
export type ResultOf<O extends Operation> = Answers[O['answer']];
