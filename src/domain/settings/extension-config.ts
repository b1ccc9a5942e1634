/**
 * The settings of the built-in shipping, payment and total extensions, as data (OpenCart's `shipping_*`,
 * `payment_*` and `total_*` settings). The built-in extensions (`src/extensions`) are made from them; a store
 * (the memory adapter's `data.extensions`) only keeps them. Amounts are in the store's default currency, net of tax.
 * @module
 */
import type { Money } from '../../money/index.js';

/** What every method shares: whether it is on, where it applies and where its group sorts. */
export interface MethodConfig {
  readonly status: boolean;
  /** The geo zone an address must match; 0 for every address. */
  readonly geoZoneId: number;
  readonly sortOrder: number;
}

/** `flat`: one fixed cost per order. */
export interface FlatShippingConfig extends MethodConfig {
  readonly cost: Money;
  readonly taxClassId: number;
}

/** `free`: no cost once the net sub-total reaches `total`. */
export interface FreeShippingConfig extends MethodConfig {
  readonly total: Money;
}

/** `item`: `cost` per unit of the lines that ship. */
export interface ItemShippingConfig extends MethodConfig {
  readonly cost: Money;
  readonly taxClassId: number;
}

/** One step of a weight rate table: carts weighing up to `weight` (inclusive) cost `cost`. */
export interface WeightRateStep {
  /** Weight in the store's weight class (`StoreSettings.weightClassId`), decimal string. */
  readonly weight: string;
  readonly cost: Money;
}

/** The weight rates of one geo zone (OpenCart's `shipping_weight_<geo_zone_id>_rate` and `_status`). */
export interface WeightShippingZone {
  readonly geoZoneId: number;
  readonly status: boolean;
  /** Ascending by weight; the first step whose weight is at least the cart's weight applies. */
  readonly rates: readonly WeightRateStep[];
}

/** `weight`: one quote per enabled geo zone the address matches, priced from that zone's table. */
export interface WeightShippingConfig {
  readonly status: boolean;
  readonly taxClassId: number;
  readonly sortOrder: number;
  readonly zones: readonly WeightShippingZone[];
}

/** `pickup`: collect from the store, no cost. */
export type PickupShippingConfig = MethodConfig;

/** The built-in shipping methods, keyed by method code. */
export interface ShippingExtensionsConfig {
  readonly flat: FlatShippingConfig;
  readonly free: FreeShippingConfig;
  readonly item: ItemShippingConfig;
  readonly weight: WeightShippingConfig;
  readonly pickup: PickupShippingConfig;
}

/** A payment method: where it applies, where it sorts, and the order status it suggests. */
export interface PaymentConfig extends MethodConfig {
  readonly orderStatusId: number;
}

/** `bank_transfer`: the instructions shown to the customer. */
export interface BankTransferConfig extends PaymentConfig {
  readonly instructions: string;
}

/** `cheque`: whom the cheque is made out to. */
export interface ChequeConfig extends PaymentConfig {
  readonly payable: string;
}

/** The built-in payment methods, keyed by method code. */
export interface PaymentExtensionsConfig {
  /** Offered only when the order total is zero. */
  readonly free_checkout: PaymentConfig;
  readonly bank_transfer: BankTransferConfig;
  readonly cheque: ChequeConfig;
  /** Offered only when the cart ships. */
  readonly cod: PaymentConfig;
}

/** A total calculator: on or off, and where it runs in the pipeline. */
export interface TotalConfig {
  readonly status: boolean;
  readonly sortOrder: number;
}

/** `handling` and `low_order_fee`: a taxed fee, added when the sub-total is below `total`. */
export interface FeeTotalConfig extends TotalConfig {
  readonly fee: Money;
  readonly total: Money;
  readonly taxClassId: number;
}

/** The built-in total calculators, keyed by total code. */
export interface TotalExtensionsConfig {
  readonly sub_total: TotalConfig;
  readonly reward: TotalConfig;
  readonly shipping: TotalConfig;
  readonly coupon: TotalConfig;
  readonly tax: TotalConfig;
  readonly handling: FeeTotalConfig;
  readonly credit: TotalConfig;
  readonly low_order_fee: FeeTotalConfig;
  readonly total: TotalConfig;
}

/** Every built-in extension's settings. */
export interface ExtensionConfig {
  readonly shipping: ShippingExtensionsConfig;
  readonly payment: PaymentExtensionsConfig;
  readonly totals: TotalExtensionsConfig;
}
