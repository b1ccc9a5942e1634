import { describe, expect, it } from 'vitest';
import { createMemoryAdapters, createMemoryNotifier, demoStore } from '../../../src/adapters/memory/index.js';
import type { DomainEvent } from '../../../src/domain/machine/events.js';
import { createSession } from '../../../src/domain/machine/session.js';
import { draft, history, take, testClock, usd } from './helpers.js';

describe('memory notifier', () => {
  it('records delivered events in order, as frozen copies, until cleared', async () => {
    const notifier = createMemoryNotifier();
    const placed: DomainEvent = {
      type: 'OrderPlaced',
      orderId: 1,
      orderStatusId: 1,
      total: usd('10.00'),
      customerEmail: 'a@example.com',
    };
    const moved: DomainEvent = {
      type: 'StockAdjusted',
      orderId: 1,
      productId: 40,
      productOptionValueId: null,
      delta: -1,
    };
    await notifier.notify(placed);
    await notifier.notify(moved);
    const seen = notifier.events;
    expect(seen).toEqual([placed, moved]);
    expect(seen[0]).not.toBe(placed);
    expect(Object.isFrozen(seen[0])).toBe(true);
    notifier.clear();
    expect(notifier.events).toEqual([]);
    expect(seen).toHaveLength(2);
  });
});

describe('createMemoryAdapters', () => {
  it('wires every port over one data object', async () => {
    const { data } = demoStore();
    const ports = createMemoryAdapters(data, { clock: testClock() });
    expect(Object.keys(ports).sort()).toEqual([
      'apiUsers',
      'catalog',
      'coupons',
      'customers',
      'geo',
      'loginThrottle',
      'notifier',
      'orders',
      'outbox',
      'replayGuard',
      'sessions',
      'taxes',
    ]);
    await ports.orders.create(draft(), history({ stockMoves: [take(40, 5)] }));
    const [iphone] = await ports.catalog.getProducts([40]);
    expect(iphone?.quantity).toBe(999_995);
    expect(data.products.get(40)?.quantity).toBe(999_995);
  });

  it('passes the clock and the options on', async () => {
    const clock = testClock();
    const ports = createMemoryAdapters(demoStore().data, {
      clock,
      sessionRetentionSeconds: 10,
      maxLoginFailures: 1,
      loginWindowSeconds: 30,
    });
    const session = createSession({
      id: 's',
      apiUserId: 1,
      now: clock.now().toISOString(),
      expiresAt: new Date(clock.now().getTime() + 1000).toISOString(),
      currency: 'USD',
      language: 'en-gb',
    });
    await ports.sessions.save(session, 0);
    clock.advanceSeconds(5);
    expect((await ports.sessions.get('s')).status).toBe('expired');
    clock.advanceSeconds(10);
    expect((await ports.sessions.get('s')).status).toBe('missing');
    const attempt = { username: 'demo', ip: '127.0.0.1' };
    await ports.loginThrottle.recordFailure(attempt);
    expect(await ports.loginThrottle.check(attempt)).toEqual({ allowed: false, retryAfterSeconds: 30 });
  });

  it('two stores never share state', async () => {
    const a = createMemoryAdapters(demoStore().data, { clock: testClock() });
    const b = createMemoryAdapters(demoStore().data, { clock: testClock() });
    await a.orders.create(draft(), history({ stockMoves: [take(40, 1)] }));
    expect((await b.catalog.getProducts([40]))[0]?.quantity).toBe(1_000_000);
    expect(await b.orders.get(1)).toBeUndefined();
  });
});

describe('memory answers that say the same', () => {
  it('geo zones and tax tables are the same frozen objects while the tables say the same, new ones after a change', async () => {
    const { data } = demoStore();
    const { geo, taxes } = createMemoryAdapters(data, { clock: testClock() });
    const zones = await geo.getGeoZones();
    expect(Object.isFrozen(zones)).toBe(true);
    expect(await geo.getGeoZones()).toBe(zones);
    const table = await taxes.getTaxTable([9, 10]);
    expect(await taxes.getTaxTable([10, 9])).toBe(table);
    const [first] = zones;
    if (first === undefined) throw new Error('the demo has geo zones');
    data.geoZones.set(first.geoZoneId, { ...first, name: 'Renamed' });
    const renamed = await geo.getGeoZones();
    expect(renamed).not.toBe(zones);
    expect(renamed.find((zone) => zone.geoZoneId === first.geoZoneId)?.name).toBe('Renamed');
    data.taxRules.push({ taxClassId: 9, taxRateId: 87, based: 'payment', priority: 9 });
    const wider = await taxes.getTaxTable([9, 10]);
    expect(wider).not.toBe(table);
    expect(wider.rules).toHaveLength(table.rules.length + 1);
  });

  it('tax tables answered again never say what the tables said before a change', async () => {
    const { data } = demoStore();
    const { taxes } = createMemoryAdapters(data, { clock: testClock() });
    const table = await taxes.getTaxTable([9]);
    const [rule] = table.rules;
    const rate = table.rates.find((found) => found.taxRateId === rule?.taxRateId);
    if (rule === undefined || rate === undefined) throw new Error('the demo taxes class 9');
    data.taxRates.set(rate.taxRateId, { ...rate, rate: '17.5000' });
    const rerated = await taxes.getTaxTable([9]);
    expect(rerated.rates.find((found) => found.taxRateId === rate.taxRateId)?.rate).toBe('17.5000');
    const index = data.taxRules.indexOf(rule);
    data.taxRules[index] = { ...rule, priority: rule.priority + 5 };
    const reordered = await taxes.getTaxTable([9]);
    expect(reordered.rules.find((found) => found.taxRateId === rule.taxRateId)?.priority).toBe(
      rule.priority + 5,
    );
    data.taxRates.delete(rate.taxRateId);
    const fewer = await taxes.getTaxTable([9]);
    expect(fewer.rates.map((found) => found.taxRateId)).not.toContain(rate.taxRateId);
    expect(await taxes.getTaxTable([9])).toBe(fewer);
  });
});
