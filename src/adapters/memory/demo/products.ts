/**
 * The demo store's products: the rows of DEMO-STORE.md's catalog table, with OpenCart's models, images, dates,
 * weights and option ids. Prices are USD, net of tax.
 * @module
 */
import type {
  Product,
  ProductDiscount,
  ProductOption,
  SubscriptionPlan,
} from '../../../domain/records/catalog.js';
import { money } from '../../../money/index.js';
import { choiceOption, freeOption, optionValue } from './options.js';

const usd = (amount: string) => money(amount, 'USD');

/** Weight classes of the demo (see `demoWeightClasses`). */
const KG = 1;
const GRAM = 2;

/** What a demo product must state; everything else takes the common default. */
type ProductRow = Pick<Product, 'productId' | 'name' | 'model' | 'price' | 'quantity' | 'manufacturerId'> &
  Partial<Product>;

/** A product from its row: enabled, shipping, subtract on, tax class 9, minimum 1, available since 2009. */
function product(row: ProductRow): Product {
  return {
    masterId: 0,
    description: `${row.name}.`,
    image: '',
    minimum: 1,
    maximum: 0,
    subtract: true,
    shipping: true,
    points: 0,
    taxClassId: 9,
    weight: '0.00000000',
    weightClassId: KG,
    length: '0.00000000',
    width: '0.00000000',
    height: '0.00000000',
    lengthClassId: 1,
    status: true,
    dateAvailable: '2009-02-03',
    sortOrder: 0,
    categoryIds: [],
    options: [],
    discounts: [],
    specials: [],
    rewards: [],
    subscriptionPlans: [],
    ...row,
  };
}

/** Product 42's options: one of every type, all required, with OpenCart's ids, prices, stock and weights. */
function cinemaOptions(): ProductOption[] {
  return [
    choiceOption({ productOptionId: 217, optionId: 5, name: 'Select', type: 'select', sortOrder: 1 }, [
      optionValue(1, 41, 'Green', '1.00', { quantity: 100, weight: '1.00000000' }),
      optionValue(2, 42, 'Yellow', '2.00', { quantity: 200, subtract: true, weight: '2.00000000' }),
      optionValue(3, 40, 'Blue', '3.00', { quantity: 300, weight: '3.00000000' }),
      optionValue(4, 39, 'Red', '4.00', { quantity: 92, subtract: true, weight: '4.00000000' }),
    ]),
    choiceOption({ productOptionId: 218, optionId: 1, name: 'Radio', type: 'radio', sortOrder: 2 }, [
      optionValue(5, 32, 'Small', '10.00', {
        quantity: 96,
        subtract: true,
        points: 1,
        weight: '10.00000000',
      }),
      optionValue(6, 31, 'Medium', '20.00', {
        quantity: 146,
        subtract: true,
        points: -2,
        weight: '20.00000000',
      }),
      optionValue(7, 43, 'Large', '30.00', {
        quantity: 300,
        subtract: true,
        points: 3,
        weight: '30.00000000',
      }),
    ]),
    choiceOption({ productOptionId: 223, optionId: 2, name: 'Checkbox', type: 'checkbox', sortOrder: 3 }, [
      optionValue(8, 23, 'Checkbox 1', '10.00', { quantity: 48, subtract: true, weight: '10.00000000' }),
      optionValue(9, 24, 'Checkbox 2', '20.00', { quantity: 194, subtract: true, weight: '20.00000000' }),
      optionValue(10, 44, 'Checkbox 3', '30.00', { quantity: 2696, subtract: true, weight: '30.00000000' }),
      optionValue(11, 45, 'Checkbox 4', '40.00', { quantity: 3998, subtract: true, weight: '40.00000000' }),
    ]),
    freeOption({ productOptionId: 208, optionId: 4, name: 'Text', type: 'text', sortOrder: 4 }, 'test'),
    freeOption({ productOptionId: 209, optionId: 6, name: 'Textarea', type: 'textarea', sortOrder: 5 }),
    freeOption({ productOptionId: 222, optionId: 7, name: 'File', type: 'file', sortOrder: 6 }),
    freeOption({ productOptionId: 219, optionId: 8, name: 'Date', type: 'date', sortOrder: 7 }, '2011-02-20'),
    freeOption({ productOptionId: 221, optionId: 9, name: 'Time', type: 'time', sortOrder: 8 }, '22:25'),
    freeOption(
      { productOptionId: 220, optionId: 10, name: 'Date & Time', type: 'datetime', sortOrder: 9 },
      '2011-02-20 22:25',
    ),
  ];
}

/** A quantity discount for customer group 1, without dates. */
function groupOneDiscount(quantity: number, price: string): ProductDiscount {
  return {
    type: 'F',
    customerGroupId: 1,
    quantity,
    priority: 1,
    price: usd(price),
    dateStart: null,
    dateEnd: null,
  };
}

/** Plan 2 for one group: monthly, 10 payments of 10.00, after a one-month trial at 1.00. */
function monthlyPlan(customerGroupId: number): SubscriptionPlan {
  return {
    subscriptionPlanId: 2,
    customerGroupId,
    name: 'Monthly',
    status: true,
    price: usd('10.00'),
    frequency: 'month',
    cycle: 1,
    duration: 10,
    trialStatus: true,
    trialPrice: usd('1.00'),
    trialFrequency: 'month',
    trialCycle: 1,
    trialDuration: 1,
  };
}

/** The products of the demo catalog. */
export function demoProducts(): Product[] {
  return [
    product({
      productId: 28,
      name: 'HTC Touch HD',
      model: 'Product 1',
      price: usd('100.00'),
      quantity: 939,
      manufacturerId: 5,
      image: 'catalog/demo/htc_touch_hd_1.jpg',
      points: 200,
      rewards: [{ customerGroupId: 1, points: 400 }],
      weight: '146.40000000',
      weightClassId: GRAM,
      categoryIds: [20, 24],
    }),
    product({
      productId: 29,
      name: 'Palm Treo Pro',
      model: 'Product 2',
      price: usd('279.99'),
      quantity: 999,
      manufacturerId: 6,
      image: 'catalog/demo/palm_treo_pro_1.jpg',
      weight: '133.00000000',
      weightClassId: GRAM,
      categoryIds: [20, 24],
    }),
    product({
      productId: 30,
      name: 'Canon EOS 5D',
      model: 'Product 3',
      price: usd('100.00'),
      quantity: 7,
      manufacturerId: 9,
      image: 'catalog/demo/canon_eos_5d_1.jpg',
      categoryIds: [20, 33],
      options: [
        choiceOption({ productOptionId: 226, optionId: 5, name: 'Select', type: 'select', sortOrder: 1 }, [
          optionValue(15, 39, 'Red', '0.00', { quantity: 2, subtract: true }),
          optionValue(16, 40, 'Blue', '0.00', { quantity: 5, subtract: true }),
        ]),
      ],
      specials: [{ customerGroupId: 1, priority: 1, price: usd('80.00'), dateStart: null, dateEnd: null }],
    }),
    product({
      productId: 40,
      name: 'iPhone',
      model: 'product 11',
      price: usd('100.00'),
      quantity: 970,
      manufacturerId: 8,
      image: 'catalog/demo/iphone_1.jpg',
      weight: '10.00000000',
      categoryIds: [20, 24],
    }),
    product({
      productId: 42,
      name: 'Apple Cinema 30"',
      model: 'Product 15',
      price: usd('100.00'),
      quantity: 990,
      manufacturerId: 8,
      image: 'catalog/demo/apple_cinema_30.jpg',
      minimum: 2,
      dateAvailable: '2009-02-04',
      weight: '12.50000000',
      length: '1.00000000',
      width: '2.00000000',
      height: '3.00000000',
      categoryIds: [20, 28],
      options: cinemaOptions(),
      discounts: [
        groupOneDiscount(10, '88.00'),
        groupOneDiscount(20, '77.00'),
        groupOneDiscount(30, '66.00'),
      ],
      rewards: [{ customerGroupId: 1, points: 100 }],
    }),
    product({
      productId: 43,
      name: 'MacBook',
      model: 'Product 16',
      price: usd('500.00'),
      quantity: 929,
      manufacturerId: 8,
      image: 'catalog/demo/macbook_1.jpg',
      shipping: false,
      taxClassId: 10,
      categoryIds: [18, 20],
    }),
    product({
      productId: 47,
      name: 'HP LP3065',
      model: 'Product 21',
      price: usd('100.00'),
      quantity: 1000,
      manufacturerId: 7,
      image: 'catalog/demo/hp_1.jpg',
      subtract: false,
      weight: '1.00000000',
      categoryIds: [18, 28],
      options: [
        freeOption(
          { productOptionId: 225, optionId: 12, name: 'Delivery Date', type: 'date', sortOrder: 1 },
          '2011-04-22',
        ),
      ],
    }),
    product({
      productId: 48,
      name: 'iPod Classic',
      model: 'product 20',
      price: usd('100.00'),
      quantity: 995,
      manufacturerId: 8,
      image: 'catalog/demo/ipod_classic_1.jpg',
      dateAvailable: '2009-02-08',
      weight: '1.00000000',
      categoryIds: [20, 34],
      subscriptionPlans: [monthlyPlan(1), monthlyPlan(2)],
    }),
    product({
      productId: 49,
      name: 'Samsung Galaxy Tab 10.1',
      model: 'SAM1',
      price: usd('199.99'),
      quantity: 0,
      manufacturerId: 0,
      image: 'catalog/demo/samsung_tab_1.jpg',
      dateAvailable: '2011-04-25',
      categoryIds: [57],
    }),
  ];
}
