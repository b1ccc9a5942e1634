/**
 * Errors over HTTP: each kind's status from the one table, the `{ "error": { field: text } }` body, `compat:
 * 'opencart'` answering 200, failed ports (503) and unexpected exceptions (500, logged, session untouched).
 */
import { errAsync, ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { CartwrightInvariantError, checkoutError } from '../../src/core/index.js';
import { guest, handlerWith, type Reply, type Session, startDemo, ukAddress } from './support/harness.js';

/** A logger that keeps what it was given. */
function recordingLogger() {
  const entries: { message: string; error: unknown }[] = [];
  return { entries, error: (message: string, error: unknown) => void entries.push({ message, error }) };
}

describe('handled errors', () => {
  it('answers validation and precondition errors with 422 and the seed keys', async () => {
    const session = await (await startDemo()).login();
    const invalid = await session.call('api/customer', { form: { ...guest, email: 'not-an-email' } });
    expect([invalid.status, invalid.body]).toEqual([
      422,
      { error: { email: 'E-Mail address does not appear to be valid!' } },
    ]);
    const early = await session.call('api/order&call=shipping_methods');
    expect(early.status).toBe(422);
    expect(Object.keys(early.error).length).toBeGreaterThan(0);
  });

  it('answers a lost compare-and-set with 409', async () => {
    const demo = await startDemo({
      deps: (adapters) => ({
        sessions: {
          ...adapters.sessions,
          save: (session, expected) =>
            session.version > 1 ? Promise.resolve('conflict') : adapters.sessions.save(session, expected),
        },
      }),
    });
    const reply = await (await demo.login()).call('api/customer', { form: guest });
    expect([reply.status, Object.keys(reply.error)]).toEqual([409, ['warning']]);
  });

  it('answers a failed port with 503, logs the cause and never shows it', async () => {
    const logger = recordingLogger();
    const demo = await startDemo({
      logger,
      deps: (adapters) => ({
        catalog: { ...adapters.catalog, getManufacturer: () => Promise.reject(new Error('db down: secret')) },
      }),
    });
    const reply = await (await demo.login()).call('api/manufacturer', { query: { manufacturer_id: '8' } });
    expect([reply.status, reply.body]).toEqual([
      503,
      { error: { warning: 'Service temporarily unavailable!' } },
    ]);
    expect(logger.entries).toEqual([
      { message: expect.stringContaining('catalog'), error: new Error('db down: secret') },
    ]);
  });
});

describe('a failing notifier', () => {
  it('never fails the confirm, and its failure reaches the logger npm start wires into the checkout', async () => {
    const logger = recordingLogger();
    const demo = await startDemo({
      logger,
      deps: () => ({ notifier: { notify: () => Promise.reject(new Error('mail server down')) } }),
    });
    const session = await demo.login();
    await readyForPayment(session);
    await session.call('api/order&call=payment_method', { form: { 'payment_method.code': 'cod' } });
    const confirmed = await session.call('api/order&call=confirm', { form: {} });
    expect(confirmed.status).toBe(200);
    // The notice goes through the outbox: its delivery fails after the confirm answered, and is retried.
    for (let i = 0; i < 200 && logger.entries.length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(logger.entries[0]).toEqual(
      expect.objectContaining({
        message: expect.stringMatching(/notifier failed customer\.notify .*mail server down/),
      }),
    );
  });
});

/** Everything up to payment_method: customer, 1 × iPhone (tax class 9), both UK addresses, flat shipping. */
async function readyForPayment(session: Session): Promise<void> {
  const steps: [string, Record<string, string>][] = [
    ['api/order&call=customer', guest],
    ['api/cart/addProduct', { product_id: '40' }],
    ['api/order&call=payment_address', ukAddress('payment_')],
    ['api/order&call=shipping_address', ukAddress('shipping_')],
    ['api/order&call=shipping_method', { 'shipping_method.code': 'flat.flat' }],
  ];
  for (const [route, form] of steps) expect((await session.call(route, { form })).status).toBe(200);
}

const generic500 = { error: { warning: 'Warning: An unexpected error occurred, please try again later!' } };

/**
 * The demo behind a tax port answering a rate that is not a number once `control.malformed` is set: the engine
 * trusts its ports' data, so the money code's invariant throws while totals are computed.
 */
async function malformedTaxDemo() {
  const logger = recordingLogger();
  const control = { malformed: false };
  const demo = await startDemo({
    logger,
    deps: (adapters) => ({
      taxes: {
        async getTaxTable(taxClassIds) {
          const table = await adapters.taxes.getTaxTable(taxClassIds);
          if (!control.malformed) return table;
          return { ...table, rates: table.rates.map((rate) => ({ ...rate, rate: 'twenty' })) };
        },
      },
    }),
  });
  return { logger, demo, control };
}

describe('unexpected exceptions', () => {
  it('a port answering malformed data makes an engine invariant throw: 500, logged, session and orders untouched', async () => {
    const { logger, demo, control } = await malformedTaxDemo();
    const session = await demo.login();
    await readyForPayment(session);
    const stored = await demo.app.adapters.sessions.get(session.token);
    expect(stored.status).toBe('found');

    control.malformed = true;
    const payment = await session.call('api/order&call=payment_method', { form: { payment_method: 'cod' } });
    expect([payment.status, payment.body]).toEqual([500, generic500]);
    expect(await demo.app.adapters.sessions.get(session.token)).toEqual(stored);

    control.malformed = false;
    expect(
      (await session.call('api/order&call=payment_method', { form: { payment_method: 'cod' } })).status,
    ).toBe(200);
    const ready = await demo.app.adapters.sessions.get(session.token);
    control.malformed = true;
    const confirm = await session.call('api/order&call=confirm', { form: {} });
    expect([confirm.status, confirm.body]).toEqual([500, generic500]);
    expect(await demo.app.adapters.sessions.get(session.token)).toEqual(ready);
    expect(await demo.app.adapters.orders.get(1)).toBeUndefined();

    expect(logger.entries).toHaveLength(2);
    for (const entry of logger.entries) {
      expect(CartwrightInvariantError.is(entry.error)).toBe(true);
      expect(String(entry.error)).toContain('"twenty"');
      expect(entry.message).toMatch(/^cartwright: (POST|GET) route=api\/order failed unexpectedly$/);
      expect(entry.message).not.toContain(session.token);
    }
    control.malformed = false;
    expect((await session.call('api/order&call=confirm', { form: {} })).body).toMatchObject({ order_id: 1 });
  });

  it('a malformed port answer while a method step builds its answer leaves the session as it was', async () => {
    // The quotes' texts and the summary's totals are built from the tax table: with a malformed rate the
    // invariant throws while the answer is built, which happens before the session is saved.
    const { logger, demo, control } = await malformedTaxDemo();
    const session = await demo.login();
    for (const [route, form] of [
      ['api/order&call=customer', guest],
      ['api/cart/addProduct', { product_id: '40' }],
      ['api/order&call=payment_address', ukAddress('payment_')],
      ['api/order&call=shipping_address', ukAddress('shipping_')],
    ] as const) {
      expect((await session.call(route, { form })).status).toBe(200);
    }
    const stored = await demo.app.adapters.sessions.get(session.token);

    control.malformed = true;
    const quotes = await session.call('api/order&call=shipping_methods', { method: 'GET' });
    expect([quotes.status, quotes.body]).toEqual([500, generic500]);
    const chosen = await session.call('api/order&call=shipping_method', {
      form: { 'shipping_method.code': 'flat.flat' },
    });
    expect([chosen.status, chosen.body]).toEqual([500, generic500]);
    expect(await demo.app.adapters.sessions.get(session.token)).toEqual(stored);
    expect(logger.entries).toHaveLength(2);

    control.malformed = false;
    expect(
      (
        await session.call('api/order&call=shipping_method', {
          form: { 'shipping_method.code': 'flat.flat' },
        })
      ).status,
    ).toBe(200);
  });

  it('a checkout that throws or rejects (a host wrapper with a bug) is a 500 too', async () => {
    const logger = recordingLogger();
    const bug = new CartwrightInvariantError('impossible state');
    const demo = await startDemo({
      logger,
      handler: (app) =>
        handlerWith(app, {
          getTotals: () => {
            throw bug;
          },
          setCustomer: () => new ResultAsync(Promise.reject(new Error('async bug'))),
        }),
    });
    const session = await demo.login();
    const before = await demo.app.adapters.sessions.get(session.token);
    for (const [route, form] of [['api/cart/getTotals'], ['api/customer', guest]] as const) {
      const reply = await session.call(route, form === undefined ? {} : { form });
      expect([reply.status, reply.body]).toEqual([500, generic500]);
    }
    expect(logger.entries.map((entry) => entry.error)).toEqual([bug, new Error('async bug')]);
    expect(await demo.app.adapters.sessions.get(session.token)).toEqual(before);
    expect((await session.call('api/cart/getProducts')).status).toBe(200);
  });
});

describe("compat: 'opencart'", () => {
  it('answers 200 for every handled error status, keeping the error body and headers; 500 stays 500', async () => {
    const logger = recordingLogger();
    const demo = await startDemo({
      compat: 'opencart',
      logger,
      handler: (app) =>
        handlerWith(app, { getTotals: () => errAsync(checkoutError('conflict', { warning: 'x' })) }),
      deps: (adapters) => ({
        catalog: { ...adapters.catalog, getManufacturer: () => Promise.reject(new Error('db down')) },
      }),
    });
    const session = await demo.login();
    const wrongKey = { form: { username: 'demo', key: 'wrong' } };
    const standard: [number, Reply][] = [
      [422, await session.call('api/customer', { form: { ...guest, email: 'bad' } })],
      [409, await session.call('api/cart/getTotals')],
      [401, await demo.send('api/cart/getProducts')],
      [401, await demo.send('api/account/login', wrongKey)],
      [404, await demo.send('api/nowhere')],
      [405, await session.call('api/customer')],
      [400, await session.call('api/customer', { form: 'a[b][c][d][e][f][g]=1' })],
      [413, await session.call('api/customer', { form: `firstname=${'a'.repeat(70_000)}` })],
      [415, await session.call('api/customer', { form: 'a=1', headers: { 'content-type': 'text/plain' } })],
      [503, await session.call('api/manufacturer', { query: { manufacturer_id: '8' } })],
    ];
    for (let i = 0; i < 4; i++) await demo.send('api/account/login', wrongKey);
    standard.push([429, await demo.send('api/account/login', wrongKey)]);
    const user = demo.app.data.apiUsers.get(1);
    if (user !== undefined) demo.app.data.apiUsers.set(1, { ...user, ips: ['10.0.0.1'] });
    standard.push([403, await session.call('api/cart/getProducts')]);
    for (const [status, reply] of standard) {
      expect([status, reply.status]).toEqual([status, 200]);
      expect([status, Object.keys(reply.error).length > 0]).toEqual([status, true]);
    }
    const throttled = standard.find(([status]) => status === 429)?.[1];
    expect(throttled?.error.warning).toMatch(/^Warning: Too many failed logins/);
    expect(throttled?.headers.get('retry-after')).toBe('300');
    expect(standard.find(([status]) => status === 405)?.[1].headers.get('allow')).toBe('POST');

    const broken = await startDemo({
      compat: 'opencart',
      logger,
      handler: (app) =>
        handlerWith(app, {
          getProducts: () => {
            throw new Error('bug');
          },
        }),
    });
    expect((await (await broken.login()).call('api/cart/getProducts')).status).toBe(500);
  });
});
