/**
 * The in-memory customer directory.
 * @module
 */

import { deepFreeze } from '../../domain/deep-freeze.js';
import type { Affiliate, Customer, CustomerGroup, CustomField } from '../../domain/records/customers.js';
import type { CustomerDirectory } from '../../ports/customer-directory.js';
import type { CustomFieldDefinition, MemoryStoreData } from './store-data.js';

/** A frozen record, or undefined. */
function frozen<T>(record: T | undefined): T | undefined {
  return record === undefined ? undefined : deepFreeze(record);
}

/** The field as it applies to `customerGroupId`, or undefined when it is disabled or not asked of that group. */
function fieldForGroup(
  definition: CustomFieldDefinition,
  customerGroupId: number,
  made: FieldsMade,
): CustomField | undefined {
  const setting = definition.customerGroups.find((group) => group.customerGroupId === customerGroupId);
  if (!definition.status || setting === undefined) return undefined;
  const byGroup = made.get(definition);
  const last = byGroup?.get(customerGroupId);
  if (last !== undefined && sameField(last, definition, setting.required)) return last;
  const field = deepFreeze({
    customFieldId: definition.customFieldId,
    name: definition.name,
    location: definition.location,
    type: definition.type,
    validation: definition.validation,
    required: setting.required,
    sortOrder: definition.sortOrder,
    values: definition.values,
  });
  if (byGroup === undefined) made.set(definition, new Map([[customerGroupId, field]]));
  else byGroup.set(customerGroupId, field);
  return field;
}

/**
 * The fields made for each definition and group: a definition is most often asked for the same group again, and
 * the field made last time serves while every part it was made of is still the same.
 */
type FieldsMade = WeakMap<CustomFieldDefinition, Map<number, CustomField>>;

/** Whether `field` says what `definition`, as it is now, says for a group whose setting requires `required`. */
function sameField(field: CustomField, definition: CustomFieldDefinition, required: boolean): boolean {
  return (
    field.required === required &&
    field.customFieldId === definition.customFieldId &&
    field.name === definition.name &&
    field.location === definition.location &&
    field.type === definition.type &&
    field.validation === definition.validation &&
    field.sortOrder === definition.sortOrder &&
    field.values === definition.values
  );
}

/**
 * A {@link CustomerDirectory} over the memory tables. The reward balance sums the ledger the order repository
 * writes to, so points spent on an order leave the balance as soon as the order is written.
 */
export function createMemoryCustomerDirectory(data: MemoryStoreData): CustomerDirectory {
  const made: FieldsMade = new WeakMap();
  return {
    async getCustomer(customerId: number): Promise<Customer | undefined> {
      return frozen(data.customers.get(customerId));
    },

    async findCustomerByEmail(email: string): Promise<Customer | undefined> {
      const wanted = email.toLowerCase();
      for (const customer of data.customers.values()) {
        if (customer.email.toLowerCase() === wanted) return deepFreeze(customer);
      }
      return undefined;
    },

    async getCustomerGroup(customerGroupId: number): Promise<CustomerGroup | undefined> {
      return frozen(data.customerGroups.get(customerGroupId));
    },

    async getCustomFields(customerGroupId: number): Promise<readonly CustomField[]> {
      const fields: CustomField[] = [];
      for (const definition of data.customFields.values()) {
        const field = fieldForGroup(definition, customerGroupId, made);
        if (field !== undefined) fields.push(field);
      }
      return fields.sort((a, b) => a.sortOrder - b.sortOrder || a.customFieldId - b.customFieldId);
    },

    async getRewardBalance(customerId: number): Promise<number> {
      let balance = 0;
      for (const entry of data.rewardPoints) if (entry.customerId === customerId) balance += entry.points;
      return balance;
    },

    async getAffiliate(customerId: number): Promise<Affiliate | undefined> {
      return frozen(data.affiliates.get(customerId));
    },
  };
}
