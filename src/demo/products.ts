/**
 * The demo store's products: OpenCart 4.1.0.4's 19, with its models, images, dates, weights, points, rewards and
 * option ids; prices are USD, net of tax. Four changes make a usable demo: the products a demo checkout buys
 * (30, 40, 41, 42, 43, 47 and the option values of 30 and 42) have a million units so they never run out; 28 has
 * none (the out-of-stock example) and 35 is disabled (the unavailable one); 41 sells subscriptions; and 42's
 * quantity discounts are fixed prices, as their figures mean (installed as percentages by a column default).
 * @module
 */
import type { FixedPriceDiscount, Product, SubscriptionPlan } from '../domain/records/catalog.js';
import { money } from '../money/index.js';
import { cinemaOptions, freeOption, optionValue, PLENTY, selectOption } from './options.js';

const usd = (amount: string) => money(amount, 'USD');

/** Weight classes of the demo (see `demoWeightClasses`). */
const GRAM = 2;
/** Length classes of the demo (see `demoLengthClasses`). */
const MILLIMETRE = 2;
const INCH = 3;

/** What a demo product must state; everything else takes the common default. */
type ProductRow = Pick<Product, 'productId' | 'name' | 'model' | 'price' | 'quantity' | 'manufacturerId'> &
  Partial<Product> & {
    /** Reward points group 1 earns per unit (every demo product has a row, most of them 0). */
    readonly reward?: number;
  };

/** A product from its row: enabled, shipping, subtract on, tax class 9, minimum 1, in kg and cm, since 2009. */
function product({ reward = 0, ...row }: ProductRow): Product {
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
    weightClassId: 1,
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
    rewards: [{ customerGroupId: 1, points: reward }],
    subscriptionPlans: [],
    ...row,
  };
}

/** A fixed-price quantity discount for customer group 1, without dates. */
function groupOneDiscount(quantity: number, price: string): FixedPriceDiscount {
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

/** One of OpenCart's subscription plans, priced for customer group 1, without a trial (as 4.1.0.4 installs them). */
function groupOnePlan(
  plan: Pick<SubscriptionPlan, 'subscriptionPlanId' | 'name' | 'frequency' | 'cycle' | 'duration'>,
  price: string,
): SubscriptionPlan {
  return {
    ...plan,
    customerGroupId: 1,
    status: true,
    price: usd(price),
    trialStatus: false,
    trialPrice: usd('0.00'),
    // No trial: OpenCart leaves the trial frequency unset; any value means the same.
    trialFrequency: 'day',
    trialCycle: 0,
    trialDuration: 0,
  };
}

/** Plan 1 "Daily" (every day, no end) and plan 2 "Weekly" (whose frequency is, as installed, monthly: 10 months). */
const dailyPlan = { subscriptionPlanId: 1, name: 'Daily', frequency: 'day', cycle: 1, duration: 0 } as const;
const weeklyPlan = {
  subscriptionPlanId: 2,
  name: 'Weekly',
  frequency: 'month',
  cycle: 1,
  duration: 10,
} as const;

/** Products 28–36: phones, cameras, the iPod Touch and Shuffle, a monitor, Product 8 and the iPod Nano. */
function firstProducts(): Product[] {
  return [
    product({
      productId: 28,
      name: 'HTC Touch HD',
      model: 'Product 1',
      price: usd('100.00'),
      quantity: 0,
      manufacturerId: 5,
      image: 'catalog/demo/htc_touch_hd_1.jpg',
      points: 200,
      reward: 400,
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
      lengthClassId: INCH,
      categoryIds: [20, 24],
    }),
    product({
      productId: 30,
      name: 'Canon EOS 5D',
      model: 'Product 3',
      price: usd('100.00'),
      quantity: PLENTY,
      manufacturerId: 9,
      image: 'catalog/demo/canon_eos_5d_1.jpg',
      reward: 200,
      categoryIds: [20, 33],
      options: [
        selectOption({ productOptionId: 226, optionId: 5, name: 'Select', sortOrder: 4 }, [
          optionValue(15, 39, 'Red', '0.00', { quantity: PLENTY, subtract: true }),
          optionValue(16, 40, 'Blue', '0.00', { quantity: PLENTY, subtract: true }),
        ]),
      ],
    }),
    product({
      productId: 31,
      name: 'Nikon D300',
      model: 'Product 4',
      price: usd('80.00'),
      quantity: 1000,
      manufacturerId: 0,
      image: 'catalog/demo/nikon_d300_1.jpg',
      lengthClassId: INCH,
      categoryIds: [33],
    }),
    product({
      productId: 32,
      name: 'iPod Touch',
      model: 'Product 5',
      price: usd('100.00'),
      quantity: 999,
      manufacturerId: 8,
      image: 'catalog/demo/ipod_touch_1.jpg',
      weight: '5.00000000',
      categoryIds: [34],
    }),
    product({
      productId: 33,
      name: 'Samsung SyncMaster 941BW',
      model: 'Product 6',
      price: usd('200.00'),
      quantity: 1000,
      manufacturerId: 0,
      image: 'catalog/demo/samsung_syncmaster_941bw.jpg',
      weight: '5.00000000',
      lengthClassId: MILLIMETRE,
      categoryIds: [20, 28],
    }),
    product({
      productId: 34,
      name: 'iPod Shuffle',
      model: 'Product 7',
      price: usd('100.00'),
      quantity: 1000,
      manufacturerId: 8,
      image: 'catalog/demo/ipod_shuffle_1.jpg',
      weight: '5.00000000',
      lengthClassId: MILLIMETRE,
      categoryIds: [34],
    }),
    product({
      productId: 35,
      name: 'Product 8',
      model: 'Product 8',
      price: usd('100.00'),
      quantity: 1000,
      manufacturerId: 0,
      shipping: false,
      status: false,
      weight: '5.00000000',
      categoryIds: [20],
      options: [
        selectOption({ productOptionId: 224, optionId: 11, name: 'Size', sortOrder: 10 }, [
          optionValue(12, 46, 'Small', '5.00', { quantity: 0, subtract: true }),
          optionValue(13, 47, 'Medium', '10.00', { quantity: 10, subtract: true }),
          optionValue(14, 48, 'Large', '15.00', { quantity: 15, subtract: true }),
        ]),
      ],
    }),
    product({
      productId: 36,
      name: 'iPod Nano',
      model: 'Product 9',
      price: usd('100.00'),
      quantity: 994,
      manufacturerId: 8,
      image: 'catalog/demo/ipod_nano_1.jpg',
      shipping: false,
      points: 100,
      weight: '5.00000000',
      lengthClassId: MILLIMETRE,
      categoryIds: [34],
    }),
  ];
}

/** Products 40–44: the iPhone, the iMac, the Apple Cinema 30", the MacBook and the MacBook Air. */
function appleProducts(): Product[] {
  return [
    product({
      productId: 40,
      name: 'iPhone',
      model: 'product 11',
      price: usd('101.00'),
      quantity: PLENTY,
      manufacturerId: 8,
      image: 'catalog/demo/iphone_1.jpg',
      weight: '10.00000000',
      categoryIds: [20, 24],
    }),
    product({
      productId: 41,
      name: 'iMac',
      model: 'Product 14',
      price: usd('100.00'),
      quantity: PLENTY,
      manufacturerId: 8,
      image: 'catalog/demo/imac_1.jpg',
      weight: '5.00000000',
      categoryIds: [27],
      subscriptionPlans: [groupOnePlan(dailyPlan, '10.00'), groupOnePlan(weeklyPlan, '25.00')],
    }),
    product({
      productId: 42,
      name: 'Apple Cinema 30"',
      model: 'Product 15',
      price: usd('100.00'),
      quantity: PLENTY,
      manufacturerId: 8,
      image: 'catalog/demo/apple_cinema_30.jpg',
      minimum: 2,
      points: 400,
      reward: 100,
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
    }),
    product({
      productId: 43,
      name: 'MacBook',
      model: 'Product 16',
      price: usd('500.00'),
      quantity: PLENTY,
      manufacturerId: 8,
      image: 'catalog/demo/macbook_1.jpg',
      shipping: false,
      reward: 600,
      lengthClassId: MILLIMETRE,
      categoryIds: [18, 20],
    }),
    product({
      productId: 44,
      name: 'MacBook Air',
      model: 'Product 17',
      price: usd('1000.00'),
      quantity: 1000,
      manufacturerId: 8,
      image: 'catalog/demo/macbook_air_1.jpg',
      reward: 700,
      lengthClassId: MILLIMETRE,
      categoryIds: [18, 20],
    }),
  ];
}

/** Products 45–49: the MacBook Pro, the Sony VAIO, the HP LP3065, the iPod Classic and the Galaxy Tab. */
function lastProducts(): Product[] {
  return [
    product({
      productId: 45,
      name: 'MacBook Pro',
      model: 'Product 18',
      price: usd('2000.00'),
      quantity: 998,
      manufacturerId: 8,
      image: 'catalog/demo/macbook_pro_1.jpg',
      // Tax class 100 does not exist, so (as in OpenCart) the MacBook Pro is untaxed.
      taxClassId: 100,
      reward: 800,
      lengthClassId: MILLIMETRE,
      categoryIds: [18],
    }),
    product({
      productId: 46,
      name: 'Sony VAIO',
      model: 'Product 19',
      price: usd('1000.00'),
      quantity: 1000,
      manufacturerId: 10,
      image: 'catalog/demo/sony_vaio_1.jpg',
      lengthClassId: MILLIMETRE,
      categoryIds: [18, 20],
    }),
    product({
      productId: 47,
      name: 'HP LP3065',
      model: 'Product 21',
      price: usd('100.00'),
      quantity: PLENTY,
      manufacturerId: 7,
      image: 'catalog/demo/hp_1.jpg',
      subtract: false,
      points: 400,
      reward: 300,
      weight: '1.00000000',
      categoryIds: [18, 20],
      options: [
        freeOption(
          { productOptionId: 225, optionId: 12, name: 'Delivery Date', type: 'date', sortOrder: 11 },
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
      lengthClassId: MILLIMETRE,
      categoryIds: [20, 34],
    }),
    product({
      productId: 49,
      name: 'Samsung Galaxy Tab 10.1',
      model: 'SAM1',
      price: usd('199.99'),
      quantity: 0,
      manufacturerId: 0,
      image: 'catalog/demo/samsung_tab_1.jpg',
      reward: 1000,
      dateAvailable: '2011-04-25',
      sortOrder: 1,
      categoryIds: [57],
    }),
  ];
}

/** The 19 products of the demo catalog, by id. */
export function demoProducts(): Product[] {
  return [...firstProducts(), ...appleProducts(), ...lastProducts()];
}
