/**
 * The customer directory port.
 * @module
 */
import type { Affiliate, Customer, CustomerGroup, CustomField } from '../domain/records/customers.js';

/**
 * Customer accounts, groups, custom fields, reward balances and affiliates.
 *
 * Contract:
 * - `getCustomer` finds by id whatever the account's status; `findCustomerByEmail` matches the e-mail without
 *   regard to case and returns the account whatever its status (the rules decide who may be logged in).
 * - `getCustomFields` returns the enabled fields that apply to the group, with `required` as set for that group,
 *   in sort order.
 * - `getRewardBalance` is the sum of the customer's reward-point entries, including those the order repository
 *   wrote when orders redeemed points.
 */
export interface CustomerDirectory {
  getCustomer(customerId: number): Promise<Customer | undefined>;
  findCustomerByEmail(email: string): Promise<Customer | undefined>;
  getCustomerGroup(customerGroupId: number): Promise<CustomerGroup | undefined>;
  getCustomFields(customerGroupId: number): Promise<readonly CustomField[]>;
  getRewardBalance(customerId: number): Promise<number>;
  getAffiliate(customerId: number): Promise<Affiliate | undefined>;
}
