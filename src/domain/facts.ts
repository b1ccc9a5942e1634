/**
 * Facts: what the world says at the moment a command is decided, gathered by the engine through the ports before
 * `decide` runs. `decide` never asks for anything; whatever it needs is here (time and fresh ids included, so
 * the rules stay pure and deterministic).
 * @module
 */
import type { MessageCatalog } from './messages.js';
import type { Product } from './records/catalog.js';
import type { Customer, CustomerGroup, CustomField } from './records/customers.js';
import type { Country } from './records/geo.js';

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
}

/** The `YYYY-MM-DD` day of an ISO-8601 instant, in UTC. */
export function dayOf(instant: string): string {
  return new Date(instant).toISOString().slice(0, 10);
}
