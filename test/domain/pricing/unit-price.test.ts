import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import {
  activeDiscount,
  activeSpecial,
  discountedPrice,
  linePoints,
  lineReward,
  optionSurcharge,
  type PriceInput,
  subscriptionPlanFor,
  unitPrice,
} from '../../../src/domain/pricing/unit-price.js';
import type {
  FixedPriceDiscount,
  PercentageDiscount,
  Product,
  ProductSpecial,
} from '../../../src/domain/records/catalog.js';
import { money } from '../../../src/money/index.js';

const { data } = demoStore();
const today = '2026-06-01';
const usd = (amount: string) => money(amount, 'USD');

function product(id: number): Product {
  const p = data.products.get(id);
  if (p === undefined) throw new Error(`demo product ${id} missing`);
  return p;
}

function input(p: Product, overrides: Partial<Omit<PriceInput, 'product'>> = {}): PriceInput {
  return {
    product: p,
    options: {},
    subscriptionPlanId: 0,
    customerGroupId: 1,
    productQuantity: 1,
    today,
    ...overrides,
  };
}

/** Product 42 with radio 5 (+10), checkbox 8 and 10 (+10, +30), select 1 (+1), and the free-text options. */
const cinemaOptions = {
  '208': 'test',
  '209': 'hello',
  '217': '1',
  '218': '5',
  '219': '2011-02-20',
  '220': '2011-02-20 22:25',
  '221': '22:25',
  '222': '',
  '223': ['8', '10'],
};

const discount = (over: Partial<FixedPriceDiscount>): FixedPriceDiscount => ({
  type: 'F',
  customerGroupId: 1,
  quantity: 1,
  priority: 1,
  price: usd('90.00'),
  dateStart: null,
  dateEnd: null,
  ...over,
});

const percentage = (over: Partial<PercentageDiscount>): PercentageDiscount => ({
  type: 'P',
  customerGroupId: 1,
  quantity: 1,
  priority: 1,
  percent: '10.0000',
  dateStart: null,
  dateEnd: null,
  ...over,
});

/** The price a discount gives when it is the active one, or undefined. */
const discountPrice = (d: ReturnType<typeof activeDiscount>) => (d?.type === 'F' ? d.price : undefined);

const special = (over: Partial<ProductSpecial>): ProductSpecial => ({
  customerGroupId: 1,
  priority: 1,
  price: usd('90.00'),
  dateStart: null,
  dateEnd: null,
  ...over,
});

describe('unitPrice on the demo catalog', () => {
  it('40: the product price', () => {
    const r = unitPrice(input(product(40)));
    expect(r.price).toEqual(usd('101.0000'));
    expect(r.price.amount).toBe('101.0000');
    expect(r.basePrice).toEqual(usd('101'));
    expect(r.subscription).toBeNull();
  });

  it('30 with a group-1 special: the special for group 1, none for group 2 (the demo itself has no special)', () => {
    const onSpecial: Product = { ...product(30), specials: [special({ price: usd('80.00') })] };
    expect(unitPrice(input(product(30))).price.amount).toBe('100.0000');
    expect(unitPrice(input(onSpecial, { customerGroupId: 1 })).price.amount).toBe('80.0000');
    expect(unitPrice(input(onSpecial, { customerGroupId: 2 })).price.amount).toBe('100.0000');
  });

  it('30: outside the special dates the product price applies (start inclusive, end exclusive)', () => {
    const p30 = product(30);
    const dated: Product = {
      ...p30,
      specials: [special({ price: usd('80.00'), dateStart: '2026-05-01', dateEnd: '2026-06-01' })],
    };
    expect(unitPrice(input(dated, { today: '2026-04-30' })).price.amount).toBe('100.0000');
    expect(unitPrice(input(dated, { today: '2026-05-01' })).price.amount).toBe('80.0000');
    expect(unitPrice(input(dated, { today: '2026-05-31' })).price.amount).toBe('80.0000');
    expect(unitPrice(input(dated, { today: '2026-06-01' })).price.amount).toBe('100.0000');
  });

  it('42: options are added to the product price below the first tier', () => {
    const r = unitPrice(input(product(42), { options: cinemaOptions, productQuantity: 2 }));
    expect(r.price.amount).toBe('151.0000');
    expect(r.basePrice.amount).toBe('100.0000');
  });

  it.each([
    [9, '151.0000'],
    [10, '139.0000'],
    [19, '139.0000'],
    [20, '128.0000'],
    [29, '128.0000'],
    [30, '117.0000'],
    [500, '117.0000'],
  ])('42: quantity %i → %s (discount tier + 51 of options)', (productQuantity, expected) => {
    expect(unitPrice(input(product(42), { options: cinemaOptions, productQuantity })).price.amount).toBe(
      expected,
    );
  });

  it('42: the discounts are group 1 only', () => {
    expect(
      unitPrice(input(product(42), { options: cinemaOptions, productQuantity: 30, customerGroupId: 2 })).price
        .amount,
    ).toBe('151.0000');
  });

  it('41 with plan 1 or 2: the plan price (10.00 daily, 25.00 "weekly"), no trial, for group 1 only', () => {
    const daily = unitPrice(input(product(41), { subscriptionPlanId: 1 }));
    expect(daily.price.amount).toBe('10.0000');
    expect(daily.subscription).toMatchObject({
      plan: { subscriptionPlanId: 1, name: 'Daily' },
      inTrial: false,
    });
    const weekly = unitPrice(input(product(41), { subscriptionPlanId: 2 }));
    expect(weekly.price.amount).toBe('25.0000');
    expect(weekly.subscription?.plan.frequency).toBe('month');
    expect(
      unitPrice(input(product(41), { subscriptionPlanId: 2, customerGroupId: 2 })).subscription,
    ).toBeNull();
  });

  it('41 without a plan: the product price', () => {
    expect(unitPrice(input(product(41))).price.amount).toBe('100.0000');
  });
});

describe('optionSurcharge', () => {
  const p42 = product(42);

  it('sums price, points and weight of the chosen values', () => {
    const s = optionSurcharge(p42, cinemaOptions);
    expect(s.price.amount).toBe('51.0000');
    expect(s.points).toBe(1);
    expect(s.weight).toBe('51.00000000');
  });

  it('counts a scalar checkbox value as one value', () => {
    expect(optionSurcharge(p42, { '223': '9' }).price.amount).toBe('20.0000');
    expect(optionSurcharge(p42, { '223': ['9'] }).price.amount).toBe('20.0000');
  });

  it('ignores a value id from another option', () => {
    expect(optionSurcharge(p42, { '218': '1' }).price.amount).toBe('0.0000');
    expect(optionSurcharge(p42, { '217': '5', '223': ['5', '8'] }).price.amount).toBe('10.0000');
  });

  it('ignores unknown options, malformed ids, arrays on select/radio and free-text values', () => {
    expect(
      optionSurcharge(p42, {
        '999': '1',
        '217': ['1'],
        '218': 'five',
        '208': '4',
        '209': '1',
        '219': '2011-02-20',
      }),
    ).toEqual({ price: usd('0'), points: 0, weight: '0' });
  });

  it('counts a checkbox value listed twice once', () => {
    expect(optionSurcharge(p42, { '223': ['8', '8'] }).price.amount).toBe('10.0000');
  });

  it('adds signed values (negative points)', () => {
    expect(optionSurcharge(p42, { '218': '6' }).points).toBe(-2);
  });

  it('is zero for a product without options', () => {
    expect(optionSurcharge(product(40), { '217': '1' })).toEqual({ price: usd('0'), points: 0, weight: '0' });
  });
});

describe('subscriptions', () => {
  const p41 = product(41);

  it('adds option prices to the plan price', () => {
    // Plan 2 at 25.00 + radio Large (+30.00).
    const withOption: Product = { ...p41, options: product(42).options };
    expect(
      unitPrice(input(withOption, { subscriptionPlanId: 2, options: { '218': '7' } })).price.amount,
    ).toBe('55.0000');
  });

  it('uses the trial price while the plan has a trial', () => {
    const withTrial: Product = {
      ...p41,
      subscriptionPlans: p41.subscriptionPlans.map((p) => ({
        ...p,
        trialStatus: true,
        trialPrice: usd('1.00'),
      })),
    };
    const r = unitPrice(input(withTrial, { subscriptionPlanId: 2 }));
    expect(r.price.amount).toBe('1.0000');
    expect(r.subscription?.inTrial).toBe(true);
  });

  it('ignores a disabled plan, a plan of another group and plan 0', () => {
    const disabled: Product = {
      ...p41,
      subscriptionPlans: p41.subscriptionPlans.map((p) => ({ ...p, status: false })),
    };
    expect(unitPrice(input(disabled, { subscriptionPlanId: 2 })).subscription).toBeNull();
    expect(subscriptionPlanFor(p41, 2, 2)).toBeUndefined();
    expect(subscriptionPlanFor(p41, 0, 1)).toBeUndefined();
    expect(unitPrice(input(p41, { subscriptionPlanId: 3 })).price.amount).toBe('100.0000');
  });

  it('does not apply discounts or specials on top of a plan (OpenCart defect 26)', () => {
    const discounted: Product = {
      ...p41,
      discounts: [discount({ quantity: 1, price: usd('0.50') })],
      specials: [special({ price: usd('0.25') })],
    };
    expect(unitPrice(input(discounted, { subscriptionPlanId: 2, productQuantity: 5 })).price.amount).toBe(
      '25.0000',
    );
  });
});

describe('activeDiscount', () => {
  const base = product(40);

  it('picks the highest quantity ≤ productQuantity, then priority, then price', () => {
    const p: Product = {
      ...base,
      discounts: [
        discount({ quantity: 5, priority: 2, price: usd('70') }),
        discount({ quantity: 5, priority: 1, price: usd('75') }),
        discount({ quantity: 5, priority: 1, price: usd('72') }),
        discount({ quantity: 2, priority: 0, price: usd('10') }),
        discount({ quantity: 6, priority: 0, price: usd('1') }),
      ],
    };
    expect(discountPrice(activeDiscount(p, 1, 5, today))).toEqual(usd('72'));
    expect(discountPrice(activeDiscount(p, 1, 4, today))).toEqual(usd('10'));
    expect(activeDiscount(p, 1, 1, today)).toBeUndefined();
    expect(activeDiscount(p, 2, 5, today)).toBeUndefined();
  });

  it('respects the date window', () => {
    const p: Product = {
      ...base,
      discounts: [
        discount({ quantity: 1, dateStart: '2026-06-02' }),
        discount({ quantity: 1, dateEnd: today }),
      ],
    };
    expect(activeDiscount(p, 1, 1, today)).toBeUndefined();
    expect(activeDiscount(p, 1, 1, '2026-06-02')?.dateStart).toBe('2026-06-02');
    expect(activeDiscount(p, 1, 1, '2026-05-31')?.dateEnd).toBe(today);
  });
});

describe('discount types: F is a fixed price plus options, P a percentage off the price with options', () => {
  const p42 = product(42);
  /** Product 42 with only `discounts` as its quantity discounts. */
  const with42 = (...discounts: (FixedPriceDiscount | PercentageDiscount)[]): Product => ({
    ...p42,
    discounts,
  });

  it('P 12 % from 10 units: (100 + 51 of options) less 12 % is 132.88, the options discounted alike', () => {
    // 151 × 12 / 100 = 18.12; 151 − 18.12 = 132.88. The base alone: 100 − 12 = 88.
    const r = unitPrice(
      input(with42(percentage({ quantity: 10, percent: '12.0000' })), {
        options: cinemaOptions,
        productQuantity: 10,
      }),
    );
    expect(r.price.amount).toBe('132.8800');
    expect(r.basePrice.amount).toBe('88.0000');
    expect(
      unitPrice(input(with42(percentage({ quantity: 10 })), { options: cinemaOptions, productQuantity: 9 }))
        .price.amount,
    ).toBe('151.0000');
  });

  it('F 88.00 from 10 units: 88 + 51 of options = 139, whatever the product price', () => {
    const dearer: Product = {
      ...with42(discount({ quantity: 10, price: usd('88.00') })),
      price: usd('500.00'),
    };
    const r = unitPrice(input(dearer, { options: cinemaOptions, productQuantity: 10 }));
    expect(r.price.amount).toBe('139.0000');
    expect(r.basePrice.amount).toBe('88.0000');
  });

  it('keeps the exact fraction of a percentage: 12.5 % off 101 leaves 88.375', () => {
    const iphone: Product = {
      ...product(40),
      price: usd('101.00'),
      discounts: [percentage({ percent: '12.5' })],
    };
    expect(unitPrice(input(iphone)).price.amount).toBe('88.3750');
  });

  it('ranks rows of one quantity and priority by the price they give, not by their raw figures', () => {
    // F 80 gives 80 + 51 = 131; P 12 gives 151 − 18.12 = 132.88. Comparing the raw 80 with 12 (as OpenCart
    // does) would pick the dearer percentage.
    const both = with42(
      percentage({ quantity: 10, percent: '12.0000' }),
      discount({ quantity: 10, price: usd('80.00') }),
    );
    expect(activeDiscount(both, 1, 10, today, cinemaOptions)).toMatchObject({ type: 'F' });
    expect(unitPrice(input(both, { options: cinemaOptions, productQuantity: 10 })).price.amount).toBe(
      '131.0000',
    );
    // Without options: F 80 against P 12 % off 100 = 88; the fixed price is still lower.
    expect(activeDiscount(both, 1, 10, today)).toMatchObject({ type: 'F' });
    // A 25 % row gives 151 × 0.75 = 113.25 with the options, below 131: it wins now.
    const deeper = with42(...both.discounts, percentage({ quantity: 10, percent: '25' }));
    expect(activeDiscount(deeper, 1, 10, today, cinemaOptions)).toMatchObject({ type: 'P', percent: '25' });
  });

  it('the highest quantity still comes first, whatever the type', () => {
    const tiers = with42(
      percentage({ quantity: 10, percent: '50' }),
      discount({ quantity: 20, price: usd('99') }),
    );
    expect(unitPrice(input(tiers, { productQuantity: 19 })).price.amount).toBe('50.0000');
    expect(unitPrice(input(tiers, { productQuantity: 20 })).price.amount).toBe('99.0000');
  });

  it('a percentage and a special: the lower price wins', () => {
    const p = {
      ...with42(percentage({ quantity: 1, percent: '10' })),
      specials: [special({ price: usd('95') })],
    };
    // P: 151 × 0.9 = 135.90; special: 95 + 51 = 146.
    expect(unitPrice(input(p, { options: cinemaOptions })).price.amount).toBe('135.9000');
    // Without options: P gives 90, the special 95.
    expect(unitPrice(input(p)).basePrice.amount).toBe('90.0000');
    const cheaper = { ...p, specials: [special({ price: usd('80') })] };
    expect(unitPrice(input(cheaper, { options: cinemaOptions })).price.amount).toBe('131.0000');
  });

  it('a percentage of 0 leaves the price, of 100 makes it 0, and above 100 stops at 0', () => {
    const at = (percent: string) =>
      unitPrice(input(with42(percentage({ percent })), { options: cinemaOptions })).price.amount;
    expect(at('0')).toBe('151.0000');
    expect(at('100')).toBe('0.0000');
    expect(at('150.0000')).toBe('0.0000');
  });

  it('discountedPrice: F adds the surcharge to its price, P takes the percentage off the list price', () => {
    expect(discountedPrice(discount({ price: usd('77') }), usd('151'), usd('51'))).toEqual(usd('128'));
    expect(discountedPrice(percentage({ percent: '23' }), usd('151'), usd('51'))).toEqual(usd('116.27'));
  });

  it('neither type applies on top of a subscription plan', () => {
    const planned: Product = { ...product(41), discounts: [percentage({ percent: '50' })] };
    expect(unitPrice(input(planned, { subscriptionPlanId: 2 })).price.amount).toBe('25.0000');
  });
});

describe('activeSpecial', () => {
  it('picks the lowest priority, then the lowest price, of the group', () => {
    const p: Product = {
      ...product(40),
      specials: [
        special({ priority: 2, price: usd('50') }),
        special({ priority: 1, price: usd('70') }),
        special({ priority: 1, price: usd('60') }),
        special({ customerGroupId: 2, priority: 0, price: usd('1') }),
      ],
    };
    expect(activeSpecial(p, 1, today)?.price).toEqual(usd('60'));
    expect(activeSpecial(p, 2, today)?.price).toEqual(usd('1'));
    expect(activeSpecial(p, 3, today)).toBeUndefined();
  });
});

describe('discount and special together: the lower wins', () => {
  it('takes the special when it is lower, the discount when it is lower', () => {
    const p42 = product(42);
    const withSpecial = (price: string): Product => ({ ...p42, specials: [special({ price: usd(price) })] });
    expect(unitPrice(input(withSpecial('80'), { productQuantity: 10 })).basePrice).toEqual(usd('80'));
    expect(unitPrice(input(withSpecial('80'), { productQuantity: 20 })).basePrice).toEqual(usd('77'));
    expect(unitPrice(input(withSpecial('80'), { productQuantity: 1 })).basePrice).toEqual(usd('80'));
  });
});

describe('lineReward and linePoints', () => {
  it('28: 400 reward points per unit for group 1, none for group 2', () => {
    expect(lineReward(product(28), 1, 3)).toBe(1200);
    expect(lineReward(product(28), 2, 3)).toBe(0);
    expect(lineReward(product(42), 1, 2)).toBe(200);
    expect(lineReward(product(40), 1, 2)).toBe(0);
  });

  it('28: points price 200 per unit', () => {
    expect(linePoints(product(28), {}, 3)).toBe(600);
  });

  it('adds option points, and is 0 when the product has no points price', () => {
    // 42 costs 400 points, radio Small adds 1: (400 + 1) × 2.
    expect(linePoints(product(42), cinemaOptions, 2)).toBe(802);
    expect(linePoints({ ...product(42), points: 0 }, cinemaOptions, 2)).toBe(0);
    const withPoints: Product = { ...product(42), points: 50 };
    expect(linePoints(withPoints, cinemaOptions, 2)).toBe(102);
    expect(linePoints(withPoints, { '218': '6' }, 3)).toBe(144);
  });
});
