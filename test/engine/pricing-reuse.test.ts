/**
 * Reuse across commands: an engine keeps the priced cart and totals of its last commands and reuses them while
 * every input is the very same object (see `pricing-cache.ts`). Each test here changes one input between two
 * reads of the totals, and checks that the second read answers what an engine that never priced this session
 * answers (a new engine over the same store), and that the change did move the totals: nothing is served stale.
 */
import { describe, expect, it } from 'vitest';
import type { TotalCalculator } from '../../src/domain/pricing/totals/calculator.js';
import { createCheckout } from '../../src/engine/create-checkout.js';
import { add, money } from '../../src/money/index.js';
import type { ShippingMethod } from '../../src/ports/shipping-method.js';
import {
  type DemoCheckout,
  demoCheckout,
  expectOk,
  guest,
  ukAddress,
  usAddress,
} from './support/demo-checkout.js';

/** A session with product 40, both UK addresses and flat shipping chosen. */
async function readySession(demo: DemoCheckout, coupon?: string): Promise<string> {
  const { checkout } = demo;
  const id = await demo.open();
  await expectOk(checkout.setCustomer(id, guest));
  await expectOk(checkout.addProduct(id, { product_id: 40, quantity: 2 }));
  await expectOk(checkout.setPaymentAddress(id, ukAddress('payment_')));
  await expectOk(checkout.setShippingAddress(id, ukAddress('shipping_')));
  await expectOk(checkout.setShippingMethod(id, { shipping_method: 'flat.flat' }));
  if (coupon !== undefined) await expectOk(checkout.setCoupon(id, { coupon }));
  return id;
}

/** The session's cart lines and totals as a new engine over the same store and ports answers them. */
async function fromScratch(demo: DemoCheckout, id: string) {
  const fresh = createCheckout(demo.deps, { settings: demo.settings, sessionTtlSeconds: 7 * 86_400 });
  return { products: await expectOk(fresh.getProducts(id)), totals: await expectOk(fresh.getTotals(id)) };
}

/** The session's cart lines and totals as `demo`'s engine answers them. */
async function view(demo: DemoCheckout, id: string) {
  return {
    products: await expectOk(demo.checkout.getProducts(id)),
    totals: await expectOk(demo.checkout.getTotals(id)),
  };
}

/** Reads twice around `change`: the second read is the truth, and differs from the first. */
async function expectFreshAfter(demo: DemoCheckout, id: string, change: () => void) {
  const before = await view(demo, id);
  expect(await view(demo, id)).toEqual(before);
  change();
  const after = await view(demo, id);
  expect(after).toEqual(await fromScratch(demo, id));
  expect(after).not.toEqual(before);
}

describe('priced carts and totals reused across commands', () => {
  it('a product changed in the catalog is priced again', async () => {
    const demo = demoCheckout();
    const id = await readySession(demo);
    await expectFreshAfter(demo, id, () => {
      const product = demo.data.products.get(40);
      if (product === undefined) throw new Error('the demo has product 40');
      demo.data.products.set(40, { ...product, price: money('250.00', 'USD') });
    });
  });

  it('a new day is priced again: a special that starts today applies', async () => {
    const demo = demoCheckout({ options: { sessionTtlSeconds: 7 * 86_400 } });
    const product = demo.data.products.get(40);
    if (product === undefined) throw new Error('the demo has product 40');
    const special = {
      customerGroupId: 1,
      priority: 1,
      price: money('50.00', 'USD'),
      dateStart: '2026-03-03',
      dateEnd: null,
    };
    demo.data.products.set(40, { ...product, specials: [special] });
    const id = await readySession(demo);
    await expectFreshAfter(demo, id, () => demo.clock.advanceSeconds(86_400));
  });

  it('a tax rate changed in the store is applied again', async () => {
    const demo = demoCheckout();
    const id = await readySession(demo);
    await expectFreshAfter(demo, id, () => {
      for (const [rateId, rate] of demo.data.taxRates) {
        demo.data.taxRates.set(rateId, { ...rate, rate: rate.type === 'P' ? '30.0000' : '7.0000' });
      }
    });
  });

  it('a geo zone that no longer holds the address takes its taxes away', async () => {
    const demo = demoCheckout();
    const id = await readySession(demo);
    await expectFreshAfter(demo, id, () => {
      for (const [zoneId, zone] of demo.data.geoZones)
        demo.data.geoZones.set(zoneId, { ...zone, members: [] });
    });
  });

  it('a coupon changed in the store discounts as it says now', async () => {
    const demo = demoCheckout();
    const id = await readySession(demo, '2222');
    await expectFreshAfter(demo, id, () => {
      const coupon = demo.data.coupons.get(1);
      if (coupon === undefined) throw new Error('the demo has coupon 1');
      demo.data.coupons.set(1, { ...coupon, discount: '50.0000' });
    });
  });

  it("a host's own calculator is asked on every read: its totals are never reused", async () => {
    let fee = '1.00';
    const calculator: TotalCalculator = {
      code: 'host_fee',
      sortOrder: 8,
      apply(state) {
        const value = money(fee, 'USD');
        const line = { code: 'host_fee', title: 'Host fee', value, sortOrder: 8 };
        return { ...state, lines: [...state.lines, line], total: add(state.total, value) };
      },
    };
    const demo = demoCheckout({
      deps: () => ({ totalCalculators: [...(demoCheckout().deps.totalCalculators ?? []), calculator] }),
    });
    const id = await readySession(demo);
    await expectFreshAfter(demo, id, () => {
      fee = '2.00';
    });
  });

  it("a product's weight changed in the catalog is weighed again for weight shipping", async () => {
    const demo = demoCheckout({ config: { shipping_weight_status: true } });
    const id = await readySession(demo);
    const weightQuote = async () => {
      const { shippingMethods } = await expectOk(demo.checkout.getShippingMethods(id));
      const quote = shippingMethods.weight?.quote.weight_4;
      return quote === undefined ? undefined : [quote.name, quote.cost.amount];
    };
    // Two 10 kg units: the ≤ 100 kg step of the UK table.
    expect(await weightQuote()).toEqual(['UK Shipping  (Weight: 20.00kg)', '40.0000']);
    expect(await weightQuote()).toEqual(['UK Shipping  (Weight: 20.00kg)', '40.0000']);
    const product = demo.data.products.get(40);
    if (product === undefined) throw new Error('the demo has product 40');
    demo.data.products.set(40, { ...product, weight: '0.25' });
    expect(await weightQuote()).toEqual(['UK Shipping  (Weight: 0.50kg)', '5.0000']);
  });

  it('a session that moves to addresses in another zone is taxed by their rules, and back again', async () => {
    const demo = demoCheckout();
    const id = await readySession(demo);
    const inUk = await view(demo, id);
    await expectOk(demo.checkout.setPaymentAddress(id, usAddress('payment_')));
    await expectOk(demo.checkout.setShippingAddress(id, usAddress('shipping_')));
    const inUs = await view(demo, id);
    expect(inUs).toEqual(await fromScratch(demo, id));
    expect(inUs.totals.totals).not.toEqual(inUk.totals.totals);
    await expectOk(demo.checkout.setPaymentAddress(id, ukAddress('payment_')));
    await expectOk(demo.checkout.setShippingAddress(id, ukAddress('shipping_')));
    expect(await view(demo, id)).toEqual(await fromScratch(demo, id));
  });

  it('sessions share a tax rule only at the same places: another zone of the same country is taxed by its own', async () => {
    const demo = demoCheckout();
    // VAT for Lancashire (zone 3563) alone; Leicestershire (3564) is in the UK but outside the zone.
    const vat = demo.data.geoZones.get(3);
    if (vat === undefined) throw new Error('the demo has geo zone 3');
    demo.data.geoZones.set(3, { ...vat, members: [{ countryId: 222, zoneId: 3563 }] });
    const inLancashire = await readySession(demo);
    const elsewhere = await readySession(demo);
    const taxed = await view(demo, inLancashire);
    await expectOk(
      demo.checkout.setPaymentAddress(elsewhere, ukAddress('payment_', { payment_zone_id: 3564 })),
    );
    await expectOk(
      demo.checkout.setShippingAddress(elsewhere, ukAddress('shipping_', { shipping_zone_id: 3564 })),
    );
    const untaxed = await view(demo, elsewhere);
    expect(untaxed).toEqual(await fromScratch(demo, elsewhere));
    expect(untaxed.totals.totals).not.toEqual(taxed.totals.totals);
    await expectOk(demo.checkout.setPaymentAddress(elsewhere, ukAddress('payment_')));
    await expectOk(demo.checkout.setShippingAddress(elsewhere, ukAddress('shipping_')));
    expect((await view(demo, elsewhere)).totals).toEqual(taxed.totals);
  });

  it("keeps a frozen copy of settings the host has not frozen: the host's object stays its own and changes nothing later", async () => {
    const demo = demoCheckout();
    const settings = { ...demo.settings, telephoneRequired: true };
    const engine = createCheckout(demo.deps, { settings, sessionTtlSeconds: 7 * 86_400 });
    const id = await readySession({ ...demo, checkout: engine });
    settings.telephoneRequired = false;
    expect(Object.isFrozen(settings)).toBe(false);
    const noTelephone = { ...guest, telephone: '' };
    expect((await engine.setCustomer(id, noTelephone)).isErr()).toBe(true);
    const later = createCheckout(demo.deps, { settings, sessionTtlSeconds: 7 * 86_400 });
    await expectOk(later.setCustomer(id, noTelephone));
  });

  it('offers are worked out again once what a method reads changes, and only then', async () => {
    let quoted = 0;
    // A host's method, pure as the contract asks: its cost follows the address's country.
    const byCountry: ShippingMethod = {
      code: 'country',
      quote(context) {
        quoted += 1;
        const cost = money(context.address.countryId === 222 ? '7.00' : '9.00', 'USD');
        const quote = { code: 'country.country', name: 'By country', cost, taxClassId: 0 };
        return { code: 'country', title: 'By country', quote: { country: quote }, sortOrder: 9 };
      },
    };
    const demo = demoCheckout({
      deps: () => ({ shippingMethods: [...(demoCheckout().deps.shippingMethods ?? []), byCountry] }),
    });
    const id = await readySession(demo);
    const costOf = async () => {
      const { shippingMethods } = await expectOk(demo.checkout.getShippingMethods(id));
      return shippingMethods.country?.quote.country?.cost.amount;
    };
    expect(await costOf()).toBe('7.0000');
    const before = quoted;
    expect(await costOf()).toBe('7.0000');
    expect(quoted).toBe(before);
    await expectOk(demo.checkout.setShippingAddress(id, usAddress('shipping_')));
    expect(await costOf()).toBe('9.0000');
    expect(quoted).toBeGreaterThan(before);
  });
});
