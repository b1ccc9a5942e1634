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

/** A shopper with an iPhone in the cart, ready to pay by `method` (cash on delivery) in Lancashire. */
async function readyToConfirm(method = 'cod') {
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
  expect((await call('POST', 'payment-method', { code: method })).status).toBe(200);
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

  it('refuses a confirm whose totals moved since they were shown, with the cart as it now is', async () => {
    const call = await readyToConfirm();
    const shown = (await call('GET', 'cart')).body as { totalsDigest: string };
    expect(shown.totalsDigest).toMatch(/^[0-9a-f]{16}$/);
    const iphone = demo.app.data.products.get(40);
    if (iphone === undefined) throw new Error('no iPhone in the demo store');
    demo.app.data.products.set(40, { ...iphone, price: { amount: '150.0000', currency: 'USD' } });
    try {
      const orders = demo.app.data.orders.size;
      const body = { totals_digest: shown.totalsDigest };
      const refused = await call('POST', 'orders', body, { 'Idempotency-Key': 'guarded-1' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        error: 'totals',
        errors: { totals: 'Warning: Prices have changed! Please review your order.' },
      });
      const cart = refused.body.cart as { totalsDigest: string; totals: { code: string; text: string }[] };
      expect(cart.totals.at(-1)).toEqual({ code: 'total', title: 'Total', text: '$190.00' });
      expect(cart.totalsDigest).not.toBe(shown.totalsDigest);
      expect(demo.app.data.orders.size).toBe(orders);
      const again = { totals_digest: cart.totalsDigest };
      expect((await call('POST', 'orders', again, { 'Idempotency-Key': 'guarded-2' })).status).toBe(200);
    } finally {
      demo.app.data.products.set(40, iphone);
    }
  });

  it('takes a card through its 3-D Secure page: the webhook places the order, the return shows it', async () => {
    const call = await readyToConfirm('test_card');
    const declined = await call(
      'POST',
      'orders',
      { payment_token: 'tok_decline' },
      { 'Idempotency-Key': 'd' },
    );
    expect(declined).toMatchObject({ status: 402, body: { error: 'payment' } });
    const asked = await call(
      'POST',
      'orders',
      { payment_token: 'tok_challenge' },
      { 'Idempotency-Key': 'c' },
    );
    expect(asked.status).toBe(200);
    const { redirect, orderId } = asked.body as { redirect: string; orderId: number };
    expect(redirect).toMatch(new RegExp(`^${new URL(shop).origin}/test-card/challenge/tc_\\d+$`));
    // Only the browser that placed it may complete it.
    expect((await shopper()('POST', `orders/${orderId}/complete`, {})).status).toBe(404);

    const page = await fetch(redirect);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Test card: 3-D Secure');
    const answered = await fetch(redirect, {
      method: 'POST',
      body: new URLSearchParams({ result: 'pass' }),
      redirect: 'manual',
    });
    expect(answered.status).toBe(303);
    expect(answered.headers.get('Location')).toBe(`${shop}?order=${orderId}`);
    // The provider's signed webhook reached the webhook route before the customer came back.
    const order = await demo.app.adapters.orders.get(orderId);
    expect(order?.payment?.status).toBe('authorized');
    expect(order?.payment?.moves.at(-1)?.note).toMatch(/^webhook /);

    const back = await call('POST', `orders/${orderId}/complete`, {});
    expect(back.status).toBe(200);
    expect((back.body.order as { orderId: number }).orderId).toBe(orderId);
    expect((await call('GET', 'cart')).body.lines).toEqual([]);
  });
});
