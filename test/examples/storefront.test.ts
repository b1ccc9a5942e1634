/**
 * The storefront's HTTP edges, through a listening `npm start` server: the cookie it sets, the bodies it refuses,
 * whose orders a browser may read, and a confirm repeated after a lost answer. The purchase itself runs in a
 * real browser (test/browser/storefront.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDemo, startDemoServer } from '../../examples/shared/demo-main.js';

let demo: RunningDemo;
let shop = '';

beforeAll(async () => {
  const started = await startDemoServer(
    { PORT: '0', CARTWRIGHT_API_KEY: 'storefront-edge-key-0123456789abcdef0123' },
    { log: () => {} },
  );
  if (started.isErr()) throw new Error(JSON.stringify(started.error));
  demo = started.value;
  shop = `${new URL(demo.url).origin}/shop`;
});

afterAll(async () => {
  await demo?.close();
});

/** A browser of its own: keeps the cookie the shop sets. */
function shopper() {
  let cookie = '';
  return async (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: Record<string, unknown>; setCookie: string | null }> => {
    const response = await fetch(`${shop}/api/${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(cookie === '' ? {} : { Cookie: cookie }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const setCookie = response.headers.get('Set-Cookie');
    if (setCookie !== null) cookie = setCookie.split(';', 1)[0] ?? '';
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, setCookie };
  };
}

/** A shopper with an iPhone in the cart, ready to pay cash on delivery in Lancashire. */
async function readyToConfirm() {
  const call = shopper();
  expect((await call('POST', 'cart', { product_id: 40, quantity: 1 })).status).toBe(200);
  const customer = {
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: 'ada@example.com',
    telephone: '01632 960002',
  };
  expect((await call('POST', 'customer', customer)).status).toBe(200);
  const address = { ...customer, address_1: '2 Fishergate', city: 'Preston', postcode: 'PR1 3LJ' };
  const placed = await call('POST', 'address', { address: { ...address, country_id: 222, zone_id: 3563 } });
  expect(placed.status).toBe(200);
  expect((await call('POST', 'shipping-method', { code: 'flat.flat' })).status).toBe(200);
  expect((await call('POST', 'payment-method', { code: 'cod' })).status).toBe(200);
  return call;
}

describe('the storefront’s HTTP edges', () => {
  it('sets its own cookie once, HttpOnly on /shop, and gives a new one for a cookie it does not know', async () => {
    const call = shopper();
    const first = await call('GET', 'cart');
    expect(first.status).toBe(200);
    expect(first.setCookie).toMatch(/^shop_session=[A-Za-z0-9_-]{43}; Path=\/shop; HttpOnly; SameSite=Lax$/);
    expect((await call('GET', 'cart')).setCookie).toBeNull();
    const forged = await fetch(`${shop}/api/cart`, { headers: { Cookie: 'shop_session=forged' } });
    expect(forged.headers.get('Set-Cookie')).toMatch(/^shop_session=/);
  });

  it('takes JSON objects only, and adds nothing from anything else', async () => {
    const call = shopper();
    const form = await call('POST', 'cart', 'product_id=40', {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(400);
    expect((await call('POST', 'cart', '{"product_id":')).status).toBe(400);
    expect((await call('POST', 'cart', '[40]')).status).toBe(400);
    expect((await call('POST', 'cart', `{"x":"${'a'.repeat(20_000)}"}`)).status).toBe(400);
    expect((await call('GET', 'cart')).body.lines).toEqual([]);
    expect((await call('GET', 'nothing-here')).status).toBe(404);
  });

  it('answers the engine’s errors by field, with the kind of error', async () => {
    const call = shopper();
    const missing = await call('POST', 'cart', { product_id: 30, quantity: 1 });
    expect(missing).toMatchObject({
      status: 422,
      body: { error: 'validation', errors: { option_226: 'Select required!' } },
    });
    const early = await call('POST', 'orders', {}, { 'Idempotency-Key': 'early' });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('precondition');
  });

  it('places one order per Idempotency-Key, which only the browser that placed it may read', async () => {
    const call = await readyToConfirm();
    expect((await call('POST', 'orders', {})).status).toBe(400);
    const placed = await call(
      'POST',
      'orders',
      { comment: 'ring twice' },
      { 'Idempotency-Key': 'attempt-1' },
    );
    expect(placed.status).toBe(200);
    const order = placed.body.order as { orderId: number; totals: { code: string; text: string }[] };
    expect(order.totals.at(-1)).toEqual({ code: 'total', title: 'Total', text: '$131.20' });
    // The answer was lost and the page repeats the attempt: the same order, not a refusal of an empty cart.
    const again = await call('POST', 'orders', { comment: 'ring twice' }, { 'Idempotency-Key': 'attempt-1' });
    expect(again.body).toEqual(placed.body);
    // The next purchase starts empty.
    expect((await call('GET', 'cart')).body.lines).toEqual([]);

    expect((await call('GET', `orders/${order.orderId}`)).body).toEqual(placed.body);
    const stranger = shopper();
    expect((await stranger('GET', `orders/${order.orderId}`)).status).toBe(404);
    expect((await demo.app.adapters.orders.get(order.orderId))?.comment).toBe('ring twice');
  });
});
