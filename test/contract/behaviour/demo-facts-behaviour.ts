/**
 * The demo store holds OpenCart 4.1.0.4's demo data (test/contract/behaviour/demo-facts.ts) with its named
 * changes, read back through the ports: the memory adapters over `demoStore()` and the PostgreSQL adapters after
 * `loadDemoStore` must both give every figure a checkout depends on.
 */
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import type { Product } from '../../../src/domain/records/catalog.js';
import {
  categoryFacts,
  cinemaDiscountFacts,
  couponFacts,
  customerGroupFacts,
  imacPlanFacts,
  manufacturerFacts,
  optionFacts,
  productFacts,
  ukZoneExamples,
  ukZoneIds,
  usZoneExamples,
} from './demo-facts.js';
import type { OpenStore, ReadPorts } from './stores.js';

const usd = (amount: string) => ({ amount, currency: 'USD' });

/** Registers the demo-facts cases for the adapter `open` builds over a fresh `demoStore()`. */
export function describeDemoFacts(name: string, open: OpenStore): void {
  describe(`the demo store is OpenCart 4.1.0.4's demo data (${name})`, () => {
    // Opened once for the file, on first use: a store that cannot be opened fails every case (a failing
    // beforeAll would only skip them).
    let opened: Promise<{ ports: ReadPorts; products: Map<number, Product> }> | undefined;
    const store = () => {
      opened ??= (async () => {
        const ports = await open(demoStore().data);
        const ids = Array.from({ length: 60 }, (_, i) => i + 1);
        const products = new Map((await ports.catalog.getProducts(ids)).map((p) => [p.productId, p]));
        return { ports, products };
      })();
      return opened;
    };
    const portsOf = async () => (await store()).ports;
    const product = async (id: number): Promise<Product> => {
      const found = (await store()).products.get(id);
      if (found === undefined) throw new Error(`no product ${id}`);
      return found;
    };

    it('holds exactly the 19 products', async () => {
      expect([...(await store()).products.keys()].sort((a, b) => a - b)).toEqual(
        productFacts.map((f) => f.id),
      );
    });

    it.each(productFacts.map((fact) => [fact.id, fact.name, fact] as const))(
      'product %i %s: price, tax class, stock, shipping, weight, size, points, reward, categories',
      async (id, _name, fact) => {
        const p = await product(id);
        expect({
          name: p.name,
          model: p.model,
          price: p.price,
          taxClassId: p.taxClassId,
          quantity: p.quantity,
          minimum: p.minimum,
          subtract: p.subtract,
          shipping: p.shipping,
          weight: [p.weight, p.weightClassId],
          size: [p.length, p.width, p.height, p.lengthClassId],
          points: p.points,
          manufacturerId: p.manufacturerId,
          categoryIds: p.categoryIds,
          dateAvailable: p.dateAvailable,
          sortOrder: p.sortOrder,
          status: p.status,
          rewards: p.rewards,
        }).toEqual({
          name: fact.name,
          model: fact.model,
          price: usd(fact.price),
          taxClassId: fact.taxClassId,
          quantity: fact.quantity,
          minimum: fact.minimum,
          subtract: fact.subtract,
          shipping: fact.shipping,
          weight: fact.weight,
          size: fact.size,
          points: fact.points,
          manufacturerId: fact.manufacturerId,
          categoryIds: fact.categoryIds,
          dateAvailable: fact.dateAvailable,
          sortOrder: fact.sortOrder,
          status: fact.status,
          rewards: [{ customerGroupId: 1, points: fact.reward }],
        });
      },
    );

    it.each(productFacts.map((fact) => [fact.id] as const))(
      'product %i has its options and values, in display order, all required',
      async (id) => {
        const p = await product(id);
        const facts = optionFacts.get(id) ?? [];
        expect(
          p.options.map((o) => [
            [o.productOptionId, o.optionId, o.name, o.type, o.sortOrder, o.value],
            o.values.map((v) => [
              v.productOptionValueId,
              v.optionValueId,
              v.name,
              v.quantity,
              v.subtract,
              v.price.amount,
              v.points,
              v.weight,
            ]),
          ]),
        ).toEqual(facts);
        expect(p.options.every((o) => o.required && o.validation === '')).toBe(true);
        expect(p.options.flatMap((o) => o.values).every((v) => v.price.currency === 'USD')).toBe(true);
      },
    );

    it('product 42 alone has quantity discounts: group 1, priority 1, undated, fixed prices', async () => {
      expect(
        (await product(42)).discounts.map((d) => [
          d.customerGroupId,
          d.priority,
          d.dateStart,
          d.dateEnd,
          d.quantity,
          d.type,
          d.type === 'F' ? d.price.amount : d.percent,
        ]),
      ).toEqual(cinemaDiscountFacts.map((row) => [1, 1, null, null, ...row]));
      for (const fact of productFacts.filter((f) => f.id !== 42)) {
        expect((await product(fact.id)).discounts).toEqual([]);
      }
    });

    it('no product has a special, and only product 41 sells subscriptions (plans 1 and 2, group 1, no trial)', async () => {
      for (const fact of productFacts) expect((await product(fact.id)).specials).toEqual([]);
      for (const fact of productFacts.filter((f) => f.id !== 41)) {
        expect((await product(fact.id)).subscriptionPlans).toEqual([]);
      }
      expect(
        (await product(41)).subscriptionPlans.map((s) => [
          s.subscriptionPlanId,
          s.name,
          s.frequency,
          s.cycle,
          s.duration,
          s.price.amount,
          s.customerGroupId,
          s.status,
          s.trialStatus,
        ]),
      ).toEqual(imacPlanFacts.map((row) => [...row, 1, true, false]));
    });

    it('has the six manufacturers and every category of the tree', async () => {
      const makers = await (await portsOf()).catalog.listManufacturers({
        sort: 'name',
        order: 'ASC',
        start: 0,
        limit: 100,
      });
      expect(
        [...makers]
          .sort((a, b) => a.manufacturerId - b.manufacturerId)
          .map((m) => [m.manufacturerId, m.name, m.image, m.sortOrder]),
      ).toEqual(manufacturerFacts.map((row) => [...row, 0]));
      const categories = [...(await (await portsOf()).catalog.getCategories())].sort(
        (a, b) => a.categoryId - b.categoryId,
      );
      expect(categories.map((c) => [c.categoryId, c.parentId, c.name, c.sortOrder])).toEqual(categoryFacts);
    });

    it('has customer groups 1 Default, 2 Retail and 3 Wholesale', async () => {
      for (const [customerGroupId, groupName, description] of customerGroupFacts) {
        expect(await (await portsOf()).customers.getCustomerGroup(customerGroupId)).toEqual({
          customerGroupId,
          name: groupName,
          description,
        });
      }
      expect(await (await portsOf()).customers.getCustomerGroup(4)).toBeUndefined();
    });

    it("asks only the demo's two custom fields (OpenCart's 27 stay disabled); Company ID is Wholesale's alone", async () => {
      const fields = async (group: number) =>
        (await (await portsOf()).customers.getCustomFields(group)).map((f) => [
          f.customFieldId,
          f.name,
          f.location,
          f.required,
        ]);
      expect(await fields(1)).toEqual([
        [29, 'Company ID', 'account', false],
        [30, 'Delivery notes', 'address', false],
      ]);
      expect(await fields(2)).toEqual(await fields(1));
      expect(await fields(3)).toEqual([
        [29, 'Company ID', 'account', true],
        [30, 'Delivery notes', 'address', false],
      ]);
    });

    it('has Grace Hopper (group 1, 1000 points, affiliate at 5 %), the wholesale buyer and a disabled account', async () => {
      expect(await (await portsOf()).customers.getCustomer(1)).toMatchObject({
        firstname: 'Grace',
        lastname: 'Hopper',
        email: 'grace@example.com',
        customerGroupId: 1,
        status: true,
      });
      expect(await (await portsOf()).customers.getRewardBalance(1)).toBe(1000);
      expect(await (await portsOf()).customers.getAffiliate(1)).toMatchObject({
        status: true,
        commission: '5.00',
      });
      expect(await (await portsOf()).customers.getCustomer(2)).toMatchObject({
        email: 'buyer@example.com',
        customerGroupId: 3,
        status: true,
        customField: { '29': '12345678' },
      });
      expect(await (await portsOf()).customers.findCustomerByEmail('disabled@example.com')).toMatchObject({
        customerId: 3,
        status: false,
      });
    });

    it('has all 107 UK zones with their ids, postcode required, and the US with all 65 of its zones', async () => {
      const geo = (await portsOf()).geo;
      /** The country's fields, every zone id (sorted), and the zones `examples` name, as `[id, code, name]`. */
      const countryOf = async (
        countryId: number,
        examples: readonly (readonly [number, string, string])[],
      ) => {
        const country = await geo.getCountry(countryId);
        const zones = new Map(country?.zones.map((z) => [z.zoneId, z]));
        return {
          country,
          ids: [...zones.keys()].sort((a, b) => a - b),
          enabled: country?.zones.every((z) => z.status && z.countryId === countryId),
          examples: examples.map(([id]) => {
            const zone = zones.get(id);
            return [id, zone?.code, zone?.name];
          }),
        };
      };
      const uk = await countryOf(222, ukZoneExamples);
      expect(uk.country).toMatchObject({
        name: 'United Kingdom',
        isoCode2: 'GB',
        isoCode3: 'GBR',
        postcodeRequired: true,
      });
      expect([uk.ids, uk.enabled, uk.examples]).toEqual([ukZoneIds, true, ukZoneExamples]);
      const us = await countryOf(223, usZoneExamples);
      expect(us.country).toMatchObject({
        name: 'United States',
        isoCode2: 'US',
        isoCode3: 'USA',
        postcodeRequired: false,
      });
      expect([us.ids, us.enabled, us.examples]).toEqual([
        Array.from({ length: 65 }, (_, i) => 3613 + i),
        true,
        usZoneExamples,
      ]);
      expect(await (await portsOf()).geo.getCountry(188)).toMatchObject({
        name: 'Singapore',
        postcodeRequired: false,
        zones: [],
      });
    });

    it('has geo zone 3 "UK VAT Zone" of all 107 UK zones, and 4 "UK Shipping" of the whole UK', async () => {
      const geoZones = await (await portsOf()).geo.getGeoZones();
      const vat = geoZones.find((g) => g.geoZoneId === 3);
      expect(vat?.name).toBe('UK VAT Zone');
      expect(vat?.members.every((m) => m.countryId === 222)).toBe(true);
      expect(vat?.members.map((m) => m.zoneId).sort((a, b) => a - b)).toEqual(ukZoneIds);
      expect(geoZones.find((g) => g.geoZoneId === 4)).toEqual({
        geoZoneId: 4,
        name: 'UK Shipping',
        members: [{ countryId: 222, zoneId: 0 }],
      });
    });

    it('taxes: VAT 20 % and Eco Tax 2.00 in geo zone 3 for group 1 only; class 100 (MacBook Pro) has none', async () => {
      const table = await (await portsOf()).taxes.getTaxTable([9, 10, 100]);
      expect(table.rates).toEqual([
        { taxRateId: 86, name: 'VAT (20%)', rate: '20.0000', type: 'P', geoZoneId: 3, customerGroupIds: [1] },
        {
          taxRateId: 87,
          name: 'Eco Tax (-2.00)',
          rate: '2.0000',
          type: 'F',
          geoZoneId: 3,
          customerGroupIds: [1],
        },
      ]);
      expect([...table.rules].sort((a, b) => a.taxClassId - b.taxClassId || a.priority - b.priority)).toEqual(
        [
          { taxClassId: 9, taxRateId: 86, based: 'shipping', priority: 1 },
          { taxClassId: 9, taxRateId: 87, based: 'shipping', priority: 2 },
          { taxClassId: 10, taxRateId: 87, based: 'store', priority: 0 },
          { taxClassId: 10, taxRateId: 86, based: 'payment', priority: 1 },
        ],
      );
      expect(await (await portsOf()).taxes.getTaxTable([100])).toEqual({ rules: [], rates: [] });
    });

    it.each(couponFacts.map((row) => [row[1], row] as const))('coupon %s', async (code, row) => {
      const [couponId, , couponName, type, discount, shipping, total, usesTotal, usesCustomer] = row;
      expect(await (await portsOf()).coupons.getCoupon(code)).toEqual({
        couponId,
        code,
        name: couponName,
        type,
        discount,
        logged: false,
        shipping,
        total: usd(total),
        dateStart: null,
        dateEnd: null,
        usesTotal,
        usesCustomer,
        status: true,
        productIds: [],
        categoryIds: code === '4444' ? [28] : [],
      });
    });
  });
}
