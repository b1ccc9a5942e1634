/**
 * What the customer-directory contract suite seeds: accounts (one disabled, e-mails holding the characters a
 * pattern match would treat as wildcards), groups, custom fields set per group, reward ledgers and affiliates.
 * @module
 */
import type {
  Affiliate,
  Customer,
  CustomerGroup,
  CustomFieldLocation,
  CustomFieldOption,
  CustomFieldType,
} from '../../domain/records/customers.js';

/** A custom field as a store keeps it: its definition, whether it is enabled, and its setting per group. */
export interface CustomFieldSeed {
  readonly customFieldId: number;
  readonly name: string;
  readonly location: CustomFieldLocation;
  readonly type: CustomFieldType;
  readonly validation: string;
  /** A disabled field applies to no group. */
  readonly status: boolean;
  readonly sortOrder: number;
  readonly values: readonly CustomFieldOption[];
  /** The groups the field is asked of, each with its own `required`; a group not listed never sees it. */
  readonly customerGroups: readonly { readonly customerGroupId: number; readonly required: boolean }[];
}

/** One reward-point ledger entry: signed points (negative spends), not tied to an order. */
export interface RewardEntrySeed {
  readonly customerId: number;
  readonly points: number;
}

/** What the customer-directory suite asks the host to store before a case. */
export interface CustomerSeed {
  readonly customers: readonly Customer[];
  readonly customerGroups: readonly CustomerGroup[];
  readonly customFields: readonly CustomFieldSeed[];
  readonly rewardEntries: readonly RewardEntrySeed[];
  readonly affiliates: readonly Affiliate[];
}

/** A customer with plain defaults. */
function customer(customerId: number, email: string, fields: Partial<Customer> = {}): Customer {
  return {
    customerId,
    customerGroupId: 1,
    firstname: `First${customerId}`,
    lastname: `Last${customerId}`,
    email,
    telephone: `0100 ${customerId}`,
    status: true,
    safe: false,
    customField: {},
    ...fields,
  };
}

/** A text custom field. */
function field(
  customFieldId: number,
  sortOrder: number,
  customerGroups: CustomFieldSeed['customerGroups'],
  fields: Partial<CustomFieldSeed> = {},
): CustomFieldSeed {
  return {
    customFieldId,
    name: `Field ${customFieldId}`,
    location: 'account',
    type: 'text',
    validation: '',
    status: true,
    sortOrder,
    values: [],
    customerGroups,
    ...fields,
  };
}

/** A fresh copy of the customer seed. */
export function seedCustomers(): CustomerSeed {
  return {
    customers: [
      customer(1, 'grace@example.com', {
        firstname: 'Grace',
        lastname: 'Hopper',
        safe: true,
        customField: { '21': 'Hopper & Co "Ltd"', '22': ['1', '2'] },
      }),
      customer(2, 'Ada.Lovelace@Example.org', { customerGroupId: 2, status: false }),
      customer(3, 'a_b@example.com'),
      customer(4, '100%@example.com', { customerGroupId: 3 }),
      customer(5, 'grace@example.com.au', { firstname: 'Zoë', lastname: 'Ødegård' }),
    ],
    customerGroups: [
      { customerGroupId: 1, name: 'Default', description: '' },
      { customerGroupId: 2, name: 'Wholesale', description: 'Trade prices' },
      { customerGroupId: 3, name: 'VIP', description: '' },
    ],
    customFields: [
      field(21, 2, [
        { customerGroupId: 1, required: true },
        { customerGroupId: 2, required: false },
      ]),
      field(22, 1, [{ customerGroupId: 1, required: false }], {
        name: 'Newsletter',
        type: 'checkbox',
        values: [
          { customFieldValueId: 1, name: 'Weekly' },
          { customFieldValueId: 2, name: 'Monthly' },
        ],
      }),
      field(23, 0, [{ customerGroupId: 1, required: true }], { status: false }),
      field(24, 3, [{ customerGroupId: 3, required: true }], {
        location: 'address',
        validation: '/^[0-9]{4}$/',
      }),
    ],
    rewardEntries: [
      { customerId: 1, points: 1000 },
      { customerId: 1, points: -250 },
      { customerId: 1, points: 5 },
      { customerId: 2, points: -10 },
    ],
    affiliates: [
      { customerId: 1, status: true, commission: '5.00', trackingCode: 'GRACE' },
      { customerId: 2, status: false, commission: '2.50', trackingCode: 'ADA' },
    ],
  };
}
