/**
 * What the storefront's page reads: the checkout's answers (exact `Money`, camelCase records) turned into the
 * small JSON the page shows, every amount already formatted in its own currency, so the page does no arithmetic
 * and no rounding of its own.
 */
import { type CheckoutSummary, formatMoney, type Money, type StoreSettings } from 'cartwright';
import {
  findCurrency,
  type OrderRecord,
  type PaymentMethodOffer,
  type PricedCartLine,
  type Product,
  type ShippingMethodOffer,
  type TotalLine,
} from 'cartwright/core';

/** A product option as the page offers it. */
export interface ShownOption {
  readonly productOptionId: number;
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly values: readonly {
    readonly productOptionValueId: number;
    readonly name: string;
    readonly price: string;
  }[];
}

/** A product as the page lists it. */
export interface ShownProduct {
  readonly productId: number;
  readonly name: string;
  readonly model: string;
  /** The net unit price, formatted. */
  readonly price: string;
  /** Units in stock (taken by placed orders and by payments still open). */
  readonly stock: number;
  readonly minimum: number;
  readonly shipping: boolean;
  readonly options: readonly ShownOption[];
}

/** A cart line as the page shows it. */
export interface ShownLine {
  readonly cartId: string;
  readonly productId: number;
  readonly name: string;
  readonly model: string;
  readonly options: readonly { readonly name: string; readonly value: string }[];
  readonly quantity: number;
  readonly price: string;
  readonly total: string;
  /** Enough stock for the line. */
  readonly stock: boolean;
}

/** A total line as the page shows it. */
export interface ShownTotal {
  readonly code: string;
  readonly title: string;
  readonly text: string;
}

/** The cart as the page shows it. */
export interface ShownCart {
  readonly lines: readonly ShownLine[];
  readonly totals: readonly ShownTotal[];
  readonly shippingRequired: boolean;
  /** The digest of these lines and totals: confirm sends it back, and is refused if they changed since. */
  readonly totalsDigest: string;
}

/** A method on offer: its code (what the page sends back) and what the customer reads. */
export interface ShownMethod {
  readonly code: string;
  readonly title: string;
  /** The cost as the customer reads it, for shipping; empty for payment. */
  readonly text: string;
}

/** A placed order as the page shows it. */
export interface ShownOrder {
  readonly orderId: number;
  readonly status: string;
  readonly customer: string;
  readonly email: string;
  readonly shippingMethod: string;
  readonly paymentMethod: string;
  readonly lines: readonly { readonly name: string; readonly quantity: number; readonly total: string }[];
  readonly totals: readonly ShownTotal[];
}

/** Formats money in the store's currencies. */
export interface Presenter {
  text(m: Money): string;
  product(product: Product): ShownProduct;
  cart(summary: CheckoutSummary): ShownCart;
  shipping(offers: Readonly<Record<string, ShippingMethodOffer>>): ShownMethod[];
  payment(offers: Readonly<Record<string, PaymentMethodOffer>>): ShownMethod[];
  order(order: OrderRecord): ShownOrder;
}

/** A presenter over the store's settings (its currencies and order statuses). */
export function createPresenter(settings: StoreSettings): Presenter {
  const text = (m: Money): string => {
    const currency = findCurrency(settings.currencies, m.currency);
    return currency === undefined
      ? `${m.amount} ${m.currency}`
      : formatMoney(m, currency, { mode: settings.roundingMode });
  };
  const totals = (lines: readonly TotalLine[]): ShownTotal[] =>
    lines.map((line) => ({ code: line.code, title: line.title, text: text(line.value) }));
  const line = (priced: PricedCartLine): ShownLine => ({
    cartId: priced.cartId,
    productId: priced.productId,
    name: priced.name,
    model: priced.model,
    options: priced.options.map((option) => ({ name: option.name, value: option.value })),
    quantity: priced.quantity,
    price: text(priced.price),
    total: text(priced.total),
    stock: priced.stock,
  });
  return {
    text,
    product: (product) => ({
      productId: product.productId,
      name: product.name,
      model: product.model,
      price: text(product.price),
      stock: product.quantity,
      minimum: product.minimum,
      shipping: product.shipping,
      options: product.options.map((option) => ({
        productOptionId: option.productOptionId,
        name: option.name,
        type: option.type,
        required: option.required,
        values: option.values.map((value) => ({
          productOptionValueId: value.productOptionValueId,
          name: value.name,
          price: text(value.price),
        })),
      })),
    }),
    cart: (summary) => ({
      lines: summary.products.map(line),
      totals: totals(summary.totals),
      shippingRequired: summary.shippingRequired,
      totalsDigest: summary.totalsDigest,
    }),
    shipping: (offers) =>
      Object.values(offers).flatMap((group) =>
        Object.values(group.quote).map((quote) => ({
          code: quote.code,
          title: quote.name,
          text: text(quote.shownCost),
        })),
      ),
    payment: (offers) =>
      Object.values(offers).map((offer) => ({ code: offer.code, title: offer.name, text: '' })),
    order: (order) => ({
      orderId: order.orderId,
      status:
        settings.orderStatuses.find((status) => status.orderStatusId === order.orderStatusId)?.name ??
        String(order.orderStatusId),
      customer: `${order.customer.firstname} ${order.customer.lastname}`,
      email: order.customer.email,
      shippingMethod: order.shippingMethod?.name ?? '',
      paymentMethod: order.paymentMethod?.name ?? '',
      lines: order.products.map((product) => ({
        name: product.name,
        quantity: product.quantity,
        total: text(product.total),
      })),
      totals: totals(order.totals),
    }),
  };
}
