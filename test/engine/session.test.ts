/**
 * Sessions through the engine: opening, access errors, inactivity expiry that slides on every
 * accepted command and every read, logout, the version counter, and the session's JSON shape.
 */
import type { ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { CheckoutError } from '../../src/domain/errors.js';
import { defaultMessages } from '../../src/domain/messages.js';
import { demoCheckout, expectErr, expectOk, startInstant } from './support/demo-checkout.js';
import { confirmOk, readySession } from './support/orders.js';

const missingText = defaultMessages['session.missing'];
const expiredText = defaultMessages['session.expired'];
const inAnHour = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString();

describe('openSession', () => {
  it('stores a new empty session at version 1 in the store currency and language', async () => {
    const { checkout, stored } = demoCheckout();
    const opened = await expectOk(checkout.openSession({ apiUserId: 1 }));
    expect(opened.sessionId).toBe('id-session-1');
    expect(opened.expiresAt).toBe(inAnHour(startInstant));
    const session = await stored(opened.sessionId);
    expect(session).toMatchObject({
      id: 'id-session-1',
      version: 1,
      apiUserId: 1,
      currency: 'USD',
      language: 'en-gb',
      createdAt: startInstant,
      expiresAt: opened.expiresAt,
      customer: null,
      cart: [],
    });
  });

  it('opens in another store currency when asked', async () => {
    const { checkout, stored } = demoCheckout();
    const opened = await expectOk(checkout.openSession({ apiUserId: 1, currency: 'GBP' }));
    expect((await stored(opened.sessionId)).currency).toBe('GBP');
  });

  it('refuses a currency the store does not have, under `currency`, and stores nothing', async () => {
    const { checkout, adapters } = demoCheckout();
    const error = await expectErr(checkout.openSession({ apiUserId: 1, currency: 'JPY' }));
    expect(error).toEqual({ kind: 'validation', fields: { currency: defaultMessages['currency.invalid'] } });
    expect(await adapters.sessions.get('id-session-1')).toEqual({ status: 'missing' });
  });
});

describe('access to a session', () => {
  it.each([
    ['an unknown id', 'no-such-session'],
    ['an empty id', ''],
    ['an id with forbidden characters', 'id-session-1; drop'],
    ['an over-long id', 'a'.repeat(129)],
  ])('answers unauthorized with the text for %s', async (_label, id) => {
    const { checkout, open } = demoCheckout();
    await open();
    const calls: ResultAsync<unknown, CheckoutError>[] = [
      checkout.getSession(id),
      checkout.getProducts(id),
      checkout.setCurrency(id, {}),
    ];
    for (const call of calls) {
      expect(await expectErr(call)).toEqual({ kind: 'unauthorized', fields: { warning: missingText } });
    }
  });

  it('answers unauthorized for a non-string id instead of throwing', async () => {
    const { checkout } = demoCheckout();
    const error = await expectErr(checkout.getSession(42 as unknown as string));
    expect(error.kind).toBe('unauthorized');
  });
});

describe('inactivity expiry', () => {
  it('expires a session 3600 s after its last use', async () => {
    const { checkout, clock, open } = demoCheckout();
    const id = await open();
    clock.advanceSeconds(3599);
    await expectOk(checkout.getSession(id));
    clock.advanceSeconds(3600);
    expect(await expectErr(checkout.getSession(id))).toEqual({
      kind: 'expired',
      fields: { warning: expiredText },
    });
    expect(await expectErr(checkout.addProduct(id, { product_id: 40 }))).toMatchObject({ kind: 'expired' });
  });

  it('expires exactly at 3600 s without use', async () => {
    const { checkout, clock, open } = demoCheckout();
    const id = await open();
    clock.advanceSeconds(3600);
    expect((await expectErr(checkout.getProducts(id))).kind).toBe('expired');
  });

  it('an expired session the store has forgotten (a day later) is unauthorized', async () => {
    const { checkout, clock, open } = demoCheckout();
    const id = await open();
    clock.advanceSeconds(3600 + 86_400);
    expect(await expectErr(checkout.getSession(id))).toEqual({
      kind: 'unauthorized',
      fields: { warning: missingText },
    });
  });

  it('honours a configured lifetime', async () => {
    const { checkout, clock, open } = demoCheckout({ options: { sessionTtlSeconds: 60 } });
    const id = await open();
    clock.advanceSeconds(60);
    expect((await expectErr(checkout.getSession(id))).kind).toBe('expired');
  });

  it('slides the expiry on every accepted command', async () => {
    const { checkout, clock, open, stored } = demoCheckout();
    const id = await open();
    for (let i = 0; i < 3; i += 1) {
      clock.advanceSeconds(3000);
      await expectOk(checkout.addProduct(id, { product_id: 40 }));
      expect((await stored(id)).expiresAt).toBe(inAnHour(clock.now().toISOString()));
    }
    clock.advanceSeconds(3000);
    expect((await expectOk(checkout.getProducts(id)))[0]?.quantity).toBe(3);
  });

  it('slides the expiry on reads of the cart (getProducts, getTotals)', async () => {
    const { checkout, clock, open, stored } = demoCheckout();
    const id = await open();
    const reads: (() => ResultAsync<unknown, CheckoutError>)[] = [
      () => checkout.getProducts(id),
      () => checkout.getTotals(id),
    ];
    for (const read of reads) {
      clock.advanceSeconds(3000);
      const before = (await stored(id)).expiresAt;
      await expectOk(read());
      const after = (await stored(id)).expiresAt;
      expect(after).toBe(inAnHour(clock.now().toISOString()));
      expect(after > before).toBe(true);
    }
  });

  it('does not slide the expiry on getSession: reading the session is not using it', async () => {
    const { checkout, clock, open, stored } = demoCheckout();
    const id = await open();
    const opened = (await stored(id)).expiresAt;
    clock.advanceSeconds(3000);
    expect((await expectOk(checkout.getSession(id))).expiresAt).toBe(opened);
    expect((await stored(id)).expiresAt).toBe(opened);
    clock.advanceSeconds(600);
    expect((await expectErr(checkout.getSession(id))).kind).toBe('expired');
  });

  it('slides the expiry on a confirm that replays the order already placed', async () => {
    const d = demoCheckout();
    const id = await readySession(d);
    const first = await confirmOk(d, id);
    d.clock.advanceSeconds(1800);
    // The same confirm again answers the stored order: a successful request, so the session lives on from now.
    expect((await confirmOk(d, id, { order_id: 0, comment: '' })).orderId).toBe(first.orderId);
    expect((await d.stored(id)).expiresAt).toBe(inAnHour(d.clock.now().toISOString()));
    expect(d.data.orders.size).toBe(1);
  });

  it('does not slide the expiry on a refused command', async () => {
    const { checkout, clock, open, stored } = demoCheckout();
    const id = await open();
    const before = (await stored(id)).expiresAt;
    clock.advanceSeconds(1000);
    await expectErr(checkout.addProduct(id, { product_id: 999 }));
    expect((await stored(id)).expiresAt).toBe(before);
  });
});

describe('closeSession (logout)', () => {
  it('ends the session: every later call is unauthorized', async () => {
    const { checkout, open } = demoCheckout();
    const id = await open();
    await expectOk(checkout.addProduct(id, { product_id: 40 }));
    await expectOk(checkout.closeSession(id));
    const unauthorized = { kind: 'unauthorized', fields: { warning: missingText } };
    expect(await expectErr(checkout.getSession(id))).toEqual(unauthorized);
    expect(await expectErr(checkout.getProducts(id))).toEqual(unauthorized);
    expect(await expectErr(checkout.addProduct(id, { product_id: 40 }))).toEqual(unauthorized);
    expect(await expectErr(checkout.closeSession(id))).toEqual(unauthorized);
  });

  it('leaves other sessions alone', async () => {
    const { checkout, open } = demoCheckout();
    const first = await open();
    const second = await open();
    await expectOk(checkout.closeSession(first));
    await expectOk(checkout.getSession(second));
  });
});

describe('the version counter', () => {
  it('grows by exactly one per accepted command, not at all on a refused command or a read', async () => {
    const { checkout, open, stored } = demoCheckout();
    const id = await open();
    const version = async () => (await stored(id)).version;
    expect(await version()).toBe(1);
    await expectOk(
      checkout.addProducts(id, { product: [{ product_id: 40 }, { product_id: 32, quantity: 2 }] }),
    );
    expect(await version()).toBe(2);
    await expectErr(checkout.addProduct(id, { product_id: 999 }));
    await expectErr(checkout.setCustomer(id, { firstname: '' }));
    await expectErr(checkout.setCurrency(id, { currency: 'JPY' }));
    expect(await version()).toBe(2);
    await expectOk(checkout.getProducts(id));
    await expectOk(checkout.getTotals(id));
    await expectOk(checkout.getSession(id));
    expect(await version()).toBe(2);
    await expectOk(checkout.setCurrency(id, { currency: 'EUR' }));
    expect(await version()).toBe(3);
    expect((await expectOk(checkout.getSession(id))).version).toBe(3);
  });
});

describe('the session as JSON', () => {
  async function busySession() {
    const demo = demoCheckout();
    const id = await demo.open();
    const { checkout } = demo;
    await expectOk(
      checkout.setCustomer(id, {
        // Group 1: the iMac's plans are offered to it alone. Company ID is optional for it, but kept.
        customer_group_id: 1,
        firstname: 'Zoë',
        lastname: 'Ødegård',
        email: 'buyer@example.com',
        telephone: '01632 960002',
        custom_field: { '29': '1234567' },
      }),
    );
    await expectOk(
      checkout.addProducts(id, {
        product: [
          { product_id: 30, option: { '226': '15' } },
          { product_id: 41, subscription_plan_id: 2 },
          {
            product_id: 42,
            quantity: 2,
            option: {
              '218': '5',
              '223': ['8', '10'],
              '208': 'test "quoted" \\ text',
              '217': '1',
              '209': 'line 1\nline 2',
              '222': 'abc123',
              '219': '2026-04-01',
              '221': '10:30',
              '220': '2026-04-01 10:30',
            },
          },
        ],
      }),
    );
    await expectOk(checkout.setCurrency(id, { currency: 'GBP' }));
    return { ...demo, id };
  }

  it('round-trips through JSON exactly', async () => {
    const { checkout, id } = await busySession();
    const session = await expectOk(checkout.getSession(id));
    expect(JSON.parse(JSON.stringify(session))).toStrictEqual(structuredClone(session));
  });

  it('accepts the parsed copy saved back, and the engine keeps working on it', async () => {
    const { checkout, adapters, id } = await busySession();
    const session = await expectOk(checkout.getSession(id));
    const parsed = JSON.parse(JSON.stringify(session));
    expect(await adapters.sessions.save({ ...parsed, version: session.version + 1 }, session.version)).toBe(
      'saved',
    );
    expect(await expectOk(checkout.getSession(id))).toEqual({ ...parsed, version: session.version + 1 });
    const lines = await expectOk(checkout.getProducts(id));
    expect(lines.map((line) => line.productId)).toEqual([30, 41, 42]);
    await expectOk(checkout.addProduct(id, { product_id: 40 }));
    expect((await expectOk(checkout.getSession(id))).version).toBe(session.version + 2);
  });
});
