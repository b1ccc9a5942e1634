/**
 * The demo store's customers: two groups, two custom fields, three accounts, John Doe's reward points and
 * his affiliate account.
 * @module
 */
import type { Affiliate, Customer, CustomerGroup } from '../../../domain/records/customers.js';
import type { CustomFieldDefinition, RewardPointEntry } from '../store-data.js';

/** Groups 1 "Default" and 2 "Wholesale". */
export function demoCustomerGroups(): CustomerGroup[] {
  return [
    { customerGroupId: 1, name: 'Default', description: 'Retail customers.' },
    { customerGroupId: 2, name: 'Wholesale', description: 'Trade customers buying in quantity.' },
  ];
}

/** Field 1 "Company ID" (required for wholesale only) and field 2 "Delivery notes" (optional). */
export function demoCustomFields(): CustomFieldDefinition[] {
  return [
    {
      customFieldId: 1,
      name: 'Company ID',
      location: 'account',
      type: 'text',
      validation: '/^[0-9]{6,8}$/',
      status: true,
      sortOrder: 1,
      values: [],
      customerGroups: [
        { customerGroupId: 1, required: false },
        { customerGroupId: 2, required: true },
      ],
    },
    {
      customFieldId: 2,
      name: 'Delivery notes',
      location: 'address',
      type: 'textarea',
      validation: '',
      status: true,
      sortOrder: 2,
      values: [],
      customerGroups: [
        { customerGroupId: 1, required: false },
        { customerGroupId: 2, required: false },
      ],
    },
  ];
}

/** Customers 1 (John Doe), 2 (a wholesale buyer) and 3 (a disabled account). */
export function demoCustomers(): Customer[] {
  return [
    {
      customerId: 1,
      customerGroupId: 1,
      firstname: 'John',
      lastname: 'Doe',
      email: 'john.doe@example.com',
      telephone: '+44 1632 960001',
      status: true,
      safe: false,
      customField: {},
    },
    {
      customerId: 2,
      customerGroupId: 2,
      firstname: 'Wholesale',
      lastname: 'Buyer',
      email: 'buyer@example.com',
      telephone: '+44 1632 960002',
      status: true,
      safe: false,
      customField: { '1': '12345678' },
    },
    {
      customerId: 3,
      customerGroupId: 1,
      firstname: 'Disabled',
      lastname: 'Customer',
      email: 'disabled@example.com',
      telephone: '+44 1632 960003',
      status: false,
      safe: false,
      customField: {},
    },
  ];
}

/** John Doe's opening balance: one ledger entry of 1000 points, not tied to an order. */
export function demoRewardPoints(): RewardPointEntry[] {
  return [
    {
      customerRewardId: 1,
      customerId: 1,
      orderId: 0,
      description: 'Welcome bonus',
      points: 1000,
      dateAdded: '2026-01-01T00:00:00.000Z',
    },
  ];
}

/** John Doe is also an affiliate on 5 % commission. */
export function demoAffiliates(): Affiliate[] {
  return [{ customerId: 1, status: true, commission: '5.00', trackingCode: 'johndoe-5pc' }];
}
