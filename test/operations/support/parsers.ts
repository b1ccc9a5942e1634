/**
 * The operations' forms as parse functions of the shape the form tests use: untrusted value and texts in, the
 * parsed command or a `validation` error out.
 */
import type { Result } from 'neverthrow';
import type { AddressPrefix } from '../../../src/domain/address/rules.js';
import { normaliseManufacturerQuery, normaliseProductQuery } from '../../../src/domain/catalog/queries.js';
import { type CheckoutError, checkoutError } from '../../../src/domain/errors.js';
import type { MessageCatalog } from '../../../src/domain/messages.js';
import { paymentAddress, shippingAddress } from '../../../src/operations/address.js';
import { cart } from '../../../src/operations/cart.js';
import { cartRemove, cartUpdate } from '../../../src/operations/cart-line.js';
import { manufacturer, manufacturerList, productList } from '../../../src/operations/catalog.js';
import { currency } from '../../../src/operations/currency.js';
import { customer } from '../../../src/operations/customer.js';
import type { AnyForm, FormOutput } from '../../../src/operations/form.js';
import { productAdd } from '../../../src/operations/product-add.js';

/** Parses `raw` with an operation's form; malformed fields as a `validation` error. */
export function parseWith<F extends AnyForm>(
  form: F,
  raw: unknown,
  messages: MessageCatalog,
): Result<FormOutput<F>, CheckoutError> {
  return form
    .parse(raw, messages)
    .mapErr((fields: Readonly<Record<string, string>>) => checkoutError('validation', fields));
}

export const parseCustomer = (raw: unknown, messages: MessageCatalog) =>
  parseWith(customer.input, raw, messages);
export const parseCartAdd = (raw: unknown, messages: MessageCatalog) => parseWith(cart.input, raw, messages);
export const parseCartAddProduct = (raw: unknown, messages: MessageCatalog) =>
  parseWith(productAdd.input, raw, messages);
export const parseCartUpdate = (raw: unknown, messages: MessageCatalog) =>
  parseWith(cartUpdate.input, raw, messages);
export const parseCartRemove = (raw: unknown, messages: MessageCatalog) =>
  parseWith(cartRemove.input, raw, messages);
export const parseCurrency = (raw: unknown, messages: MessageCatalog) =>
  parseWith(currency.input, raw, messages);
export const parsePaymentAddress = (raw: unknown, messages: MessageCatalog) =>
  parseWith(paymentAddress.input, raw, messages);
export const parseShippingAddress = (raw: unknown, messages: MessageCatalog) =>
  parseWith(shippingAddress.input, raw, messages);

/** The address an address step reads, without its command. */
export function parseAddress(raw: unknown, prefix: AddressPrefix, messages: MessageCatalog) {
  const form = prefix === 'payment_' ? paymentAddress.input : shippingAddress.input;
  return parseWith(form, raw, messages).map((command) => command.address);
}

export const parseManufacturerId = (raw: unknown, messages: MessageCatalog) =>
  parseWith(manufacturer.input, raw, messages);

/** The manufacturer list's query, normalised (the list never refuses its paging). */
export function parseManufacturerListQuery(raw: unknown) {
  return normaliseManufacturerQuery(manufacturerList.input.parse(raw, {} as MessageCatalog)._unsafeUnwrap());
}

/** The product list's query, normalised with the session's group and day. */
export function parseProductListQuery(raw: unknown, context: Parameters<typeof normaliseProductQuery>[1]) {
  return normaliseProductQuery(productList.input.parse(raw, {} as MessageCatalog)._unsafeUnwrap(), context);
}
