/**
 * OpenCart 4.1.0.4's demo data, transcribed by hand from the install's SQL (table by table), with the demo's
 * named changes marked `CHANGE` (docs/demo-store.md gives their reasons). The demo-facts behaviour checks
 * `demoStore()` against these rows, through the ports, for every adapter: a value typed wrong in the demo data
 * fails here. Amounts are USD, net of tax. Names are plain text (OpenCart stores them HTML-escaped).
 */

/** The stock the demo gives what its checkouts buy. */
export const PLENTY = 1_000_000;

/** One product row: what pricing, tax, stock, shipping and points read. */
export interface ProductFact {
  readonly id: number;
  readonly name: string;
  readonly model: string;
  readonly price: string;
  readonly taxClassId: number;
  readonly quantity: number;
  readonly minimum: number;
  readonly subtract: boolean;
  readonly shipping: boolean;
  /** `[weight, weight class id]`. */
  readonly weight: readonly [string, number];
  /** `[length, width, height, length class id]`. */
  readonly size: readonly [string, string, string, number];
  /** The reward-point price of a unit. */
  readonly points: number;
  readonly manufacturerId: number;
  readonly categoryIds: readonly number[];
  readonly dateAvailable: string;
  readonly sortOrder: number;
  readonly status: boolean;
  /** Points customer group 1 earns per unit (every product has a row). */
  readonly reward: number;
}

const kg = (w: string): readonly [string, number] => [`${w}.00000000`, 1];
const none: readonly [string, string, string, number] = ['0.00000000', '0.00000000', '0.00000000', 1];
const inMm: readonly [string, string, string, number] = ['0.00000000', '0.00000000', '0.00000000', 2];
const inInches: readonly [string, string, string, number] = ['0.00000000', '0.00000000', '0.00000000', 3];

/** The 19 `product` rows with their `product_reward` for group 1, by id. */
// biome-ignore format: a table reads best one row a line
export const productFacts: readonly ProductFact[] = [
  // CHANGE: 28 has no stock (installed 939), the out-of-stock example.
  { id: 28, name: 'HTC Touch HD', model: 'Product 1', price: '100.0000', taxClassId: 9, quantity: 0, minimum: 1, subtract: true, shipping: true, weight: ['146.40000000', 2], size: none, points: 200, manufacturerId: 5, categoryIds: [20, 24], dateAvailable: '2009-02-03', sortOrder: 0, status: true, reward: 400 },
  { id: 29, name: 'Palm Treo Pro', model: 'Product 2', price: '279.9900', taxClassId: 9, quantity: 999, minimum: 1, subtract: true, shipping: true, weight: ['133.00000000', 2], size: inInches, points: 0, manufacturerId: 6, categoryIds: [20, 24], dateAvailable: '2009-02-03', sortOrder: 0, status: true, reward: 0 },
  // CHANGE: plenty of stock (installed 7).
  { id: 30, name: 'Canon EOS 5D', model: 'Product 3', price: '100.0000', taxClassId: 9, quantity: PLENTY, minimum: 1, subtract: true, shipping: true, weight: kg('0'), size: none, points: 0, manufacturerId: 9, categoryIds: [20, 33], dateAvailable: '2009-02-03', sortOrder: 0, status: true, reward: 200 },
  { id: 31, name: 'Nikon D300', model: 'Product 4', price: '80.0000', taxClassId: 9, quantity: 1000, minimum: 1, subtract: true, shipping: true, weight: kg('0'), size: inInches, points: 0, manufacturerId: 0, categoryIds: [33], dateAvailable: '2009-02-03', sortOrder: 0, status: true, reward: 0 },
  { id: 32, name: 'iPod Touch', model: 'Product 5', price: '100.0000', taxClassId: 9, quantity: 999, minimum: 1, subtract: true, shipping: true, weight: kg('5'), size: none, points: 0, manufacturerId: 8, categoryIds: [34], dateAvailable: '2009-02-03', sortOrder: 0, status: true, reward: 0 },
  { id: 33, name: 'Samsung SyncMaster 941BW', model: 'Product 6', price: '200.0000', taxClassId: 9, quantity: 1000, minimum: 1, subtract: true, shipping: true, weight: kg('5'), size: inMm, points: 0, manufacturerId: 0, categoryIds: [20, 28], dateAvailable: '2009-02-03', sortOrder: 0, status: true, reward: 0 },
  { id: 34, name: 'iPod Shuffle', model: 'Product 7', price: '100.0000', taxClassId: 9, quantity: 1000, minimum: 1, subtract: true, shipping: true, weight: kg('5'), size: inMm, points: 0, manufacturerId: 8, categoryIds: [34], dateAvailable: '2009-02-03', sortOrder: 0, status: true, reward: 0 },
  // CHANGE: 35 is disabled (installed enabled), the unavailable-product example.
  { id: 35, name: 'Product 8', model: 'Product 8', price: '100.0000', taxClassId: 9, quantity: 1000, minimum: 1, subtract: true, shipping: false, weight: kg('5'), size: none, points: 0, manufacturerId: 0, categoryIds: [20], dateAvailable: '2009-02-03', sortOrder: 0, status: false, reward: 0 },
  { id: 36, name: 'iPod Nano', model: 'Product 9', price: '100.0000', taxClassId: 9, quantity: 994, minimum: 1, subtract: true, shipping: false, weight: kg('5'), size: inMm, points: 100, manufacturerId: 8, categoryIds: [34], dateAvailable: '2009-02-03', sortOrder: 0, status: true, reward: 0 },
  // CHANGE: plenty of stock (installed 970).
  { id: 40, name: 'iPhone', model: 'product 11', price: '101.0000', taxClassId: 9, quantity: PLENTY, minimum: 1, subtract: true, shipping: true, weight: kg('10'), size: none, points: 0, manufacturerId: 8, categoryIds: [20, 24], dateAvailable: '2009-02-03', sortOrder: 0, status: true, reward: 0 },
  // CHANGE: plenty of stock (installed 977).
  { id: 41, name: 'iMac', model: 'Product 14', price: '100.0000', taxClassId: 9, quantity: PLENTY, minimum: 1, subtract: true, shipping: true, weight: kg('5'), size: none, points: 0, manufacturerId: 8, categoryIds: [27], dateAvailable: '2009-02-03', sortOrder: 0, status: true, reward: 0 },
  // CHANGE: plenty of stock (installed 990).
  { id: 42, name: 'Apple Cinema 30"', model: 'Product 15', price: '100.0000', taxClassId: 9, quantity: PLENTY, minimum: 2, subtract: true, shipping: true, weight: ['12.50000000', 1], size: ['1.00000000', '2.00000000', '3.00000000', 1], points: 400, manufacturerId: 8, categoryIds: [20, 28], dateAvailable: '2009-02-04', sortOrder: 0, status: true, reward: 100 },
  // CHANGE: plenty of stock (installed 929).
  { id: 43, name: 'MacBook', model: 'Product 16', price: '500.0000', taxClassId: 9, quantity: PLENTY, minimum: 1, subtract: true, shipping: false, weight: kg('0'), size: inMm, points: 0, manufacturerId: 8, categoryIds: [18, 20], dateAvailable: '2009-02-03', sortOrder: 0, status: true, reward: 600 },
  { id: 44, name: 'MacBook Air', model: 'Product 17', price: '1000.0000', taxClassId: 9, quantity: 1000, minimum: 1, subtract: true, shipping: true, weight: kg('0'), size: inMm, points: 0, manufacturerId: 8, categoryIds: [18, 20], dateAvailable: '2009-02-03', sortOrder: 0, status: true, reward: 700 },
  { id: 45, name: 'MacBook Pro', model: 'Product 18', price: '2000.0000', taxClassId: 100, quantity: 998, minimum: 1, subtract: true, shipping: true, weight: kg('0'), size: inMm, points: 0, manufacturerId: 8, categoryIds: [18], dateAvailable: '2009-02-03', sortOrder: 0, status: true, reward: 800 },
  { id: 46, name: 'Sony VAIO', model: 'Product 19', price: '1000.0000', taxClassId: 9, quantity: 1000, minimum: 1, subtract: true, shipping: true, weight: kg('0'), size: inMm, points: 0, manufacturerId: 10, categoryIds: [18, 20], dateAvailable: '2009-02-03', sortOrder: 0, status: true, reward: 0 },
  // CHANGE: plenty of stock (installed 1000; it never decreases anyway, subtract is off).
  { id: 47, name: 'HP LP3065', model: 'Product 21', price: '100.0000', taxClassId: 9, quantity: PLENTY, minimum: 1, subtract: false, shipping: true, weight: kg('1'), size: none, points: 400, manufacturerId: 7, categoryIds: [18, 20], dateAvailable: '2009-02-03', sortOrder: 0, status: true, reward: 300 },
  { id: 48, name: 'iPod Classic', model: 'product 20', price: '100.0000', taxClassId: 9, quantity: 995, minimum: 1, subtract: true, shipping: true, weight: kg('1'), size: inMm, points: 0, manufacturerId: 8, categoryIds: [20, 34], dateAvailable: '2009-02-08', sortOrder: 0, status: true, reward: 0 },
  { id: 49, name: 'Samsung Galaxy Tab 10.1', model: 'SAM1', price: '199.9900', taxClassId: 9, quantity: 0, minimum: 1, subtract: true, shipping: true, weight: kg('0'), size: none, points: 0, manufacturerId: 0, categoryIds: [57], dateAvailable: '2011-04-25', sortOrder: 1, status: true, reward: 1000 },
];

/** `[product option id, option id, name, type, sort order, default value]` in display order. */
export type OptionFact = readonly [number, number, string, string, number, string];
/** `[product option value id, option value id, name, quantity, subtract, price, points, weight]`. */
export type ValueFact = readonly [number, number, string, number, boolean, string, number, string];

/**
 * Each product's options in display order (by `option.sort_order`), each with its values in display order (by
 * `option_value.sort_order`): OpenCart's `product_option` and `product_option_value` rows.
 */
// biome-ignore format: a table reads best one row a line
export const optionFacts: ReadonlyMap<number, readonly (readonly [OptionFact, readonly ValueFact[]])[]> = new Map([
  [
    30,
    [
      // CHANGE: plenty of each value (installed Red 2, Blue 5).
      [
        [226, 5, 'Select', 'select', 4, ''],
        [
          [15, 39, 'Red', PLENTY, true, '0.0000', 0, '0.00000000'],
          [16, 40, 'Blue', PLENTY, true, '0.0000', 0, '0.00000000'],
        ],
      ],
    ],
  ],
  [
    35,
    [
      [
        [224, 11, 'Size', 'select', 10, ''],
        [
          [12, 46, 'Small', 0, true, '5.0000', 0, '0.00000000'],
          [13, 47, 'Medium', 10, true, '10.0000', 0, '0.00000000'],
          [14, 48, 'Large', 15, true, '15.0000', 0, '0.00000000'],
        ],
      ],
    ],
  ],
  [
    42,
    [
      // CHANGE: plenty of each value (installed 96, 146, 300; 48, 194, 2696, 3998; 92, 300, 100, 200).
      [
        [218, 1, 'Radio', 'radio', 1, ''],
        [
          [5, 32, 'Small', PLENTY, true, '10.0000', 1, '10.00000000'],
          [6, 31, 'Medium', PLENTY, true, '20.0000', -2, '20.00000000'],
          [7, 43, 'Large', PLENTY, true, '30.0000', 3, '30.00000000'],
        ],
      ],
      [
        [223, 2, 'Checkbox', 'checkbox', 2, ''],
        [
          [8, 23, 'Checkbox 1', PLENTY, true, '10.0000', 0, '10.00000000'],
          [9, 24, 'Checkbox 2', PLENTY, true, '20.0000', 0, '20.00000000'],
          [10, 44, 'Checkbox 3', PLENTY, true, '30.0000', 0, '30.00000000'],
          [11, 45, 'Checkbox 4', PLENTY, true, '40.0000', 0, '40.00000000'],
        ],
      ],
      [[208, 4, 'Text', 'text', 3, 'test'], []],
      [
        [217, 5, 'Select', 'select', 4, ''],
        [
          [4, 39, 'Red', PLENTY, true, '4.0000', 0, '4.00000000'],
          [3, 40, 'Blue', PLENTY, false, '3.0000', 0, '3.00000000'],
          [1, 41, 'Green', PLENTY, false, '1.0000', 0, '1.00000000'],
          [2, 42, 'Yellow', PLENTY, true, '2.0000', 0, '2.00000000'],
        ],
      ],
      [[209, 6, 'Textarea', 'textarea', 5, ''], []],
      [[222, 7, 'File', 'file', 6, ''], []],
      [[219, 8, 'Date', 'date', 7, '2011-02-20'], []],
      [[221, 9, 'Time', 'time', 8, '22:25'], []],
      [[220, 10, 'Date & Time', 'datetime', 9, '2011-02-20 22:25'], []],
    ],
  ],
  [47, [[[225, 12, 'Delivery Date', 'date', 11, '2011-04-22'], []]]],
]);

/**
 * Product 42's quantity discounts, group 1, priority 1, no dates: `[quantity, type, figure]`. CHANGE: type F
 * (fixed prices); the install's rows take the column default P, a percentage.
 */
export const cinemaDiscountFacts: readonly (readonly [number, 'F' | 'P', string])[] = [
  [10, 'F', '88.0000'],
  [20, 'F', '77.0000'],
  [30, 'F', '66.0000'],
];

/**
 * CHANGE: product 41 sells plans 1 and 2 to group 1 (the install sells none). The plans are the installed
 * `subscription_plan` rows: `[plan id, name, frequency, cycle, duration, price]`, no trial.
 */
export const imacPlanFacts: readonly (readonly [number, string, string, number, number, string])[] = [
  [1, 'Daily', 'day', 1, 0, '10.0000'],
  [2, 'Weekly', 'month', 1, 10, '25.0000'],
];

/** `[id, name, image]` of the manufacturers; sort order 0, no text fields. */
export const manufacturerFacts: readonly (readonly [number, string, string])[] = [
  [5, 'HTC', 'catalog/demo/htc_logo.jpg'],
  [6, 'Palm', 'catalog/demo/palm_logo.jpg'],
  [7, 'Hewlett-Packard', 'catalog/demo/hp_logo.jpg'],
  [8, 'Apple', 'catalog/demo/apple_logo.jpg'],
  [9, 'Canon', 'catalog/demo/canon_logo.jpg'],
  [10, 'Sony', 'catalog/demo/sony_logo.jpg'],
];

/** `[id, parent id, name, sort order]` of every category. */
export const categoryFacts: readonly (readonly [number, number, string, number])[] = [
  [17, 0, 'Software', 4],
  [18, 0, 'Laptops & Notebooks', 2],
  [20, 0, 'Desktops', 1],
  [24, 0, 'Phones & PDAs', 5],
  [25, 0, 'Components', 3],
  [26, 20, 'PC', 1],
  [27, 20, 'Mac', 2],
  [28, 25, 'Monitors', 1],
  [29, 25, 'Mice and Trackballs', 1],
  [30, 25, 'Printers', 1],
  [31, 25, 'Scanners', 1],
  [32, 25, 'Web Cameras', 1],
  [33, 0, 'Cameras', 6],
  [34, 0, 'MP3 Players', 7],
  [35, 28, 'test 1', 0],
  [36, 28, 'test 2', 0],
  [37, 34, 'test 5', 0],
  [38, 34, 'test 4', 0],
  [39, 34, 'test 6', 0],
  [40, 34, 'test 7', 0],
  [41, 34, 'test 8', 0],
  [42, 34, 'test 9', 0],
  [43, 34, 'test 11', 0],
  [44, 34, 'test 12', 0],
  [45, 18, 'Windows', 0],
  [46, 18, 'Macs', 0],
  [47, 34, 'test 15', 0],
  [48, 34, 'test 16', 0],
  [49, 34, 'test 17', 0],
  [50, 34, 'test 18', 0],
  [51, 34, 'test 19', 0],
  [52, 34, 'test 20', 0],
  [53, 34, 'test 21', 0],
  [54, 34, 'test 22', 0],
  [55, 34, 'test 23', 0],
  [56, 34, 'test 24', 0],
  [57, 0, 'Tablets', 3],
  [58, 52, 'test 25', 0],
];

/** `[id, name, description]` of the customer groups. */
export const customerGroupFacts: readonly (readonly [number, string, string])[] = [
  [1, 'Default', 'Default customer group'],
  [2, 'Retail', 'Retail customers'],
  [3, 'Wholesale', 'Wholesale customers'],
];

/** `[zone id, code, name]` of some UK zones, the later seven among them; all 107 are 3513–3612 and 3949–3955. */
export const ukZoneExamples: readonly (readonly [number, string, string])[] = [
  [3513, 'ABN', 'Aberdeen'],
  [3514, 'ABNS', 'Aberdeenshire'],
  [3553, 'LDN', 'Greater London'],
  [3554, 'MCH', 'Greater Manchester'],
  [3563, 'LANCS', 'Lancashire'],
  [3612, 'WRX', 'Wrexham'],
  [3949, 'ANT', 'County Antrim'],
  [3950, 'ARM', 'County Armagh'],
  [3951, 'DOW', 'County Down'],
  [3952, 'FER', 'County Fermanagh'],
  [3953, 'LDY', 'County Londonderry'],
  [3954, 'TYR', 'County Tyrone'],
  [3955, 'CMA', 'Cumbria'],
];

/** Every UK zone id: 3513–3612, then 3949–3955. */
export const ukZoneIds: readonly number[] = [
  ...Array.from({ length: 100 }, (_, i) => 3513 + i),
  ...Array.from({ length: 7 }, (_, i) => 3949 + i),
];

/** `[zone id, code, name]` of some US zones; all 65 are 3613–3677. */
export const usZoneExamples: readonly (readonly [number, string, string])[] = [
  [3613, 'AL', 'Alabama'],
  [3614, 'AK', 'Alaska'],
  [3616, 'AZ', 'Arizona'],
  [3624, 'CA', 'California'],
  [3630, 'FL', 'Florida'],
  [3655, 'NY', 'New York'],
  [3669, 'TX', 'Texas'],
];

/**
 * The coupons: `[id, code, name, type, discount, shipping, minimum total, uses total, uses per customer]`.
 * CHANGE: all enabled and without dates (installed disabled and expired); coupon 4 is the demo's own.
 */
export const couponFacts: readonly (readonly [
  number,
  string,
  string,
  'P' | 'F',
  string,
  boolean,
  string,
  number,
  number,
])[] = [
  [1, '2222', '-10% Discount', 'P', '10.0000', false, '0.0000', 10, 10],
  [2, '3333', 'Free Shipping', 'P', '0.0000', true, '100.0000', 10, 10],
  [3, '1111', '-10.00 Discount', 'F', '10.0000', false, '10.0000', 100000, 10000],
  [4, '4444', '-15% Monitors', 'P', '15.0000', false, '0.0000', 0, 0],
];

/** `[id, title, unit, value]` of the weight classes: pound and ounce are 3 and 4 (they were 5 and 6 in 4.0). */
export const weightClassFacts: readonly (readonly [number, string, string, string])[] = [
  [1, 'Kilogram', 'kg', '1.00000000'],
  [2, 'Gram', 'g', '1000.00000000'],
  [3, 'Pound ', 'lb', '2.20460000'],
  [4, 'Ounce', 'oz', '35.27400000'],
];

/** `[id, title, unit, value]` of the length classes. */
export const lengthClassFacts: readonly (readonly [number, string, string, string])[] = [
  [1, 'Centimeter', 'cm', '1.00000000'],
  [2, 'Millimeter', 'mm', '10.00000000'],
  [3, 'Inch', 'in', '0.39370000'],
];

/** `[id, name]` of the order statuses: there are no ids 4 or 6. */
export const orderStatusFacts: readonly (readonly [number, string])[] = [
  [1, 'Pending'],
  [2, 'Processing'],
  [3, 'Shipped'],
  [5, 'Complete'],
  [7, 'Canceled'],
  [8, 'Denied'],
  [9, 'Canceled Reversal'],
  [10, 'Failed'],
  [11, 'Refunded'],
  [12, 'Reversed'],
  [13, 'Chargeback'],
  [14, 'Expired'],
  [15, 'Processed'],
  [16, 'Voided'],
];
