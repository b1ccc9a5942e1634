/**
 * The composition root: one store bundle in, a checkout out that the HTTP handler serves with nothing else;
 * wiring that is missing or wrong fails when it is made, naming what is wrong, whether the caller is typed or not.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryAdapters, demoStore, memoryStore } from '../../src/adapters/memory/index.js';
import { postgresStore } from '../../src/adapters/postgres/index.js';
import { redisSessions } from '../../src/adapters/redis/index.js';
import { defineStore } from '../../src/adapters/store.js';
import { generateApiKey, verifyApiKey } from '../../src/adapters/system/index.js';
import { createCheckout } from '../../src/compose/create-checkout.js';
import { wireName, wireRequest } from '../../src/compose/js-requests.js';
import { createEngine } from '../../src/core/index.js';
import { demoSnapshot } from '../../src/demo/index.js';
import { CartwrightInvariantError } from '../../src/domain/errors.js';
import { createFetchHandler } from '../../src/http/index.js';
import { createManualClock } from '../../src/testing/index.js';
import { expectOk, guest } from '../engine/support/demo-checkout.js';

const apiKey = generateApiKey();
const local = { ip: '127.0.0.1' };

/** Calls `make` with what a JavaScript caller might pass, bypassing the types. */
function loose<A, R>(make: (argument: A) => R, argument: unknown): () => R {
  return () => make(argument as A);
}

/** A form POST to the handler's `route`. */
function post(route: string, form: Record<string, string>, cookie?: string): Request {
  return new Request(`http://shop.test/index.php?route=${route}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(cookie === undefined ? {} : { Cookie: cookie }),
    },
    body: new URLSearchParams(form),
  });
}

describe('createCheckout({ store })', () => {
  it('runs a checkout on the demo snapshot in memory, with the built-in extensions its settings enable', async () => {
    const checkout = createCheckout({ store: memoryStore(demoSnapshot({ apiKey })) });
    const { sessionId } = await expectOk(checkout.openSession({ apiUserId: 1 }));
    await expectOk(checkout.setCustomer(sessionId, guest));
    await expectOk(checkout.addProduct(sessionId, { productId: 40, quantity: 2 }));
    const totals = (await expectOk(checkout.getTotals(sessionId))).totals;
    expect(totals.at(-1)?.code).toBe('total');
    expect(checkout.settings.currency).toBe('USD');
  });

  it('serves HTTP with createFetchHandler(checkout) alone: login with the key, then a session route', async () => {
    const handler = createFetchHandler(createCheckout({ store: memoryStore(demoSnapshot({ apiKey })) }));
    const login = await handler(post('api/account/login', { username: 'demo', key: apiKey }), local);
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')?.split(';')[0];
    expect(cookie).toMatch(/^OCSESSID=/);
    const wrong = await handler(
      post('api/account/login', { username: 'demo', key: generateApiKey() }),
      local,
    );
    expect(wrong.status).toBe(401);
    const cart = await handler(
      post('api/cart/addProduct', { product_id: '40', quantity: '1' }, cookie),
      local,
    );
    expect(cart.status).toBe(200);
  });

  it('takes settings and extensions over the store’s own', async () => {
    const snapshot = demoSnapshot({ apiKey });
    const settings = { ...snapshot.settings, storeName: 'Another shop' };
    const checkout = createCheckout({
      store: memoryStore(snapshot),
      settings,
      extensions: { paymentMethods: [] },
    });
    expect(checkout.settings.storeName).toBe('Another shop');
    const { sessionId } = await expectOk(checkout.openSession({ apiUserId: 1 }));
    await expectOk(checkout.setCustomer(sessionId, guest));
    await expectOk(checkout.addProduct(sessionId, { productId: 40, quantity: 1 }));
  });

  it('mounts an overlay whose ports replace the base’s', async () => {
    const clock = createManualClock('2026-03-01T10:00:00Z');
    const shared = createMemoryAdapters(demoStore().data, { clock }).sessions;
    const store = memoryStore(demoSnapshot({ apiKey })).mount({
      name: 'sharedSessions',
      provides: ['sessions'],
      open: () => ({ sessions: shared }),
    });
    const one = createCheckout({ store, clock });
    const other = createCheckout({ store, clock });
    const { sessionId } = await expectOk(one.openSession({ apiUserId: 1 }));
    expect((await expectOk(other.getSession(sessionId))).id).toBe(sessionId);
    expect((await shared.get(sessionId)).status).toBe('found');
  });
});

describe('wiring that is missing or wrong fails when it is made', () => {
  const fails = (make: () => unknown, message: RegExp) => {
    expect(make).toThrow(CartwrightInvariantError);
    expect(make).toThrow(message);
  };

  it('names a missing or foreign store', () => {
    fails(loose(createCheckout, undefined), /createCheckout: takes \{ store, settings\?, extensions\? \}/);
    fails(loose(createCheckout, {}), /store must be made by memoryStore\(snapshot\) or postgresStore/);
    fails(
      loose(createCheckout, {
        store: createMemoryAdapters(demoStore().data, { clock: createManualClock('2026-01-01T00:00:00Z') }),
      }),
      /store must be made by/,
    );
    fails(loose(memoryStore, { products: [] }), /memoryStore takes a store snapshot/);
  });

  it('names a port the store lacks, or one without its methods', () => {
    const { data } = demoStore();
    const clock = createManualClock('2026-01-01T00:00:00Z');
    const { loginThrottle: _dropped, ...withoutThrottle } = createMemoryAdapters(data, { clock });
    const lacking = defineStore({
      settings: data.settings,
      base: { name: 'partial', provides: ['sessions', 'catalog'], open: () => withoutThrottle },
    });
    fails(() => createCheckout({ store: lacking }), /the store provides no customers/);
    const all = createMemoryAdapters(data, { clock });
    const broken = defineStore({
      settings: data.settings,
      base: {
        name: 'broken',
        provides: [
          'sessions',
          'catalog',
          'customers',
          'geo',
          'taxes',
          'coupons',
          'orders',
          'apiUsers',
          'loginThrottle',
          'replayGuard',
        ],
        open: () => ({ ...all, loginThrottle: { check: all.loginThrottle.check } as never }),
      },
    });
    fails(
      () => createCheckout({ store: broken }),
      /store port loginThrottle \(from broken\) lacks recordFailure, reset/,
    );
    fails(
      loose(memoryStore(data).mount.bind(memoryStore(data)), { sessions: all.sessions }),
      /the mounted overlay is not a store layer/,
    );
  });

  it('asks for settings when the store holds none, and refuses settings that do not hang together', () => {
    const pool = { connect: () => Promise.reject(new Error('never used')) } as never;
    fails(() => createCheckout({ store: postgresStore({ pool }) }), /the store holds no settings/);
    const { data } = demoStore();
    fails(
      () => createCheckout({ store: memoryStore(data), settings: { ...data.settings, currency: 'XYZ' } }),
      /config_currency: Currency XYZ is not one of the store's currencies/,
    );
    fails(
      loose(createCheckout, { store: memoryStore(data), extensions: { paymentMethods: {} } }),
      /extensions.paymentMethods must be a list/,
    );
  });

  it('names a missing client or pool in the adapters', () => {
    fails(loose(redisSessions, {}), /redisSessions needs \{ client \}/);
    fails(loose(postgresStore, { pool: 'postgres://' }), /postgresStore needs \{ pool \}/);
  });

  it('refuses an empty or missing demo API key: nobody could log in', () => {
    expect(loose(demoSnapshot, { apiKey: '' })).toThrow(/demoSnapshot: apiKey is empty/);
    expect(loose(demoSnapshot, {})).toThrow(/demoSnapshot: apiKey is missing/);
    expect(() => demoSnapshot({ apiKey: 'short' })).toThrow(RangeError);
  });

  it('refuses a handler over an engine without a login throttle, instead of 503 on every login', () => {
    const { data, settings } = demoStore({ apiKey });
    const clock = createManualClock('2026-01-01T00:00:00Z');
    const ports = createMemoryAdapters(data, { clock });
    const engine = createEngine({ ...ports, clock, ids: { newId: () => 'x' } }, { settings });
    fails(
      loose((options: never) => createFetchHandler(engine, options), {
        settings,
        apiUsers: ports.apiUsers,
        verifyApiKey,
      }),
      /createFetchHandler: loginThrottle is missing or lacks check, recordFailure, reset/,
    );
    fails(
      loose((options: never) => createFetchHandler(engine, options), {
        settings,
        apiUsers: ports.apiUsers,
        loginThrottle: ports.loginThrottle,
      }),
      /verifyApiKey is missing/,
    );
  });

  it('refuses access options beside a checkout that carries its own', () => {
    const checkout = createCheckout({ store: memoryStore(demoSnapshot({ apiKey })) });
    fails(
      loose((options: never) => createFetchHandler(checkout, options), {
        loginThrottle: checkout.access.loginThrottle,
      }),
      /the checkout carries its own loginThrottle; pass them to createCheckout instead/,
    );
  });
});

describe('the typed methods speak JavaScript', () => {
  it('turns camelCase keys into OpenCart’s names, ids as keys kept', () => {
    expect(wireName('productId')).toBe('product_id');
    expect(wireName('address1')).toBe('address_1');
    expect(wireName('subscriptionPlanId')).toBe('subscription_plan_id');
    expect(wireName('226')).toBe('226');
    expect(
      wireRequest('payment_address', { firstname: 'Ada', countryId: 222, customField: { 1: 'x' } }),
    ).toEqual({
      payment_firstname: 'Ada',
      payment_country_id: 222,
      payment_custom_field: { 1: 'x' },
    });
    expect(wireRequest('cart', { product: [{ productId: 30, option: { 226: 15 } }] })).toEqual({
      product: [{ product_id: 30, option: { 226: 15 } }],
    });
  });

  it('checks out with camelCase requests; errors keep OpenCart’s keys; run takes the wire names', async () => {
    const checkout = createCheckout({ store: memoryStore(demoSnapshot({ apiKey })) });
    const { sessionId } = await expectOk(checkout.openSession({ apiUserId: 1 }));
    await expectOk(checkout.setCustomer(sessionId, guest));
    await expectOk(checkout.addProducts(sessionId, { product: [{ productId: 30, option: { 226: 15 } }] }));
    const address = { lastname: 'Smith', address1: '1 Market Street', city: 'Preston', postcode: 'PR1 2HJ' };
    const refused = await checkout.setPaymentAddress(sessionId, { ...address, countryId: 222, zoneId: 3563 });
    expect(
      refused.isErr() && refused.error.kind === 'validation' && Object.keys(refused.error.fields),
    ).toEqual(['payment_firstname']);
    const full = { ...address, firstname: 'Jane', countryId: 222, zoneId: 3563 };
    await expectOk(checkout.setPaymentAddress(sessionId, full));
    await expectOk(checkout.setShippingAddress(sessionId, full));
    await expectOk(checkout.getShippingMethods(sessionId));
    await expectOk(checkout.setShippingMethod(sessionId, { shippingMethod: 'flat.flat' }));
    await expectOk(checkout.run('payment_method', sessionId, { payment_method: 'cod' }));
    const order = await expectOk(checkout.confirm(sessionId, {}, { idempotencyKey: 'js-1' }));
    const history = await expectOk(
      checkout.addHistory(sessionId, { orderId: order.orderId, orderStatusId: 5 }),
    );
    expect(history).toBeDefined();
  });
});
