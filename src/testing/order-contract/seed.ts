/**
 * What the order-repository contract suite seeds: the two products its orders take stock from, the coupon they
 * redeem and the customers whose reward points they spend. Nothing else of a store is needed; a host writes these
 * records into its own tables (or keeps the OpenCart demo it already loads, which holds the same ids and figures).
 * @module
 */
import type { Product } from '../../domain/records/catalog.js';
import type { Coupon } from '../../domain/records/coupon.js';
import type { Customer } from '../../domain/records/customers.js';
import { money } from '../../money/index.js';
import { seedProduct } from '../catalog-contract/seed.js';
import type { RewardEntrySeed } from '../directory-contracts/customer-seed.js';
import { demo } from './helpers.js';

/** What the order-repository suite asks the host to store before a case. */
export interface OrderRepositorySeed {
  /**
   * Product 40 (1,000,000 in stock) and product 30 (1,000,000 in stock; option 226 with values 15 "Red" and 16
   * "Blue", 1,000,000 each, both subtracting stock).
   */
  readonly products: readonly Product[];
  /** Coupon `2222` (id 1), whose uses the orders record. */
  readonly coupons: readonly Coupon[];
  /** Customers 1 and 2. */
  readonly customers: readonly Customer[];
  /** Customer 1's opening balance: 1000 reward points. */
  readonly rewardEntries: readonly RewardEntrySeed[];
}

const usd = (amount: string) => money(amount, 'USD');

/** A customer of the seed. */
function customer(customerId: number, firstname: string, lastname: string, email: string): Customer {
  return {
    customerId,
    customerGroupId: 1,
    firstname,
    lastname,
    email,
    telephone: '+44 1632 960961',
    status: true,
    safe: false,
    customField: {},
  };
}

/** A colour of the camera's option, subtracting stock. */
function colour(productOptionValueId: number, optionValueId: number, name: string, quantity: number) {
  return {
    productOptionValueId,
    optionValueId,
    name,
    quantity,
    subtract: true,
    price: usd('0.00'),
    points: 0,
    weight: '0.00000000',
  };
}

/** A fresh copy of the order-repository seed. */
export function seedOrderRepository(): OrderRepositorySeed {
  return {
    products: [
      seedProduct(demo.iphone, {
        name: 'iPhone',
        model: 'product 11',
        price: usd('101.00'),
        quantity: demo.iphoneStock,
      }),
      seedProduct(demo.canon, {
        name: 'Canon EOS 5D',
        model: 'Product 3',
        price: usd('80.00'),
        quantity: demo.canonStock,
        options: [
          {
            productOptionId: 226,
            optionId: 5,
            name: 'Select',
            type: 'select',
            required: true,
            value: '',
            validation: '',
            sortOrder: 0,
            values: [
              colour(demo.red, 39, 'Red', demo.redStock),
              colour(demo.blue, 40, 'Blue', demo.blueStock),
            ],
          },
        ],
      }),
    ],
    coupons: [
      {
        couponId: 1,
        name: '-10% Discount',
        code: demo.couponCode,
        type: 'P',
        discount: '10.0000',
        logged: false,
        shipping: false,
        total: usd('0.00'),
        dateStart: null,
        dateEnd: null,
        usesTotal: 10,
        usesCustomer: 10,
        status: true,
        productIds: [],
        categoryIds: [],
      },
    ],
    customers: [
      customer(demo.customerId, 'Grace', 'Hopper', 'grace@example.com'),
      customer(demo.otherCustomerId, 'Ada', 'Lovelace', 'ada@example.com'),
    ],
    rewardEntries: [{ customerId: demo.customerId, points: demo.customerPoints }],
  };
}
