/**
 * What operations answer: one kind of answer per result shape, each with its engine result type. A descriptor
 * names its kind; the engine builds the result, and the HTTP edge presents it in OpenCart's JSON shape.
 * @module
 */
import type { PricedCartLine } from '../domain/cart/line.js';
import type { PaymentMethodOffer, ShippingQuote, ShippingQuoteGroup } from '../domain/machine/session.js';
import type { Selection } from '../domain/machine/steps.js';
import type { PaymentAction, PaymentStatus } from '../domain/payment/index.js';
import type { TotalLine } from '../domain/pricing/totals/calculator.js';
import type { Manufacturer, ProductListEntry } from '../domain/records/catalog.js';
import type { OrderRecord } from '../domain/records/order.js';
import type { Money } from '../money/index.js';

/** OpenCart's `products`, `totals` and `shipping_required`. */
export interface CheckoutSummary {
  /** The priced cart lines (net, store default currency). */
  readonly products: readonly PricedCartLine[];
  /** The total lines in the session currency; `total` is their exact sum. */
  readonly totals: readonly TotalLine[];
  /** Some line needs shipping. */
  readonly shippingRequired: boolean;
  /**
   * The totals digest of these lines and totals: sent back with confirm, it refuses an order whose prices,
   * taxes, shipping cost or discounts changed since (the totals guard).
   */
  readonly totalsDigest: string;
}

/**
 * What `getTotals` answers: the total lines and the totals digest of the cart they total, so a client that reads
 * the totals last can still confirm under the totals guard.
 */
export interface CartTotals {
  /** The total lines in the session currency; `total` is their exact sum. */
  readonly totals: readonly TotalLine[];
  /** The totals digest of the cart's lines and these totals (see {@link CheckoutSummary.totalsDigest}). */
  readonly totalsDigest: string;
}

/** What a step that changes the session answers. */
export interface StepResult {
  /** OpenCart's success text. */
  readonly success: string;
  /** Chosen methods the change made stale and dropped; usually empty. */
  readonly dropped: readonly Selection[];
}

/** A step's result with the cart and totals after it (shipping method, payment method, coupon, reward). */
export interface SummaryResult extends StepResult, CheckoutSummary {}

/**
 * What the multi add answers: its success text when it had rows to add; for a request without rows (a client
 * refreshing its cart), the cart as it is, with its totals.
 */
export type CartResult = StepResult | SummaryResult;

/** A shipping quote as offered, with its price as the customer reads it. */
export interface QuotedShipping extends ShippingQuote {
  /**
   * The cost as the customer reads it: with its taxes when the store shows prices with tax (`config_tax`), else
   * `cost`; exact, in the store's default currency (the HTTP edge formats it in the session currency as the
   * quote's `text`).
   */
  readonly shownCost: Money;
}

/** A shipping method's quotes as offered (OpenCart's shipping quote group). */
export interface ShippingMethodOffer extends Omit<ShippingQuoteGroup, 'quote'> {
  readonly quote: Readonly<Record<string, QuotedShipping>>;
  /** Always false: a method with an error is not offered. */
  readonly error: false;
}

/** OpenCart's `shipping_methods`. */
export interface ShippingMethodsResult {
  readonly shippingMethods: Readonly<Record<string, ShippingMethodOffer>>;
  readonly dropped: readonly Selection[];
}

/** OpenCart's `payment_methods`. */
export interface PaymentMethodsResult {
  readonly paymentMethods: Readonly<Record<string, PaymentMethodOffer>>;
  readonly dropped: readonly Selection[];
}

/** Where an order's payment stands, as confirm and the payment calls answer it. */
export interface PaymentSummary {
  readonly status: PaymentStatus;
  /** What the customer must do (open a 3-D Secure page), while `requires_action`; null otherwise. */
  readonly action: PaymentAction | null;
  /** How much was taken, exact, in the payment's currency: set by `payment_refund`. */
  readonly captured?: Money;
  /** How much was given back in all, exact, in the payment's currency: set by `payment_refund`. */
  readonly refunded?: Money;
}

/** OpenCart's confirm success response. */
export interface ConfirmResult extends CheckoutSummary {
  readonly success: string;
  readonly orderId: number;
  /** Reward points the order earns. */
  readonly points: number;
  /**
   * The affiliate's commission, exact, in the store's default currency (the HTTP edge shows it formatted in the
   * session currency).
   */
  readonly commission: Money;
  /**
   * The order's payment, when a payment provider that needs the customer takes it (a card method); absent for
   * the offline methods, whose answer stays OpenCart's.
   */
  readonly payment?: PaymentSummary;
}

/** What a payment call answers: the order and where its payment stands now. */
export interface PaymentResult {
  readonly success: string;
  readonly orderId: number;
  readonly payment: PaymentSummary;
}

/** A manufacturer list entry: the four fields OpenCart's list returns. */
export type ManufacturerListEntry = Pick<Manufacturer, 'manufacturerId' | 'name' | 'image' | 'sortOrder'>;

/** One page of manufacturers and how many there are in all. */
export interface ManufacturerPage {
  readonly manufacturers: readonly ManufacturerListEntry[];
  readonly total: number;
}

/** One page of products and how many match in all. */
export interface ProductPage {
  readonly products: readonly ProductListEntry[];
  readonly total: number;
}

/** Every kind of answer, with the engine's result type of each. */
export interface Answers {
  /** A step's success text (and what it dropped). */
  readonly step: StepResult;
  /** A step's success text with the cart and totals after it. */
  readonly summary: SummaryResult;
  /** The multi add's success text, or without rows the cart and totals as they are. */
  readonly cart: CartResult;
  /** The shipping quotes on offer. */
  readonly shipping_methods: ShippingMethodsResult;
  /** The payment methods on offer. */
  readonly payment_methods: PaymentMethodsResult;
  /** The priced cart lines. */
  readonly cart_lines: readonly PricedCartLine[];
  /** The total lines, with their totals digest. */
  readonly totals: CartTotals;
  /** The placed order. */
  readonly confirm: ConfirmResult;
  /** An order's payment after a payment call. */
  readonly payment: PaymentResult;
  /** A stored order with its history. */
  readonly order: OrderRecord;
  /** One manufacturer. */
  readonly manufacturer: Manufacturer;
  /** A page of manufacturers. */
  readonly manufacturer_page: ManufacturerPage;
  /** A page of products. */
  readonly product_page: ProductPage;
}

/** The kinds of answer. */
export type AnswerKind = keyof Answers;
