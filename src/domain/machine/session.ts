/**
 * The checkout session: a plain, JSON-serialisable object that every step reads and the next session replaces.
 * Nothing in it is derived (totals and line prices are recomputed from the session, the catalog and the
 * settings); it holds what the client chose and what the engine offered.
 * @module
 */
import type { Money } from '../../money/index.js';
import type { Address, CustomerDetails } from '../records/address.js';
import type { StoreSettings } from '../settings/settings.js';

/** The version of the session's JSON shape; a store holding older shapes migrates or drops them. */
export const sessionSchemaVersion = 1;

/** The customer as set by the customer step; `customerGroupId` is the resolved group, never 0. */
export type SessionCustomer = CustomerDetails;

/** A chosen option value: a value id or text for most types, a list of value ids for checkbox. */
export type CartOptionValue = string | readonly string[];

/**
 * A cart line as stored: its identity and quantity. Prices, stock and names are computed from the catalog each
 * time, so a price change reaches the cart at once.
 */
export interface CartLine {
  readonly cartId: string;
  readonly productId: number;
  readonly quantity: number;
  /** Canonical options: keys are product_option_id, sorted; values normalised. */
  readonly options: Readonly<Record<string, CartOptionValue>>;
  /** 0 when the line has no subscription. */
  readonly subscriptionPlanId: number;
}

/** A payment or shipping address as stored, with country and zone names resolved when it was set. */
export type SessionAddress = Address;

/** One shipping quote (`code` is `<method>.<quote>`). Cost is in the default currency, net of tax. */
export interface ShippingQuote {
  readonly code: string;
  readonly name: string;
  readonly cost: Money;
  readonly taxClassId: number;
}

/** The quotes of one shipping method, as offered. */
export interface ShippingQuoteGroup {
  readonly code: string;
  readonly title: string;
  readonly quote: Readonly<Record<string, ShippingQuote>>;
  readonly sortOrder: number;
}

/** A payment method as offered (`option` codes are `<code>.<option>`). */
export interface PaymentMethodOffer {
  readonly code: string;
  readonly name: string;
  readonly option: Readonly<Record<string, { readonly code: string; readonly name: string }>>;
  readonly sortOrder: number;
}

/** The chosen payment method. `code` is the method code (`cod`), never the option code. */
export interface ChosenPaymentMethod {
  readonly code: string;
  readonly name: string;
}

/** What the last confirm of this session produced, to make a repeated confirm return the same order. */
export interface LastOrder {
  readonly orderId: number;
  /** Digest of the session content and the confirm fields that produced the order. */
  readonly fingerprint: string;
}

/** A checkout session. Every accepted command produces a new session with `version` one higher. */
export interface CheckoutSession {
  readonly schemaVersion: typeof sessionSchemaVersion;
  readonly id: string;
  /** Compare-and-set counter: the store saves only over the version the session was loaded at. */
  readonly version: number;
  /** The API user that opened the session. */
  readonly apiUserId: number;
  /** ISO-8601 timestamps. */
  readonly createdAt: string;
  readonly updatedAt: string;
  /** After this instant the session is expired; every successful request moves it forward. */
  readonly expiresAt: string;
  readonly currency: string;
  readonly language: string;
  readonly customer: SessionCustomer | null;
  /** The active account matched by the customer's e-mail (OpenCart's automatic login), or null. */
  readonly loggedInCustomerId: number | null;
  readonly cart: readonly CartLine[];
  readonly paymentAddress: SessionAddress | null;
  readonly shippingAddress: SessionAddress | null;
  /** Quotes offered by the last shipping-methods step, keyed by method code; null when none are on offer. */
  readonly shippingMethods: Readonly<Record<string, ShippingQuoteGroup>> | null;
  readonly shippingMethod: ShippingQuote | null;
  /** Payment methods offered by the last payment-methods step, keyed by code; null when none are on offer. */
  readonly paymentMethods: Readonly<Record<string, PaymentMethodOffer>> | null;
  readonly paymentMethod: ChosenPaymentMethod | null;
  readonly coupon: string | null;
  /** Reward points the customer asked to spend. */
  readonly reward: number | null;
  readonly affiliateId: number | null;
  readonly lastOrder: LastOrder | null;
}

/** What a new session starts from. */
export interface NewSessionInput {
  readonly id: string;
  readonly apiUserId: number;
  readonly now: string;
  readonly expiresAt: string;
  readonly currency: string;
  readonly language: string;
}

/** A new, empty session at version 0 (not yet stored). */
export function createSession(input: NewSessionInput): CheckoutSession {
  return {
    schemaVersion: sessionSchemaVersion,
    id: input.id,
    version: 0,
    apiUserId: input.apiUserId,
    createdAt: input.now,
    updatedAt: input.now,
    expiresAt: input.expiresAt,
    currency: input.currency,
    language: input.language,
    customer: null,
    loggedInCustomerId: null,
    cart: [],
    paymentAddress: null,
    shippingAddress: null,
    shippingMethods: null,
    shippingMethod: null,
    paymentMethods: null,
    paymentMethod: null,
    coupon: null,
    reward: null,
    affiliateId: null,
    lastOrder: null,
  };
}

/** How many fields a session of this {@link sessionSchemaVersion} has. */
const sessionFieldCount = 22;

/**
 * `session` as one object literal with its fields in their fixed order. A session made by spreading the last one
 * with changes takes a hidden class of its own after a few changes in V8 (about 600 bytes, kept for as long as
 * the session is), where one literal shape serves every session. A session with fields beyond the known ones
 * (written by a newer minor release) is handed back as it is, so nothing it holds is dropped.
 */
export function sessionRecord(session: CheckoutSession): CheckoutSession {
  if (Object.keys(session).length !== sessionFieldCount) return session;
  return {
    schemaVersion: session.schemaVersion,
    id: session.id,
    version: session.version,
    apiUserId: session.apiUserId,
    createdAt: session.createdAt,
    updatedAt: session.updatedAt,
    expiresAt: session.expiresAt,
    currency: session.currency,
    language: session.language,
    customer: session.customer,
    loggedInCustomerId: session.loggedInCustomerId,
    cart: session.cart,
    paymentAddress: session.paymentAddress,
    shippingAddress: session.shippingAddress,
    shippingMethods: session.shippingMethods,
    shippingMethod: session.shippingMethod,
    paymentMethods: session.paymentMethods,
    paymentMethod: session.paymentMethod,
    coupon: session.coupon,
    reward: session.reward,
    affiliateId: session.affiliateId,
    lastOrder: session.lastOrder,
  };
}

/** `YYYY-MM-DDTHH:mm:ss.sssZ`, the UTC form `toISOString` writes: two such texts sort as their instants do. */
const utcInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * True when the session's inactivity period has run out at `now` (ISO-8601). Instants in the UTC form the engine
 * writes are compared as text; any other form (an offset, a year past 9999) is read as an instant first.
 */
export function isSessionExpired(session: Pick<CheckoutSession, 'expiresAt'>, now: string): boolean {
  const { expiresAt } = session;
  if (utcInstant.test(expiresAt) && utcInstant.test(now)) return expiresAt <= now;
  return isSessionExpiredAt(session, Date.parse(now));
}

/** True when the session's inactivity period has run out at `nowMs` (milliseconds since the epoch). */
export function isSessionExpiredAt(session: Pick<CheckoutSession, 'expiresAt'>, nowMs: number): boolean {
  return Date.parse(session.expiresAt) <= nowMs;
}

/** The customer group prices follow: the session customer's, or the store default. */
export function pricingGroupId(session: CheckoutSession, settings: StoreSettings): number {
  return session.customer?.customerGroupId ?? settings.customerGroupId;
}
