/**
 * The order record: what confirm writes and an {@link OrderRepository} keeps. Amounts are in the store's default
 * currency, as OpenCart stores them; `currencyCode` and `currencyValue` say how the customer saw them.
 * @module
 */
import type { Money } from '../../money/index.js';
import type { StockHold } from '../payment/hold.js';
import type { PaymentRecord } from '../payment/record.js';
import type { Address, CustomerDetails } from './address.js';
import type { SubscriptionFrequency } from './catalog.js';

/** An address as copied into an order. */
export type OrderAddress = Address;

/** The customer as set on the session at confirm. */
export type OrderCustomer = CustomerDetails;

/** A chosen option of an order line. `subtract` tells history moves whether the value's stock moves. */
export interface OrderOption {
  readonly productOptionId: number;
  readonly productOptionValueId: number;
  readonly optionId: number;
  readonly optionValueId: number;
  readonly name: string;
  readonly value: string;
  readonly type: string;
  readonly subtract: boolean;
}

/** The subscription bought with an order line. */
export interface OrderSubscription {
  readonly subscriptionPlanId: number;
  readonly name: string;
  readonly trialStatus: boolean;
  readonly trialPrice: Money;
  readonly trialTax: Money;
  readonly trialFrequency: SubscriptionFrequency;
  readonly trialCycle: number;
  readonly trialDuration: number;
  readonly price: Money;
  readonly tax: Money;
  readonly frequency: SubscriptionFrequency;
  readonly cycle: number;
  readonly duration: number;
}

/** One order line. `price` and `total` are net; `tax` is the unrounded tax on one unit. */
export interface OrderProduct {
  readonly productId: number;
  readonly masterId: number;
  readonly name: string;
  readonly model: string;
  readonly quantity: number;
  readonly price: Money;
  readonly total: Money;
  readonly tax: Money;
  /** Reward points the line earns. */
  readonly reward: number;
  /** Whether stock moves for this product. */
  readonly subtract: boolean;
  readonly options: readonly OrderOption[];
  readonly subscription: OrderSubscription | null;
}

/** A total line as shown to the customer at confirm, in the default currency. */
export interface OrderTotal {
  readonly code: string;
  readonly title: string;
  readonly value: Money;
  readonly sortOrder: number;
}

/** One tax amount of the order, by rate. */
export interface OrderTax {
  readonly taxRateId: number;
  readonly name: string;
  readonly amount: Money;
}

/** The shipping method of the order, as quoted. */
export interface OrderShippingMethod {
  readonly name: string;
  readonly code: string;
  readonly cost: Money;
  readonly taxClassId: number;
}

/** The payment method of the order. */
export interface OrderPaymentMethod {
  readonly name: string;
  readonly code: string;
}

/** Where the order came from: the client as seen by the HTTP host. */
export interface OrderClient {
  readonly ip: string;
  readonly forwardedIp: string;
  readonly userAgent: string;
  readonly acceptLanguage: string;
}

/** Everything confirm decides for an order; the repository adds the id, status, revision and history. */
export interface OrderDraft {
  readonly storeId: number;
  readonly storeName: string;
  readonly storeUrl: string;
  readonly invoicePrefix: string;
  readonly apiUserId: number;
  readonly customer: OrderCustomer;
  readonly paymentAddress: OrderAddress | null;
  readonly shippingAddress: OrderAddress | null;
  readonly paymentMethod: OrderPaymentMethod | null;
  readonly shippingMethod: OrderShippingMethod | null;
  readonly products: readonly OrderProduct[];
  readonly totals: readonly OrderTotal[];
  readonly taxes: readonly OrderTax[];
  readonly total: Money;
  readonly comment: string;
  readonly couponCode: string;
  /** Reward points spent on the order. */
  readonly rewardPoints: number;
  /**
   * The account the session was logged in as at confirm (matched by e-mail), 0 for none. The
   * reward points are spent from it and the coupon use counted against it: the customer's own `customerId` is
   * what the customer step posted (0 for a guest), which may be a guest using an account's e-mail, and the
   * checkout view lets that login spend points.
   */
  readonly loggedInCustomerId: number;
  readonly affiliateId: number;
  readonly commission: Money;
  readonly languageCode: string;
  readonly currencyCode: string;
  /** Rate of `currencyCode` against the default currency at the time of the order. */
  readonly currencyValue: string;
  readonly client: OrderClient;
  /** ISO-8601 timestamps from the injected clock. */
  readonly dateAdded: string;
  readonly dateModified: string;
}

/** One entry of an order's history. */
export interface OrderHistoryEntry {
  readonly orderHistoryId: number;
  readonly orderStatusId: number;
  readonly comment: string;
  readonly notify: boolean;
  readonly dateAdded: string;
}

/**
 * A stored order. `revision` grows by one with every write, for compare-and-set updates. An order paid through a
 * payment provider carries its `payment` and, while the payment is open, the `stockHold` of its lines; an order
 * confirmed without one has neither key.
 */
export interface OrderRecord extends OrderDraft {
  readonly orderId: number;
  readonly orderStatusId: number;
  readonly revision: number;
  readonly history: readonly OrderHistoryEntry[];
  readonly payment?: PaymentRecord;
  readonly stockHold?: StockHold;
}
