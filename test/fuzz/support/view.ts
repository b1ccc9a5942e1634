/**
 * The part of a session the model predicts: the customer, the cart lines, the addresses, the chosen methods,
 * coupon, reward, affiliate, currency and the last order, read from the stored session. The stored session is
 * read as plain JSON, field by field, so that this file is the one place that knows its field names.
 */
import type { SessionStore } from '../../../src/ports/session-store.js';

/** An option value as a cart line stores it: a value id or text, or a checkbox's sorted ids. */
export type OptionView = string | readonly string[];

export interface CartLineView {
  readonly cartId: string;
  readonly productId: number;
  readonly quantity: number;
  readonly options: { readonly [id: string]: OptionView };
  readonly subscriptionPlanId: number;
}

export interface CustomerView {
  readonly firstname: string;
  readonly lastname: string;
  readonly email: string;
  readonly telephone: string;
}

export interface AddressView {
  readonly firstname: string;
  readonly lastname: string;
  readonly company: string;
  readonly address1: string;
  readonly address2: string;
  readonly city: string;
  readonly postcode: string;
  readonly countryId: number;
  readonly zoneId: number;
}

/** What the model knows of a session. */
export interface View {
  readonly customer: CustomerView | null;
  readonly loggedInCustomerId: number | null;
  readonly cart: readonly CartLineView[];
  readonly paymentAddress: AddressView | null;
  readonly shippingAddress: AddressView | null;
  readonly shippingMethod: string | null;
  readonly paymentMethod: string | null;
  readonly coupon: string | null;
  readonly reward: number | null;
  readonly affiliateId: number | null;
  readonly currency: string;
  readonly lastOrderId: number | null;
}

/** A new session's view. */
export const emptyView: View = {
  customer: null,
  loggedInCustomerId: null,
  cart: [],
  paymentAddress: null,
  shippingAddress: null,
  shippingMethod: null,
  paymentMethod: null,
  coupon: null,
  reward: null,
  affiliateId: null,
  currency: 'USD',
  lastOrderId: null,
};

/** A stored session, read: its JSON (to compare exactly), its view, its version and expiry. */
export interface Stored {
  readonly json: string;
  readonly view: View;
  readonly version: number;
  readonly expiresAt: string;
}

type Loose = { readonly [key: string]: unknown };

const obj = (value: unknown): Loose => (typeof value === 'object' && value !== null ? (value as Loose) : {});
const nullable = <T>(value: unknown, read: (v: unknown) => T): T | null =>
  value === null || value === undefined ? null : read(value);

function address(value: unknown): AddressView {
  const a = obj(value);
  return {
    firstname: String(a.firstname),
    lastname: String(a.lastname),
    company: String(a.company),
    address1: String(a.address1),
    address2: String(a.address2),
    city: String(a.city),
    postcode: String(a.postcode),
    countryId: Number(a.countryId),
    zoneId: Number(a.zoneId),
  };
}

/** The view of a stored session. */
export function viewOf(session: unknown): View {
  const s = obj(session);
  const customer = obj(s.customer);
  return {
    customer: nullable(s.customer, () => ({
      firstname: String(customer.firstname),
      lastname: String(customer.lastname),
      email: String(customer.email),
      telephone: String(customer.telephone),
    })),
    loggedInCustomerId: nullable(s.loggedInCustomerId, Number),
    cart: (Array.isArray(s.cart) ? s.cart : []).map((line: unknown) => {
      const l = obj(line);
      return {
        cartId: String(l.cartId),
        productId: Number(l.productId),
        quantity: Number(l.quantity),
        options: obj(l.options) as CartLineView['options'],
        subscriptionPlanId: Number(l.subscriptionPlanId),
      };
    }),
    paymentAddress: nullable(s.paymentAddress, address),
    shippingAddress: nullable(s.shippingAddress, address),
    shippingMethod: nullable(s.shippingMethod, (m) => String(obj(m).code)),
    paymentMethod: nullable(s.paymentMethod, (m) => String(obj(m).code)),
    coupon: nullable(s.coupon, String),
    reward: nullable(s.reward, Number),
    affiliateId: nullable(s.affiliateId, Number),
    currency: String(s.currency),
    lastOrderId: nullable(s.lastOrder, (o) => Number(obj(o).orderId)),
  };
}

/** The stored session `id` as the store answers it, or why there is none (`missing`, `expired`). */
export async function readStored(
  sessions: SessionStore,
  id: string,
): Promise<Stored | 'missing' | 'expired'> {
  const lookup = await sessions.get(id);
  if (lookup.status !== 'found') return lookup.status;
  const s = obj(lookup.session);
  return {
    json: JSON.stringify(lookup.session),
    view: viewOf(lookup.session),
    version: Number(s.version),
    expiresAt: String(s.expiresAt),
  };
}
