/**
 * Every route of the table, reached through a real server: the seed's routes and calls, the cart changes, the
 * catalog routes, the extension calls, and unknown routes and wrong methods.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { checkedFetch, guest, send, startDemo } from './support/harness.js';

describe('the cart routes', () => {
  it('adds through api/cart, call=cart, api/cart/addProduct, api/cart.addProduct and call=product_add', async () => {
    const session = await (await startDemo()).login();
    const multi = { 'product[0][product_id]': '40' };
    const single = { product_id: '40', quantity: '1' };
    const routes: [string, Record<string, string>, string][] = [
      ['api/cart', multi, 'Products added to cart successfully!'],
      ['api/order&call=cart', multi, 'Products added to cart successfully!'],
      ['api/cart/addProduct', single, 'Product added to cart successfully!'],
      ['api/cart.addProduct', single, 'Product added to cart successfully!'],
      ['api/order&call=product_add', single, 'Product added to cart successfully!'],
    ];
    for (const [route, form, success] of routes) {
      const reply = await session.call(route, { form });
      expect([route, reply.status, reply.body]).toEqual([route, 200, { success }]);
    }
    const [line] = (await session.call('api/cart/getProducts')).body as { quantity: number }[];
    expect(line?.quantity).toBe(5);
  });

  it('updates and removes lines by cart_id, 404 for an unknown one', async () => {
    const session = await (await startDemo()).login();
    await session.call('api/cart/addProduct', { form: { product_id: '40' } });
    const [line] = (await session.call('api/cart/getProducts')).body as { cart_id: string }[];
    const cartId = line?.cart_id ?? '';
    expect((await session.call('api/cart/update', { form: { cart_id: cartId, quantity: '3' } })).status).toBe(
      200,
    );
    expect((await session.call('api/cart/getTotals')).body).toContainEqual(
      expect.objectContaining({ code: 'sub_total', value: 303 }), // 3 × 101.00
    );
    expect((await session.call('api/cart/remove', { form: { cart_id: cartId } })).status).toBe(200);
    expect((await session.call('api/cart/getProducts')).body).toEqual([]);
    const unknown = await session.call('api/cart/remove', { form: { cart_id: cartId } });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toEqual({ warning: 'Warning: Product could not be found!' });
  });
});

describe('the customer and extension routes', () => {
  it('sets the customer through api/customer and call=customer', async () => {
    const session = await (await startDemo()).login();
    for (const route of ['api/customer', 'api/order&call=customer']) {
      expect((await session.call(route, { form: guest })).body).toEqual({
        success: 'Customer data set successfully!',
      });
    }
  });

  it('applies a coupon, reward points and an affiliate, answering the totals after them', async () => {
    const session = await (await startDemo()).login();
    await session.call('api/customer', { form: { ...guest, email: 'grace@example.com' } });
    // The HP LP3065 costs 400 points a unit.
    await session.call('api/cart/addProduct', { form: { product_id: '47', 'option[225]': '2026-05-01' } });
    const coupon = await session.call('api/order&call=extension&code=coupon', { form: { coupon: '2222' } });
    expect(coupon.status).toBe(200);
    expect(coupon.body).toMatchObject({ success: 'Success: Your coupon discount has been applied!' });
    expect(coupon.body).toMatchObject({ products: [{ product_id: 47 }], shipping_required: true });
    expect((coupon.body as { totals: unknown[] }).totals).toContainEqual(
      expect.objectContaining({ code: 'total' }),
    );
    const reward = await session.call('api/order&call=extension&code=reward', { form: { reward: '100' } });
    expect(reward.body).toMatchObject({ success: 'Success: Your reward points discount has been applied!' });
    const affiliate = await session.call('api/order&call=affiliate', { form: { affiliate_id: '1' } });
    expect(affiliate.body).toEqual({
      success: 'Success: Affiliate commission will be applied to this order!',
    });
    const unknownCode = await session.call('api/order&call=extension&code=voucher', {
      form: { voucher: 'x' },
    });
    expect(unknownCode.status).toBe(404);
  });
});

describe('the catalog routes', () => {
  it('answers one manufacturer in snake_case, 404 for an unknown one', async () => {
    const session = await (await startDemo()).login();
    const found = await session.call('api/manufacturer', { query: { manufacturer_id: '8' } });
    expect(found.body).toEqual({
      manufacturer: {
        manufacturer_id: 8,
        name: 'Apple',
        description: expect.any(String),
        image: expect.any(String),
        sort_order: 0,
        meta_title: expect.any(String),
        meta_description: expect.any(String),
        meta_keyword: expect.any(String),
      },
    });
    const missing = await session.call('api/manufacturer', { query: { manufacturer_id: '999' } });
    expect([missing.status, Object.keys(missing.error)]).toEqual([404, ['manufacturer_id']]);
  });

  it('pages manufacturers and products with their totals', async () => {
    const demo = await startDemo();
    // The demo has no specials: the Canon EOS 5D gets one of 80.00 for group 1, to show one listed.
    const canon = demo.app.data.products.get(30);
    if (canon === undefined) throw new Error('no product 30');
    const special = {
      customerGroupId: 1,
      priority: 1,
      price: { amount: '80.0000', currency: 'USD' },
      dateStart: null,
      dateEnd: null,
    };
    demo.app.data.products.set(30, { ...canon, specials: [special] });
    const session = await demo.login();
    const page = await session.call('api/manufacturer/list', {
      query: { sort: 'name', order: 'DESC', limit: '2' },
    });
    expect(page.body).toEqual({
      manufacturers: [
        { manufacturer_id: 10, name: 'Sony', image: expect.any(String), sort_order: 0 },
        { manufacturer_id: 6, name: 'Palm', image: expect.any(String), sort_order: 0 },
      ],
      total: 6,
    });
    const products = await session.call('api/product/list', {
      query: { filter_manufacturer_id: '9', sort: 'p.price' },
    });
    expect(products.body).toEqual({
      products: [
        {
          product_id: 30,
          name: 'Canon EOS 5D',
          model: expect.any(String),
          price: 100,
          special: 80,
          manufacturer_id: 9,
          manufacturer: 'Canon',
          image: expect.any(String),
        },
      ],
      total: 1,
    });
    const plain = await session.call('api/product/list', { query: { filter_manufacturer_id: '6' } });
    expect((plain.body as { products: object[] }).products[0]).not.toHaveProperty('special');
  });
});

describe('routing', () => {
  it('routes by the query alone, whatever the path', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    const response = await checkedFetch(`${demo.origin}/any/prefix?route=api/cart/getTotals`, {
      headers: { cookie: session.cookie },
    });
    expect(response.status).toBe(200);
  });

  it('answers 404 for a missing or unknown route or call, with an error object', async () => {
    const demo = await startDemo();
    for (const route of [
      '',
      'api/unknown',
      'api/order&call=nothing',
      'api/order',
      'constructor',
      '__proto__',
    ]) {
      const reply = await send(demo.origin, route);
      expect([route, reply.status, Object.keys(reply.error)]).toEqual([route, 404, ['warning']]);
    }
  });

  it('answers 405 with Allow for a wrong method', async () => {
    const session = await (await startDemo()).login();
    const getOnPost = await session.call('api/order&call=customer');
    expect([getOnPost.status, getOnPost.headers.get('allow')]).toEqual([405, 'POST']);
    const postOnGet = await session.call('api/cart/getProducts', { form: {} });
    expect([postOnGet.status, postOnGet.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    expect(postOnGet.error).toEqual({ warning: 'Warning: This API route must be called with GET!' });
    expect((await session.call('api/cart', { method: 'PUT', form: {} })).status).toBe(405);
  });

  it('answers 405 for TRACE, which no fetch Request can carry, without logging a failure', async () => {
    const failures: unknown[] = [];
    const demo = await startDemo({ listener: { logger: { error: (...args) => failures.push(args) } } });
    const session = await demo.login();
    for (const route of ['api/cart/getProducts', 'api/order&call=confirm', 'api/nothing']) {
      const reply = await new Promise<{ status: number; allow: unknown; body: string }>((resolve, reject) => {
        const traced = request(`${demo.origin}/index.php?route=${route}`, {
          method: 'TRACE',
          headers: { cookie: session.cookie },
        });
        traced.on('response', (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => {
            body += chunk.toString();
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body }),
          );
        });
        traced.on('error', reject);
        traced.end();
      });
      expect([route, reply.status, reply.allow, JSON.parse(reply.body)]).toEqual([
        route,
        405,
        'GET, HEAD, POST',
        { error: { warning: 'Warning: This API route must be called with GET, POST!' } },
      ]);
    }
    expect(failures).toEqual([]);
  });

  it('answers TRACE over the query or header limits as any request: 413 / 431, before its 405', async () => {
    const demo = await startDemo();
    const trace = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; allow: unknown; body: string }>((resolve, reject) => {
        const traced = request(`${demo.origin}${path}`, { method: 'TRACE', headers });
        traced.on('response', (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => {
            body += chunk.toString();
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body }),
          );
        });
        traced.on('error', reject);
        traced.end();
      });
    const longQuery = await trace(`/index.php?route=api/cart/getProducts&pad=${'q'.repeat(70_000)}`);
    expect([longQuery.status, longQuery.allow]).toEqual([413, undefined]);
    const bigHeaders = await trace('/index.php?route=api/cart/getProducts', { 'x-pad': 'h'.repeat(70_000) });
    expect([bigHeaders.status, bigHeaders.allow]).toEqual([431, undefined]);
    expect(JSON.parse(bigHeaders.body)).toEqual({ error: { warning: expect.any(String) } });
    const plain = await trace('/index.php?route=api/cart/getProducts');
    expect([plain.status, plain.allow]).toEqual([405, 'GET, HEAD, POST']);
  });

  it('answers HEAD on GET routes like GET without a body; never on POST routes or confirm', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await session.call('api/cart/addProduct', { form: { product_id: '40' } });
    const url = `${demo.origin}/index.php?route=api/cart/getTotals`;
    const get = await checkedFetch(url, { headers: { cookie: session.cookie } });
    const getBody = await get.arrayBuffer();
    const head = await checkedFetch(url, { method: 'HEAD', headers: { cookie: session.cookie } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(head.headers.get('content-length')).toBe(String(getBody.byteLength));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const anonymous = await checkedFetch(url, { method: 'HEAD' });
    expect(anonymous.status).toBe(401);
    for (const route of ['api/order&call=customer', 'api/order&call=confirm']) {
      const refused = await checkedFetch(`${demo.origin}/index.php?route=${route}`, {
        method: 'HEAD',
        headers: { cookie: session.cookie },
      });
      expect([route, refused.status]).toEqual([route, 405]);
    }
    expect(await demo.app.adapters.orders.get(1)).toBeUndefined();
  });
});

describe('path aliases', () => {
  it('answers every route at its path too, under any mount: /api/order/<call>, /api/order/extension/<code>', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    const at = (path: string, init: RequestInit = {}) =>
      checkedFetch(`${demo.origin}${path}`, {
        ...init,
        headers: { cookie: session.cookie, ...init.headers },
      });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const added = await at('/api/cart/addProduct', { method: 'POST', headers: form, body: 'product_id=40' });
    expect([added.status, await added.json()]).toEqual([
      200,
      { success: 'Product added to cart successfully!' },
    ]);
    const customer = await at('/shop/index.php/api/order/customer', {
      method: 'POST',
      headers: form,
      body: new URLSearchParams(guest).toString(),
    });
    expect(customer.status).toBe(200);
    const coupon = await at('/shop/api/order/extension/coupon/', {
      method: 'POST',
      headers: form,
      body: 'coupon=',
    });
    expect(coupon.status).toBe(200);
    const lines = await at('/api/cart/getProducts');
    expect(((await lines.json()) as { product_id: number }[]).map((line) => line.product_id)).toEqual([40]);
    // The HTTP layer's own routes too, and the method rules are the route's.
    expect((await at('/api/cart/getProducts', { method: 'POST' })).status).toBe(405);
    expect((await checkedFetch(`${demo.origin}/api/account/logout`, { method: 'POST' })).status).toBe(401);
  });

  it('lets a route in the query win over the path, and answers 404 for a path that names no route', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    const headers = { cookie: session.cookie };
    const winner = await checkedFetch(`${demo.origin}/api/order/customer?route=api/cart/getTotals`, {
      headers,
    });
    expect([winner.status, Array.isArray(await winner.json())]).toEqual([200, true]);
    for (const path of [
      '/api/order',
      '/api/order/nothing',
      '/api/cart/addProduct/more',
      '/docs/api',
      '/apix/cart',
    ]) {
      const missing = await checkedFetch(`${demo.origin}${path}`, { headers });
      expect([path, missing.status]).toEqual([path, 404]);
    }
  });
});
