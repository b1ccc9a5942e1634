/**
 * An address and a customer's contact details: the shapes the session stores and an order copies.
 * @module
 */
import type { CustomFieldValue } from './customers.js';

/** A postal address with its country and zone names resolved when it was set. */
export interface Address {
  readonly addressId: number;
  readonly firstname: string;
  readonly lastname: string;
  readonly company: string;
  readonly address1: string;
  readonly address2: string;
  readonly city: string;
  readonly postcode: string;
  readonly countryId: number;
  readonly country: string;
  readonly isoCode2: string;
  readonly isoCode3: string;
  readonly zoneId: number;
  readonly zone: string;
  readonly zoneCode: string;
  readonly addressFormat: string;
  readonly customField: Readonly<Record<string, CustomFieldValue>>;
}

/** A customer's details as the customer step sets them; `customerGroupId` is the resolved group, never 0. */
export interface CustomerDetails {
  readonly customerId: number;
  readonly customerGroupId: number;
  readonly firstname: string;
  readonly lastname: string;
  readonly email: string;
  readonly telephone: string;
  readonly customField: Readonly<Record<string, CustomFieldValue>>;
}
