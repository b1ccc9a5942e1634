/**
 * The directories' behaviour, as test/adapters/memory/directories.test.ts states it for the memory adapters,
 * run against any adapter: customers, coupons, geography, tax rates and API users.
 */
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import { money } from '../../../src/money/index.js';
import type { OpenStore } from './stores.js';

const usd = (amount: string) => money(amount, 'USD');

/** Registers the directory behaviour cases for the adapter `open` builds. */
export function describeDirectoriesBehaviour(name: string, open: OpenStore): void {
  describe(`customer directory behaviour (${name})`, () => {
    it('finds by e-mail without regard to case, whatever the status', async () => {
      const { customers } = await open(demoStore().data);
      expect((await customers.findCustomerByEmail('GRACE@Example.com'))?.customerId).toBe(1);
      expect((await customers.findCustomerByEmail('Disabled@example.com'))?.customerId).toBe(3);
      expect(await customers.findCustomerByEmail('nobody@example.com')).toBeUndefined();
      expect(await customers.getCustomer(99)).toBeUndefined();
      expect(await customers.getCustomerGroup(99)).toBeUndefined();
      expect(await customers.getAffiliate(2)).toBeUndefined();
    });

    it('returns only enabled fields of the group, in sort order', async () => {
      const { data } = demoStore();
      const company = data.customFields.get(29);
      const notes = data.customFields.get(30);
      if (company === undefined || notes === undefined) throw new Error('demo fields missing');
      data.customFields.set(29, { ...company, sortOrder: 9 });
      data.customFields.set(30, { ...notes, status: false });
      data.customFields.set(31, {
        ...notes,
        customFieldId: 31,
        customerGroups: [{ customerGroupId: 3, required: true }],
      });
      const { customers } = await open(data);
      // OpenCart's own fields 1–28 are disabled: none is returned.
      expect((await customers.getCustomFields(1)).map((f) => f.customFieldId)).toEqual([29]);
      expect((await customers.getCustomFields(3)).map((f) => [f.customFieldId, f.required])).toEqual([
        [31, true],
        [29, true],
      ]);
      expect(await customers.getCustomFields(99)).toEqual([]);
    });

    it('sums every ledger entry of the customer, and 0 for none', async () => {
      const { data } = demoStore();
      data.rewardPoints.push({
        customerRewardId: 2,
        customerId: 1,
        orderId: 5,
        description: 'Order ID: #5',
        points: -250,
        dateAdded: '2026-03-01T00:00:00.000Z',
      });
      const { customers } = await open(data);
      expect(await customers.getRewardBalance(1)).toBe(750);
      expect(await customers.getRewardBalance(2)).toBe(0);
    });

    it('hands out frozen records', async () => {
      const { customers } = await open(demoStore().data);
      const grace = await customers.getCustomer(1);
      const [field] = await customers.getCustomFields(2);
      expect(Object.isFrozen(grace)).toBe(true);
      expect(Object.isFrozen(field)).toBe(true);
      expect(() => {
        (grace as { status: boolean }).status = false;
      }).toThrow(TypeError);
    });
  });

  describe(`coupon directory behaviour (${name})`, () => {
    it('finds coupons by exact code whatever their status', async () => {
      const { data } = demoStore();
      const c = data.coupons.get(1);
      if (c === undefined) throw new Error('demo coupon missing');
      data.coupons.set(1, { ...c, status: false });
      const { coupons } = await open(data);
      expect((await coupons.getCoupon('2222'))?.status).toBe(false);
      expect(await coupons.getCoupon(' 2222')).toBeUndefined();
    });

    it('counts uses in total and for one customer, never for guests', async () => {
      const { data } = demoStore();
      const use = (couponHistoryId: number, customerId: number, couponId = 1) => ({
        couponHistoryId,
        couponId,
        orderId: couponHistoryId,
        customerId,
        amount: usd('-1.00'),
        dateAdded: '2026-03-01T00:00:00.000Z',
      });
      data.couponUses.push(use(1, 1), use(2, 1), use(3, 0), use(4, 2), use(5, 1, 2));
      const { coupons } = await open(data);
      expect(await coupons.countUses(1, 1)).toEqual({ total: 4, customer: 2 });
      expect(await coupons.countUses(1, 0)).toEqual({ total: 4, customer: 0 });
      expect(await coupons.countUses(3, 1)).toEqual({ total: 0, customer: 0 });
    });
  });

  describe(`geo directory and tax rates behaviour (${name})`, () => {
    it('returns a country whatever its status, and undefined for an unknown one', async () => {
      const { data } = demoStore();
      const sg = data.countries.get(188);
      if (sg === undefined) throw new Error('demo country missing');
      data.countries.set(188, { ...sg, status: false });
      const { geo } = await open(data);
      expect((await geo.getCountry(188))?.status).toBe(false);
      expect(await geo.getCountry(1)).toBeUndefined();
      expect((await geo.getGeoZones()).map((g) => g.geoZoneId)).toEqual([3, 4]);
    });

    it('returns only the rules of the asked classes, each named rate once, nothing for unknown classes', async () => {
      const { taxes } = await open(demoStore().data);
      const nine = await taxes.getTaxTable([9]);
      expect(nine.rules.map((r) => r.taxRateId)).toEqual([86, 87]);
      expect(nine.rates.map((r) => r.taxRateId)).toEqual([86, 87]);
      expect(await taxes.getTaxTable([0, 11])).toEqual({ rules: [], rates: [] });
      const both = await taxes.getTaxTable([10, 9, 9]);
      expect(both.rules).toHaveLength(4);
      expect(both.rates).toHaveLength(2);
    });
  });

  describe(`API-user directory behaviour (${name})`, () => {
    it('finds by exact username and by id, whatever the status', async () => {
      const { data } = demoStore();
      const demo = data.apiUsers.get(1);
      if (demo === undefined) throw new Error('demo user missing');
      data.apiUsers.set(1, { ...demo, status: false });
      const { apiUsers } = await open(data);
      expect((await apiUsers.findByUsername('demo'))?.status).toBe(false);
      expect(await apiUsers.findByUsername('Demo')).toBeUndefined();
      expect((await apiUsers.getApiUser(1))?.username).toBe('demo');
      expect(await apiUsers.getApiUser(2)).toBeUndefined();
    });
  });
}
