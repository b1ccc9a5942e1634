/**
 * The catalog the catalog and stock contract suites seed: a small shop whose names, prices and sort orders tie
 * in the ways that break naive lists, with options, specials in and out of their dates, discounts, rewards, a
 * subscription plan, a category tree three deep, a disabled product and one not yet available.
 * @module
 */
import type {
  Category,
  Manufacturer,
  Product,
  ProductOption,
  ProductOptionValue,
  ProductSpecial,
  SubscriptionPlan,
} from '../../domain/records/catalog.js';
import { money } from '../../money/index.js';

/**
 * What a catalog suite asks the host to store before a case: products (with their options, option values and
 * stock), manufacturers and categories, as cartwright's records. The host writes them into its own tables, in
 * whatever shape it keeps them, and its catalog must read them back as given.
 */
export interface CatalogSeed {
  readonly products: readonly Product[];
  readonly manufacturers: readonly Manufacturer[];
  readonly categories: readonly Category[];
}

const usd = (amount: string) => money(amount, 'USD');

/** The day the suites list on, unless a case says otherwise. */
export const TODAY = '2026-03-01';

/** A product with plain defaults for everything the case does not set (the order-repository seed uses it too). */
export function seedProduct(productId: number, fields: Partial<Product>): Product {
  return {
    productId,
    masterId: 0,
    name: `Product ${productId}`,
    model: `M-${productId}`,
    description: `<p>Product ${productId} &amp; more</p>`,
    image: `catalog/${productId}.jpg`,
    manufacturerId: 0,
    price: usd('10.00'),
    quantity: 100,
    minimum: 1,
    maximum: 0,
    subtract: true,
    shipping: true,
    points: 0,
    taxClassId: 9,
    weight: '1.50000000',
    weightClassId: 1,
    length: '10.00000000',
    width: '5.00000000',
    height: '2.00000000',
    lengthClassId: 1,
    status: true,
    dateAvailable: '2020-01-01',
    sortOrder: 0,
    categoryIds: [],
    options: [],
    discounts: [],
    specials: [],
    rewards: [],
    subscriptionPlans: [],
    ...fields,
  };
}

/** An option value with stock. */
function value(
  productOptionValueId: number,
  name: string,
  quantity: number,
  price = '0.00',
): ProductOptionValue {
  return {
    productOptionValueId,
    optionValueId: productOptionValueId + 500,
    name,
    quantity,
    subtract: true,
    price: usd(price),
    points: 0,
    weight: '0.00000000',
  };
}

/** A required select option with the given values. */
function select(productOptionId: number, name: string, values: readonly ProductOptionValue[]): ProductOption {
  return {
    productOptionId,
    optionId: productOptionId + 100,
    name,
    type: 'select',
    required: true,
    value: '',
    validation: '',
    sortOrder: 1,
    values,
  };
}

/** A special for a group, without dates unless given. */
function special(
  customerGroupId: number,
  priority: number,
  price: string,
  dates: [string, string] | null = null,
): ProductSpecial {
  return {
    customerGroupId,
    priority,
    price: usd(price),
    dateStart: dates?.[0] ?? null,
    dateEnd: dates?.[1] ?? null,
  };
}

const monthlyPlan: SubscriptionPlan = {
  subscriptionPlanId: 3,
  customerGroupId: 1,
  name: 'Monthly',
  status: true,
  price: usd('9.99'),
  frequency: 'month',
  cycle: 1,
  duration: 12,
  trialStatus: true,
  trialPrice: usd('0.00'),
  trialFrequency: 'week',
  trialCycle: 1,
  trialDuration: 2,
};

/** The seed's products, by id. Stock: the camera body has 7, its Black 5 and Silver 0; the phone case 0. */
function seedProducts(): Product[] {
  return [
    seedProduct(101, {
      name: 'Camera Body',
      manufacturerId: 5,
      categoryIds: [10],
      price: usd('500.00'),
      quantity: 7,
      sortOrder: 2,
      options: [select(1, 'Colour', [value(1001, 'Black', 5), value(1002, 'Silver', 0, '25.00')])],
      specials: [special(1, 1, '450.00')],
    }),
    seedProduct(102, {
      name: 'camera strap',
      manufacturerId: 5,
      categoryIds: [10],
      price: usd('20.00'),
      sortOrder: 1,
    }),
    seedProduct(103, {
      name: 'CAMERA BAG',
      categoryIds: [10],
      price: usd('20.00'),
      sortOrder: 1,
      subtract: false,
    }),
    seedProduct(104, {
      name: 'Prime Lens 50mm',
      manufacturerId: 9,
      categoryIds: [12],
      price: usd('300.00'),
      specials: [
        special(1, 2, '100.00'),
        special(1, 1, '260.00'),
        special(1, 1, '250.00'),
        special(2, 1, '90.00'),
      ],
    }),
    seedProduct(105, {
      name: 'Zoom Lens',
      manufacturerId: 9,
      categoryIds: [11],
      price: usd('250.00'),
      specials: [special(1, 1, '200.00', ['2026-03-01', '2026-03-03'])],
    }),
    seedProduct(106, {
      name: 'Phone',
      model: 'PH-1 "Pro"',
      manufacturerId: 3,
      categoryIds: [20, 10],
      price: usd('250.00'),
      points: 400,
      minimum: 2,
      maximum: 10,
      discounts: [
        {
          type: 'F',
          customerGroupId: 1,
          quantity: 10,
          priority: 1,
          price: usd('240.00'),
          dateStart: null,
          dateEnd: null,
        },
        {
          type: 'P',
          customerGroupId: 1,
          quantity: 20,
          priority: 1,
          percent: '5.0000',
          dateStart: '2026-01-01',
          dateEnd: '2026-12-31',
        },
      ],
      rewards: [{ customerGroupId: 1, points: 100 }],
      subscriptionPlans: [monthlyPlan],
      options: [
        {
          productOptionId: 2,
          optionId: 4,
          name: 'Engraving',
          type: 'text',
          required: false,
          value: '',
          validation: '/^[A-Za-z ]{0,20}$/',
          sortOrder: 2,
          values: [],
        },
      ],
    }),
    seedProduct(107, { name: 'Disabled Phone', manufacturerId: 3, categoryIds: [20], status: false }),
    seedProduct(108, {
      name: 'Future Phone',
      manufacturerId: 3,
      categoryIds: [20],
      dateAvailable: '2026-03-02',
    }),
    seedProduct(109, {
      name: 'phone case',
      manufacturerId: 7,
      categoryIds: [20],
      price: usd('15.00'),
      quantity: 0,
      shipping: false,
    }),
    seedProduct(110, { name: 'Tripod', manufacturerId: 7, price: usd('20.00'), sortOrder: 1 }),
    seedProduct(111, { name: 'tripod', manufacturerId: 7, price: usd('35.00'), sortOrder: 3 }),
  ];
}

/** Manufacturers: `apple` and `Apple` tie on name, apple and Nikon, Canon and Apple on sort order; 4 is none. */
function seedManufacturers(): Manufacturer[] {
  const manufacturer = (manufacturerId: number, name: string, sortOrder: number): Manufacturer => ({
    manufacturerId,
    name,
    description: `${name} makes things`,
    image: `catalog/brand-${manufacturerId}.png`,
    sortOrder,
    metaTitle: name,
    metaDescription: '',
    metaKeyword: name.toLowerCase(),
  });
  return [
    manufacturer(5, 'Canon', 2),
    manufacturer(3, 'apple', 1),
    manufacturer(11, 'Apple', 2),
    manufacturer(7, 'Nikon', 1),
    manufacturer(9, 'Zeiss', 0),
  ];
}

/** Categories: Cameras (10) > Lenses (11) > Primes (12); Phones (20); Empty (30). */
function seedCategories(): Category[] {
  return [
    { categoryId: 10, parentId: 0, name: 'Cameras', sortOrder: 1 },
    { categoryId: 11, parentId: 10, name: 'Lenses', sortOrder: 1 },
    { categoryId: 12, parentId: 11, name: 'Primes', sortOrder: 1 },
    { categoryId: 20, parentId: 0, name: 'Phones', sortOrder: 2 },
    { categoryId: 30, parentId: 0, name: 'Empty', sortOrder: 3 },
  ];
}

/** A fresh copy of the seed catalog (the host may keep what it is given). */
export function seedCatalog(): CatalogSeed {
  return { products: seedProducts(), manufacturers: seedManufacturers(), categories: seedCategories() };
}
