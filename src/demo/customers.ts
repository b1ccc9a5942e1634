/**
 * The demo store's customers: OpenCart's three customer groups and its 27 custom fields (all disabled, as
 * installed), two enabled custom fields of the demo's own, three accounts, Grace Hopper's reward points and her
 * affiliate account.
 * @module
 */
import type {
  Affiliate,
  Customer,
  CustomerGroup,
  CustomFieldLocation,
  CustomFieldType,
} from '../domain/records/customers.js';
import type { CustomFieldDefinition, RewardPointEntry } from './store-data.js';

/** Groups 1 "Default", 2 "Retail" and 3 "Wholesale". */
export function demoCustomerGroups(): CustomerGroup[] {
  return [
    { customerGroupId: 1, name: 'Default', description: 'Default customer group' },
    { customerGroupId: 2, name: 'Retail', description: 'Retail customers' },
    { customerGroupId: 3, name: 'Wholesale', description: 'Wholesale customers' },
  ];
}

/** OpenCart's name and sort order of each custom field type (its fields are named after their type). */
const typeNames: Readonly<Record<CustomFieldType, readonly [string, number]>> = {
  select: ['Select', 1],
  radio: ['Radio', 2],
  checkbox: ['Checkbox', 3],
  text: ['Text', 4],
  textarea: ['Textarea', 5],
  file: ['File', 6],
  date: ['Date', 7],
  time: ['Time', 8],
  datetime: ['Date & Time', 9],
};

/** `[id, location, type, first value id]` of OpenCart's custom fields; choice fields have three values from it. */
const installedFields: readonly (readonly [number, CustomFieldLocation, CustomFieldType, number?])[] = [
  [1, 'account', 'select', 1],
  [2, 'account', 'radio', 4],
  [3, 'account', 'checkbox', 7],
  [4, 'account', 'text'],
  [5, 'account', 'textarea'],
  [6, 'account', 'file'],
  [7, 'account', 'date'],
  [8, 'account', 'time'],
  [9, 'account', 'datetime'],
  [11, 'address', 'checkbox', 20],
  [12, 'address', 'time'],
  [13, 'address', 'date'],
  [14, 'address', 'datetime'],
  [15, 'address', 'file'],
  [16, 'address', 'radio', 32],
  [17, 'address', 'select', 35],
  [18, 'address', 'text'],
  [19, 'address', 'textarea'],
  [20, 'affiliate', 'checkbox', 38],
  [21, 'affiliate', 'date'],
  [22, 'affiliate', 'datetime'],
  [23, 'affiliate', 'file'],
  [24, 'affiliate', 'radio', 41],
  [25, 'affiliate', 'select', 44],
  [26, 'affiliate', 'text'],
  [27, 'affiliate', 'textarea'],
  [28, 'affiliate', 'time'],
];

/** The three values "Test 1" to "Test 3" from `firstValueId` on (field 1's second is installed as "test 2"). */
function testValues(customFieldId: number, firstValueId: number | undefined) {
  if (firstValueId === undefined) return [];
  return [1, 2, 3].map((n) => ({
    customFieldValueId: firstValueId + n - 1,
    name: customFieldId === 1 && n === 2 ? 'test 2' : `Test ${n}`,
  }));
}

/**
 * OpenCart's 27 custom fields (ids 1–28, no 10), disabled as installed: named after their type, required for
 * group 1, no validation. Field 21 (a date) sorts 8, as installed.
 */
function installedCustomFields(): CustomFieldDefinition[] {
  return installedFields.map(([customFieldId, location, type, firstValueId]) => {
    const [name, sortOrder] = typeNames[type];
    return {
      customFieldId,
      name,
      location,
      type,
      validation: '',
      status: false,
      sortOrder: customFieldId === 21 ? 8 : sortOrder,
      values: testValues(customFieldId, firstValueId),
      customerGroups: [{ customerGroupId: 1, required: true }],
    };
  });
}

/**
 * OpenCart's fields, then the demo's own two: 29 "Company ID" (on the account, required for Wholesale only) and
 * 30 "Delivery notes" (on an address, optional).
 */
export function demoCustomFields(): CustomFieldDefinition[] {
  return [
    ...installedCustomFields(),
    {
      customFieldId: 29,
      name: 'Company ID',
      location: 'account',
      type: 'text',
      validation: '/^[0-9]{6,8}$/',
      status: true,
      sortOrder: 1,
      values: [],
      customerGroups: [
        { customerGroupId: 1, required: false },
        { customerGroupId: 2, required: false },
        { customerGroupId: 3, required: true },
      ],
    },
    {
      customFieldId: 30,
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
        { customerGroupId: 3, required: false },
      ],
    },
  ];
}

/** Customers 1 (Grace Hopper), 2 (a wholesale buyer) and 3 (a disabled account). */
export function demoCustomers(): Customer[] {
  return [
    {
      customerId: 1,
      customerGroupId: 1,
      firstname: 'Grace',
      lastname: 'Hopper',
      email: 'grace@example.com',
      telephone: '+44 1632 960001',
      status: true,
      safe: false,
      customField: {},
    },
    {
      customerId: 2,
      customerGroupId: 3,
      firstname: 'Wholesale',
      lastname: 'Buyer',
      email: 'buyer@example.com',
      telephone: '+44 1632 960002',
      status: true,
      safe: false,
      customField: { '29': '12345678' },
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

/** Grace Hopper's opening balance: one ledger entry of 1000 points, not tied to an order. */
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

/** Grace Hopper is also an affiliate on 5 % commission. */
export function demoAffiliates(): Affiliate[] {
  return [{ customerId: 1, status: true, commission: '5.00', trackingCode: 'grace-5pc' }];
}
