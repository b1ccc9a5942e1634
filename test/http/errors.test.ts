/**
 * Errors over HTTP: each kind's status from the one table, the `{ "error": { field: text } }` body, `compat:
 * 'opencart'` answering 200, failed ports (503) and unexpected exceptions (500, logged, session untouched).
 */
import { errAsync, ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { CartwrightInvariantError, checkoutError } from '../../src/index.js';
import { guest, handlerWith, startDemo } from './support/harness.js';

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

describe('unexpected exceptions', () => {
  it('answer 500 with a generic body, are logged, and leave the session untouched', async () => {
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
      expect([reply.status, reply.body]).toEqual([
        500,
        { error: { warning: 'Warning: An unexpected error occurred, please try again later!' } },
      ]);
    }
    expect(logger.entries.map((entry) => entry.error)).toEqual([bug, new Error('async bug')]);
    expect(logger.entries[0]?.message).not.toContain(session.token);
    expect(await demo.app.adapters.sessions.get(session.token)).toEqual(before);
    expect((await session.call('api/cart/getProducts')).status).toBe(200);
  });
});

describe("compat: 'opencart'", () => {
  it('answers 200 for every handled error, keeping the error body; 500 stays 500', async () => {
    const logger = recordingLogger();
    const demo = await startDemo({
      compat: 'opencart',
      logger,
      handler: (app) =>
        handlerWith(app, { getTotals: () => errAsync(checkoutError('conflict', { warning: 'x' })) }),
    });
    const session = await demo.login();
    const replies = [
      await session.call('api/customer', { form: { ...guest, email: 'bad' } }),
      await session.call('api/cart/getTotals'),
      await demo.send('api/cart/getProducts'),
      await demo.send('api/account/login', { form: { username: 'demo', key: 'wrong' } }),
      await demo.send('api/nowhere'),
      await session.call('api/customer'),
      await session.call('api/customer', { form: 'a[b][c][d][e][f][g]=1' }),
      await session.call('api/customer', { form: 'a=1', headers: { 'content-type': 'text/plain' } }),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.error).length).toBeGreaterThan(0);
    }
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
