/**
 * The demo-store records the reference order fixture serves: just what the order-repository contract reads
 * (products 40 and 30 with their stock, coupon 2222).
 */
import type { Product, ProductOption } from '../../../src/domain/records/catalog.js';
import type { Coupon } from '../../../src/domain/records/coupon.js';
import { money } from '../../../src/money/index.js';

const usd = (amount: string) => money(amount, 'USD');
/** The demo's stock of what its checkouts buy. */
const PLENTY = 1_000_000;

function product(
  productId: number,
  name: string,
  quantity: number,
  options: readonly ProductOption[],
): Product {
  return {
    productId,
    masterId: 0,
    name,
    model: `Product ${productId}`,
    description: '',
    image: '',
    manufacturerId: 0,
    price: usd('100.00'),
    quantity,
    minimum: 1,
    maximum: 0,
    subtract: true,
    shipping: true,
    points: 0,
    taxClassId: 9,
    weight: '0.00000000',
    weightClassId: 1,
    length: '0.00000000',
    width: '0.00000000',
    height: '0.00000000',
    lengthClassId: 1,
    status: true,
    dateAvailable: '2009-02-03',
    sortOrder: 0,
    categoryIds: [],
    options,
    discounts: [],
    specials: [],
    rewards: [],
    subscriptionPlans: [],
  };
}

function optionValue(productOptionValueId: number, name: string, quantity: number) {
  return {
    productOptionValueId,
    optionValueId: productOptionValueId + 24,
    name,
    quantity,
    subtract: true,
    price: usd('0.00'),
    points: 0,
    weight: '0.00000000',
  };
}

export const coupon2222: Coupon = {
  couponId: 1,
  name: '-10% Discount',
  code: '2222',
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
};

/** Products 40 (iPhone) and 30 (Canon EOS 5D; option 226 with values 15 Red and 16 Blue), a million of each. */
export function referenceProducts(): Product[] {
  const select: ProductOption = {
    productOptionId: 226,
    optionId: 5,
    name: 'Select',
    type: 'select',
    required: true,
    value: '',
    validation: '',
    sortOrder: 0,
    values: [optionValue(15, 'Red', PLENTY), optionValue(16, 'Blue', PLENTY)],
  };
  return [product(40, 'iPhone', PLENTY, []), product(30, 'Canon EOS 5D', PLENTY, [select])];
}
