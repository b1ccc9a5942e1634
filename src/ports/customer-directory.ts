/**
 * The customer directory port.
 * @module
 */
import type { Affiliate, Customer, CustomerGroup, CustomField } from '../domain/records/customers.js';

/**
 * Customer accounts, groups, custom fields, reward balances and affiliates.
 *
 * Contract (the `cartwright/testing` suite `describeCustomerDirectoryContract` checks every point):
 * - `getCustomer` finds by id whatever the account's status; `findCustomerByEmail` matches the e-mail without
 *   regard to case and returns the account whatever its status (the rules decide who may be logged in).
 * - `getCustomFields` returns the enabled fields that apply to the group, with `required` as set for that group,
 *   in sort order.
 * - `getRewardBalance` is the sum of the customer's reward-point entries, including those the order repository
 *   wrote when orders redeemed points.
 * - Records handed out cannot change the store; a method rejects only when the store fails, with an `Error`.
 */
export interface CustomerDirectory {
  /** The customer with this id, whatever its status, or undefined. */
  getCustomer(customerId: number): Promise<Customer | undefined>;
  /** The customer whose e-mail matches ignoring case, whatever its status, or undefined. */
  findCustomerByEmail(email: string): Promise<Customer | undefined>;
  /** The customer group with this id, or undefined. */
  getCustomerGroup(customerGroupId: number): Promise<CustomerGroup | undefined>;
  /** The enabled custom fields of the group, `required` as set for it, in sort order. */
  getCustomFields(customerGroupId: number): Promise<readonly CustomField[]>;
  /** The customer's reward points: the sum of their ledger entries. */
  getRewardBalance(customerId: number): Promise<number>;
  /** The affiliate account of the customer, or undefined. */
  getAffiliate(customerId: number): Promise<Affiliate | undefined>;
}
