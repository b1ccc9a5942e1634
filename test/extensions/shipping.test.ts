import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SessionAddress } from '../../src/domain/machine/session.js';
import type { WeightShippingConfig } from '../../src/domain/settings/extension-config.js';
import {
  createFlatShipping,
  createFreeShipping,
  createItemShipping,
  createPickupShipping,
  createShippingMethods,
  createWeightShipping,
  formatWeight,
} from '../../src/extensions/shipping/index.js';
import { type Money, money } from '../../src/money/index.js';
import type { ShippingContext } from '../../src/ports/shipping-method.js';
import { demo, singapore, uk, us } from './method-fixtures.js';

const usd = (amount: string): Money => money(amount, 'USD');
const store = demo();
const shipping = store.extensions.shipping;

/** A shipping context on the demo store: 1 unit of 1 kg worth 100.00, unless told otherwise. */
function context(address: SessionAddress, over: Partial<ShippingContext> = {}): ShippingContext {
  return {
    address,
    geoZones: store.geoZones,
    subTotal: usd('100.00'),
    shippableQuantity: 1,
    weight: '1',
    settings: store.settings,
    ...over,
  };
}

describe('flat', () => {
  const flat = createFlatShipping(shipping.flat);

  it('quotes flat.flat at 5.00, tax class 9, sort 1, everywhere (geo zone 0)', async () => {
    for (const address of [uk, us, singapore]) {
      expect(await flat.quote(context(address))).toEqual({
        code: 'flat',
        title: 'Flat Rate',
        quote: { flat: { code: 'flat.flat', name: 'Flat Shipping Rate', cost: usd('5.00'), taxClassId: 9 } },
        sortOrder: 1,
      });
    }
    expect(flat.code).toBe('flat');
  });

  it('the cost does not depend on the cart', async () => {
    const group = await flat.quote(
      context(uk, { shippableQuantity: 40, weight: '500', subTotal: usd('9999') }),
    );
    expect(group?.quote.flat?.cost).toEqual(usd('5.00'));
  });

  it('quotes nothing when off', async () => {
    expect(await createFlatShipping({ ...shipping.flat, status: false }).quote(context(uk))).toBeNull();
  });

  it('in a geo zone, quotes only addresses inside it', async () => {
    const ukOnly = createFlatShipping({ ...shipping.flat, geoZoneId: 4 });
    expect(await ukOnly.quote(context(uk))).not.toBeNull();
    expect(await ukOnly.quote(context(us))).toBeNull();
    expect(await ukOnly.quote(context(singapore))).toBeNull();
  });

  it('a geo zone id the store does not know serves nobody', async () => {
    expect(await createFlatShipping({ ...shipping.flat, geoZoneId: 99 }).quote(context(uk))).toBeNull();
  });

  it('takes translated texts', async () => {
    const group = await createFlatShipping(shipping.flat, {
      title: 'Pauschal',
      name: 'Versandpauschale',
    }).quote(context(uk));
    expect(group?.title).toBe('Pauschal');
    expect(group?.quote.flat?.name).toBe('Versandpauschale');
  });
});

describe('free', () => {
  const free = createFreeShipping(shipping.free);

  it('quotes free.free at 0, tax class 0, sort 2, from a sub-total of exactly 500.00 in the UK', async () => {
    expect(await free.quote(context(uk, { subTotal: usd('500.00') }))).toEqual({
      code: 'free',
      title: 'Free Shipping',
      quote: { free: { code: 'free.free', name: 'Free Shipping', cost: usd('0'), taxClassId: 0 } },
      sortOrder: 2,
    });
    expect(await free.quote(context(uk, { subTotal: usd('500.0001') }))).not.toBeNull();
    expect(await free.quote(context(uk, { subTotal: usd('12000') }))).not.toBeNull();
  });

  it('quotes nothing below the minimum, by however little', async () => {
    expect(await free.quote(context(uk, { subTotal: usd('499.9999') }))).toBeNull();
    expect(await free.quote(context(uk, { subTotal: usd('0') }))).toBeNull();
  });

  it('quotes nothing outside geo zone 4 (UK Shipping), whatever the sub-total', async () => {
    expect(await free.quote(context(us, { subTotal: usd('1000') }))).toBeNull();
    expect(await free.quote(context(singapore, { subTotal: usd('1000') }))).toBeNull();
  });

  it('with geo zone 0 serves every address', async () => {
    const everywhere = createFreeShipping({ ...shipping.free, geoZoneId: 0 });
    expect(await everywhere.quote(context(us, { subTotal: usd('500') }))).not.toBeNull();
    expect(await everywhere.quote(context(singapore, { subTotal: usd('500') }))).not.toBeNull();
  });

  it('quotes nothing when off', async () => {
    const off = createFreeShipping({ ...shipping.free, status: false });
    expect(await off.quote(context(uk, { subTotal: usd('1000') }))).toBeNull();
  });
});

describe('item', () => {
  const item = createItemShipping(shipping.item);

  it('quotes item.item at 2.00 per unit shipped, tax class 9, sort 3, everywhere', async () => {
    for (const address of [uk, us, singapore]) {
      expect(await item.quote(context(address, { shippableQuantity: 3 }))).toEqual({
        code: 'item',
        title: 'Per Item',
        quote: {
          item: { code: 'item.item', name: 'Per Item Shipping Rate', cost: usd('6.00'), taxClassId: 9 },
        },
        sortOrder: 3,
      });
    }
  });

  it('charges one unit 2.00 and 250 units 500.00', async () => {
    expect((await item.quote(context(uk, { shippableQuantity: 1 })))?.quote.item?.cost).toEqual(usd('2.00'));
    expect((await item.quote(context(uk, { shippableQuantity: 250 })))?.quote.item?.cost).toEqual(usd('500'));
  });

  it('quotes nothing when off or outside its geo zone', async () => {
    expect(await createItemShipping({ ...shipping.item, status: false }).quote(context(uk))).toBeNull();
    expect(await createItemShipping({ ...shipping.item, geoZoneId: 4 }).quote(context(us))).toBeNull();
  });

  /** `units` ten-thousandths as a canonical amount, computed with BigInt, independently of src/money. */
  function amountOf(units: bigint): string {
    const digits = units.toString().padStart(5, '0');
    return `${digits.slice(0, -4)}.${digits.slice(-4)}`;
  }

  it('property: the cost is the unit cost × the quantity, exactly, for any quantity 1..10000', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 1n, max: 100_000_000n }),
        fc.integer({ min: 1, max: 10_000 }),
        async (costUnits, quantity) => {
          const cost = usd(amountOf(costUnits));
          const group = await createItemShipping({ ...shipping.item, cost }).quote(
            context(uk, { shippableQuantity: quantity }),
          );
          expect(group?.quote.item?.cost).toEqual({
            amount: amountOf(costUnits * BigInt(quantity)),
            currency: 'USD',
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('weight', () => {
  const weight = createWeightShipping(shipping.weight);
  const costAt = async (kg: string, address: SessionAddress = uk) =>
    (await weight.quote(context(address, { weight: kg })))?.quote.weight_4?.cost ?? null;

  it('quotes weight.weight_4 for a UK address: geo zone name, weight, tax class 9, sort 4', async () => {
    expect(await weight.quote(context(uk, { weight: '1' }))).toEqual({
      code: 'weight',
      title: 'Weight Based Shipping',
      quote: {
        weight_4: {
          code: 'weight.weight_4',
          name: 'UK Shipping  (Weight: 1.00kg)',
          cost: usd('5.00'),
          taxClassId: 9,
        },
      },
      sortOrder: 4,
    });
  });

  it('prices by the first step at least as heavy as the cart: steps are inclusive', async () => {
    expect(await costAt('0')).toEqual(usd('5.00'));
    expect(await costAt('0.5')).toEqual(usd('5.00'));
    expect(await costAt('1')).toEqual(usd('5.00'));
    expect(await costAt('1.0000')).toEqual(usd('5.00'));
    expect(await costAt('1.0001')).toEqual(usd('10.00'));
    expect(await costAt('5')).toEqual(usd('10.00'));
    expect(await costAt('5.00000001')).toEqual(usd('20.00'));
    expect(await costAt('10')).toEqual(usd('20.00'));
    expect(await costAt('10.0001')).toEqual(usd('40.00'));
    expect(await costAt('100')).toEqual(usd('40.00'));
  });

  it('quotes nothing for a cart heavier than every step (above 100 kg)', async () => {
    expect(await weight.quote(context(uk, { weight: '100.0001' }))).toBeNull();
    expect(await weight.quote(context(uk, { weight: '250' }))).toBeNull();
  });

  it('shows the weight with 2 decimals, half away from zero', async () => {
    const nameAt = async (kg: string) =>
      (await weight.quote(context(uk, { weight: kg })))?.quote.weight_4?.name;
    expect(await nameAt('1.0001')).toBe('UK Shipping  (Weight: 1.00kg)');
    expect(await nameAt('0.1464')).toBe('UK Shipping  (Weight: 0.15kg)');
    expect(await nameAt('2.005')).toBe('UK Shipping  (Weight: 2.01kg)');
    expect(await nameAt('2.0049')).toBe('UK Shipping  (Weight: 2.00kg)');
    expect(await nameAt('99.999')).toBe('UK Shipping  (Weight: 100.00kg)');
  });

  it('quotes nothing outside geo zone 4', async () => {
    expect(await weight.quote(context(us))).toBeNull();
    expect(await weight.quote(context(singapore))).toBeNull();
  });

  it('quotes nothing when off, or when the zone table is off', async () => {
    expect(await createWeightShipping({ ...shipping.weight, status: false }).quote(context(uk))).toBeNull();
    const zoneOff: WeightShippingConfig = {
      ...shipping.weight,
      zones: shipping.weight.zones.map((zone) => ({ ...zone, status: false })),
    };
    expect(await createWeightShipping(zoneOff).quote(context(uk))).toBeNull();
  });

  it('quotes every enabled zone the address is in, ordered by geo zone name as OpenCart', async () => {
    const twoZones: WeightShippingConfig = {
      ...shipping.weight,
      zones: [
        { geoZoneId: 3, status: true, rates: [{ weight: '50', cost: usd('7.50') }] },
        ...shipping.weight.zones,
      ],
    };
    const group = await createWeightShipping(twoZones).quote(context(uk, { weight: '2' }));
    // "UK Shipping" sorts before "UK VAT Zone".
    expect(Object.keys(group?.quote ?? {})).toEqual(['weight_4', 'weight_3']);
    expect(group?.quote.weight_3).toEqual({
      code: 'weight.weight_3',
      name: 'UK VAT Zone  (Weight: 2.00kg)',
      cost: usd('7.50'),
      taxClassId: 9,
    });
    // Above 50 kg only zone 4's table still has a step.
    const heavy = await createWeightShipping(twoZones).quote(context(uk, { weight: '60' }));
    expect(Object.keys(heavy?.quote ?? {})).toEqual(['weight_4']);
  });

  it('orders by geo zone name ignoring case, then id', async () => {
    const members = [{ countryId: 222, zoneId: 0 }];
    const geoZones = [
      { geoZoneId: 10, name: 'b zone', members },
      { geoZoneId: 11, name: 'A zone', members },
      { geoZoneId: 12, name: 'B ZONE', members },
    ];
    const rates = [{ weight: '10', cost: usd('1') }];
    const config: WeightShippingConfig = {
      ...shipping.weight,
      zones: [10, 11, 12].map((geoZoneId) => ({ geoZoneId, status: true, rates })),
    };
    const group = await createWeightShipping(config).quote(context(uk, { geoZones }));
    expect(Object.keys(group?.quote ?? {})).toEqual(['weight_11', 'weight_10', 'weight_12']);
  });

  it('a zone id naming no geo zone (0 included) quotes nothing', async () => {
    for (const geoZoneId of [0, 99]) {
      const config: WeightShippingConfig = {
        ...shipping.weight,
        zones: [{ geoZoneId, status: true, rates: [{ weight: '10', cost: usd('1') }] }],
      };
      expect(await createWeightShipping(config).quote(context(uk))).toBeNull();
    }
  });

  it('takes the lightest step that fits, whatever the order of the table', async () => {
    const unsorted: WeightShippingConfig = {
      ...shipping.weight,
      zones: [{ geoZoneId: 4, status: true, rates: [...(shipping.weight.zones[0]?.rates ?? [])].reverse() }],
    };
    const method = createWeightShipping(unsorted);
    expect((await method.quote(context(uk, { weight: '1' })))?.quote.weight_4?.cost).toEqual(usd('5.00'));
    expect((await method.quote(context(uk, { weight: '7' })))?.quote.weight_4?.cost).toEqual(usd('20.00'));
  });

  it('refuses a malformed step weight when made', () => {
    const bad: WeightShippingConfig = {
      ...shipping.weight,
      zones: [{ geoZoneId: 4, status: true, rates: [{ weight: '1e3', cost: usd('1') }] }],
    };
    expect(() => createWeightShipping(bad)).toThrow();
  });

  it('takes translated texts', async () => {
    const method = createWeightShipping(shipping.weight, {
      title: 'Gewichtsbasiert',
      name: (zone, kg) => `${zone} (Gewicht: ${kg})`,
    });
    const group = await method.quote(context(uk, { weight: '3' }));
    expect(group?.title).toBe('Gewichtsbasiert');
    expect(group?.quote.weight_4?.name).toBe('UK Shipping (Gewicht: 3.00kg)');
  });
});

describe('formatWeight', () => {
  it('groups thousands, rounds half away from zero and writes the store unit', () => {
    expect(formatWeight('1234.5', store.settings)).toBe('1,234.50kg');
    expect(formatWeight('1234567.125', store.settings)).toBe('1,234,567.13kg');
    expect(formatWeight('0', store.settings)).toBe('0.00kg');
    expect(formatWeight('-1.005', store.settings)).toBe('-1.01kg');
    expect(formatWeight('-0.004', store.settings)).toBe('0.00kg');
  });

  it('uses the unit of the store weight class, none for an unknown class', () => {
    expect(formatWeight('2', { ...store.settings, weightClassId: 3 })).toBe('2.00lb');
    expect(formatWeight('2', { ...store.settings, weightClassId: 77 })).toBe('2.00');
  });
});

describe('pickup', () => {
  const pickup = createPickupShipping(shipping.pickup);

  it('quotes pickup.pickup at 0, tax class 0, sort 5, everywhere', async () => {
    for (const address of [uk, us, singapore]) {
      expect(await pickup.quote(context(address))).toEqual({
        code: 'pickup',
        title: 'Pickup',
        quote: {
          pickup: { code: 'pickup.pickup', name: 'Pickup From Store', cost: usd('0'), taxClassId: 0 },
        },
        sortOrder: 5,
      });
    }
  });

  it('quotes nothing when off or outside its geo zone', async () => {
    expect(await createPickupShipping({ ...shipping.pickup, status: false }).quote(context(uk))).toBeNull();
    expect(
      await createPickupShipping({ ...shipping.pickup, geoZoneId: 4 }).quote(context(singapore)),
    ).toBeNull();
  });
});

describe('createShippingMethods (demo store)', () => {
  const methods = createShippingMethods(shipping);
  const quoteAll = async (c: ShippingContext) =>
    (await Promise.all(methods.map((m) => m.quote(c)))).filter((g) => g !== null);

  it('makes every built-in, in a fixed order', () => {
    expect(methods.map((m) => m.code)).toEqual(['flat', 'free', 'item', 'weight', 'pickup']);
  });

  it('a 600.00 cart of 2 kg in the UK gets all five groups, sort orders 1 to 5', async () => {
    const groups = await quoteAll(context(uk, { subTotal: usd('600'), shippableQuantity: 2, weight: '2' }));
    expect(groups.map((g) => [g.code, g.sortOrder])).toEqual([
      ['flat', 1],
      ['free', 2],
      ['item', 3],
      ['weight', 4],
      ['pickup', 5],
    ]);
    const codes = groups.flatMap((g) => Object.entries(g.quote).map(([key, q]) => [g.code, key, q.code]));
    for (const [group, key, code] of codes) expect(code).toBe(`${group}.${key}`);
    expect(codes.map(([, , code]) => code)).toEqual([
      'flat.flat',
      'free.free',
      'item.item',
      'weight.weight_4',
      'pickup.pickup',
    ]);
  });

  it('the same cart in the US or Singapore gets flat, item and pickup only', async () => {
    for (const address of [us, singapore]) {
      const groups = await quoteAll(
        context(address, { subTotal: usd('600'), shippableQuantity: 2, weight: '2' }),
      );
      expect(groups.map((g) => g.code)).toEqual(['flat', 'item', 'pickup']);
    }
  });

  it('passes translated texts to each method', async () => {
    const translated = createShippingMethods(shipping, { pickup: { title: 'Abholung' } });
    const group = await translated[4]?.quote(context(uk));
    expect(group?.title).toBe('Abholung');
    expect(group?.quote.pickup?.name).toBe('Pickup From Store');
  });
});
