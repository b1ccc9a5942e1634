/**
 * Facts: what the world says at the moment a command is decided, gathered by the engine through the ports before
 * `decide` runs. `decide` never asks for anything; whatever it needs is here (time and fresh ids included, so
 * the rules stay pure and deterministic).
 * @module
 */
import { invariant } from '../errors.js';
import type { MessageCatalog } from '../messages.js';
import type { MethodFacts } from '../methods/offers.js';
import type { Category, Product } from '../records/catalog.js';
import type { Coupon, CouponUses } from '../records/coupon.js';
import type { Customer, CustomerGroup, CustomField } from '../records/customers.js';
import type { Country, GeoZone } from '../records/geo.js';
import type { TaxTable } from '../records/tax.js';
import type { Offers } from './selections.js';

/** What the customer step needs to know. */
export interface CustomerFacts {
  /** The account `customer_id` names; undefined for a guest (id 0) or an unknown id. */
  readonly account: Customer | undefined;
  /** The resolved customer group (posted, or the store's default for 0); undefined when it does not exist. */
  readonly group: CustomerGroup | undefined;
  /** The enabled custom fields of the resolved group, `required` as set for it. */
  readonly customFields: readonly CustomField[];
  /** The account whose e-mail matches the posted one (ignoring case), whatever its status; undefined for none. */
  readonly emailAccount: Customer | undefined;
}

/** What an address step needs to know. */
export interface AddressFacts {
  /** The country the address names (whatever its status, with all its zones); undefined when unknown. */
  readonly country: Country | undefined;
  /** The enabled custom fields of the session customer's group (the default group without a customer). */
  readonly customFields: readonly CustomField[];
}

/** What taxes are computed from: the rules and rates of the classes in play, and every geo zone. */
export interface TaxFacts {
  /** The tax classes `table` was read for. */
  readonly classIds: readonly number[];
  readonly table: TaxTable;
  readonly geoZones: readonly GeoZone[];
}

/** What a coupon is checked against: the coupon the code names, its recorded uses, and the category tree. */
export interface CouponFacts {
  /**
   * Whether the totals pipeline has a `coupon` step (OpenCart's `total_coupon_status`): without one a coupon
   * would be accepted and never discount anything, so the coupon step refuses it.
   */
  readonly enabled: boolean;
  /** The coupon with the session's (or the command's) code; undefined when no coupon has it. */
  readonly coupon: Coupon | undefined;
  /** Uses recorded in total and by the logged-in customer (0 for a guest). */
  readonly uses: CouponUses;
  readonly categories: readonly Category[];
}

/** Everything `decide` may read besides the session, the command and the settings. */
export interface CheckoutFacts {
  /** The current instant, ISO-8601. */
  readonly now: string;
  /** The current day, `YYYY-MM-DD`: specials, discounts and availability dates are compared with it. */
  readonly today: string;
  /** When the session expires if this command is accepted (inactivity expiry slides). */
  readonly expiresAt: string;
  /** The texts of the session's language. */
  readonly messages: MessageCatalog;
  /**
   * Every product that the session's cart and the command name, read in one batch. An id missing here is a
   * product that does not exist.
   */
  readonly products: ReadonlyMap<number, Product>;
  /** Fresh cart line ids, at least one per item of an add command (unused ones are discarded). */
  readonly cartIds: readonly string[];
  /** Present for `set_customer`. */
  readonly customer?: CustomerFacts;
  /** Present for `set_payment_address` and `set_shipping_address`. */
  readonly address?: AddressFacts;
  /** Tax rules and rates of the classes in play (cart lines, the shipping method, the total calculators). */
  readonly tax: TaxFacts;
  /**
   * What is on offer for the session as loaded: worked out by `decide` from `methods` for an operation that
   * decides on offers, and handed to its rule.
   */
  readonly offers?: Offers;
  /**
   * The registered shipping and payment methods (pure rules) and what the remote ones answered: `decide`
   * re-offers and re-checks with them. None registered when absent.
   */
  readonly methods?: MethodFacts;
  /** Present when the session has a coupon or the command sets one. */
  readonly coupon?: CouponFacts;
  /** The logged-in customer's reward points; present when the session spends points or the command sets them. */
  readonly rewardBalance?: number;
  /**
   * Present for `set_reward`: whether the totals pipeline has a `reward` step (OpenCart's `total_reward_status`).
   * Without one, points would be accepted and never discount anything, so the reward step refuses them.
   */
  readonly rewardEnabled?: boolean;
  /** Present for `set_affiliate` with an id: whether that affiliate exists. */
  readonly affiliateExists?: boolean;
}

/** The time-dependent facts of a request: now, today, and the expiry a save at this instant sets. */
export type TimeFacts = Pick<CheckoutFacts, 'now' | 'today' | 'expiresAt'>;

/** What a derived view of the session (priced lines, totals) reads. */
export type ViewFacts = Pick<
  CheckoutFacts,
  'products' | 'today' | 'messages' | 'tax' | 'coupon' | 'rewardBalance'
>;

/** The `YYYY-MM-DD` day of an ISO-8601 instant, in UTC. */
export function dayOf(instant: string): string {
  return dayOfDate(new Date(instant));
}

/** The `YYYY-MM-DD` day of an instant, in UTC. */
export function dayOfDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** A fact the operation asked for: its absence is the engine's bug (it gathers what each operation asks for). */
export function needFact<T>(value: T | undefined, what: string): T {
  invariant(value !== undefined, () => `decide: the engine gathered no ${what}`);
  return value;
}
