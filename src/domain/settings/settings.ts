/**
 * Store settings: OpenCart's `config_*` values as one validated object. Each field names the OpenCart setting it
 * stands for.
 * @module
 */
import type { Currency, RoundingMode } from '../../money/index.js';
import type { TaxBasis } from '../records/tax.js';

/** An order status a history entry can move an order to. */
export interface OrderStatus {
  readonly orderStatusId: number;
  readonly name: string;
}

/** A weight or length unit and its rate against the store's default unit (`value`, decimal string). */
export interface MeasureClass {
  readonly id: number;
  readonly title: string;
  readonly unit: string;
  readonly value: string;
}

/** Where the store is: the address `store`-based tax rules use. */
export interface StoreAddress {
  readonly countryId: number;
  readonly zoneId: number;
}

/** Everything store-wide that the rules depend on. */
export interface StoreSettings {
  /** `config_store_id`. */
  readonly storeId: number;
  /** `config_name`. */
  readonly storeName: string;
  /** `config_url`. */
  readonly storeUrl: string;
  /** `config_language`. */
  readonly language: string;
  /** `config_currency`: the default currency; catalog amounts and orders are in it. */
  readonly currency: string;
  /** The currencies a session may use, the default one included. */
  readonly currencies: readonly Currency[];
  /** `config_customer_group_id`. */
  readonly customerGroupId: number;
  /** `config_telephone_required`. */
  readonly telephoneRequired: boolean;
  /** `config_stock_checkout`: allow ordering more than is in stock. */
  readonly stockCheckout: boolean;
  /** `config_checkout_payment_address`: payment methods and confirm need a payment address. */
  readonly checkoutPaymentAddress: boolean;
  /** `config_order_status_id`: the status confirm gives a new order. */
  readonly orderStatusId: number;
  /** `config_processing_status`. */
  readonly processingStatusIds: readonly number[];
  /** `config_complete_status`. */
  readonly completeStatusIds: readonly number[];
  /** `config_fraud_status_id`. */
  readonly fraudStatusId: number;
  /** `config_void_status_id`. */
  readonly voidStatusId: number;
  /** Every known order status. */
  readonly orderStatuses: readonly OrderStatus[];
  /** `config_tax`: display prices with tax. */
  readonly tax: boolean;
  /** `config_tax_default`: the address basis to use for the store address when the session has none. */
  readonly taxDefault: TaxBasis | null;
  /** `config_country_id` / `config_zone_id`. */
  readonly storeAddress: StoreAddress;
  /** `config_invoice_prefix`. */
  readonly invoicePrefix: string;
  /** `config_weight_class_id` and the known weight classes. */
  readonly weightClassId: number;
  readonly weightClasses: readonly MeasureClass[];
  /** `config_length_class_id` and the known length classes. */
  readonly lengthClassId: number;
  readonly lengthClasses: readonly MeasureClass[];
  /** Tie behaviour when rounding each total line to the currency's decimal places. */
  readonly roundingMode: RoundingMode;
  /**
   * `config_payment_hold_minutes`: how long an order's stock stays held while its payment waits for the
   * customer (a 3-D Secure challenge); default 30.
   */
  readonly paymentHoldMinutes?: number | undefined;
  /**
   * `config_payment_capture_statuses`: a history entry into one of these captures the order's authorized
   * payment first; default the processing and complete statuses less the placed order's status (so a comment on
   * a just-placed order takes no money) and less the void statuses.
   */
  readonly paymentCaptureStatusIds?: readonly number[] | undefined;
  /**
   * `config_payment_void_statuses`: a history entry into one of these voids the order's uncaptured payment, or
   * refunds a captured one; default Canceled, Denied, Voided, Reversed and Refunded (OpenCart's 7, 8, 16, 12, 11).
   */
  readonly paymentVoidStatusIds?: readonly number[] | undefined;
}
