/**
 * What a total calculator is: the lines, taxes and running state of the totals pipeline, the context a step reads,
 * and the step itself. Pure types of the domain (a calculator is a pure, synchronous function); the
 * `TotalCalculator` extension port re-exports them.
 * @module
 */

import type { Currency, Money } from '../../../money/index.js';
import type { PricedCartLine } from '../../cart/line.js';
import type { ShippingQuote } from '../../machine/session.js';
import type { MessageCatalog } from '../../messages.js';
import type { Coupon } from '../../records/coupon.js';
import type { StoreSettings } from '../../settings/settings.js';

/** One line of the totals, in the session currency once rounded. */
export interface TotalLine {
  readonly code: string;
  readonly title: string;
  readonly value: Money;
  readonly sortOrder: number;
}

/** One tax amount by rate. */
export interface TaxAmount {
  readonly taxRateId: number;
  readonly name: string;
  readonly amount: Money;
}

/** The running state a calculator receives and returns; amounts exact, in the default currency. */
export interface TotalsState {
  readonly lines: readonly TotalLine[];
  /** Tax by rate id, exact. */
  readonly taxes: Readonly<Record<string, TaxAmount>>;
  /** The running total. */
  readonly total: Money;
}

/** What calculators may read. `taxesOn` is the pure tax rule for the session's addresses and group. */
export interface TotalsContext {
  /** The session being priced: a host keeping per-checkout choices (store credit to spend) keys them by it. */
  readonly sessionId: string;
  /**
   * The account logged in by the customer step's e-mail, whose reward points and store credit
   * are the ones that may be spent; null for a guest.
   */
  readonly loggedInCustomerId: number | null;
  readonly lines: readonly PricedCartLine[];
  readonly shippingMethod: ShippingQuote | null;
  readonly coupon: Coupon | null;
  /** Product ids that qualify for the coupon (every line when the coupon names no products or categories). */
  readonly couponProductIds: readonly number[];
  readonly reward: number;
  readonly currency: Currency;
  readonly settings: StoreSettings;
  /** The session's texts (total line titles). */
  readonly messages: MessageCatalog;
  /** Tax amounts on `amount` (one unit) of a tax class for `quantity` units: `P` on the amount, `F` per unit. */
  taxesOn(amount: Money, taxClassId: number, quantity: number): readonly TaxAmount[];
}

/**
 * One step of the totals pipeline (sub_total, reward, shipping, coupon, tax, credit, handling, low_order_fee,
 * total, or the host's own), run in `sortOrder`.
 * Contract: `apply` is pure and synchronous: same state and context, same result; it never does I/O, changes
 * nothing it is given, and appends lines (at its sort order) rather than changing earlier ones, every amount in
 * the default currency. `describeTotalCalculatorContract` in `cartwright/testing` checks every point.
 */
export interface TotalCalculator {
  readonly code: string;
  readonly sortOrder: number;
  /**
   * Tax classes the calculator charges on its own amounts (a fee's class), so the engine reads their rates with
   * the cart's in one batch. Cart lines' and the shipping quote's classes are read anyway.
   */
  readonly taxClassIds?: readonly number[];
  /** The state after this step: pure and synchronous. */
  apply(state: TotalsState, context: TotalsContext): TotalsState;
}
