/**
 * Redis faults, injected by a proxy between the service (as `npm start` runs it, with its 2 s deadlines) and the
 * real server: a stall, the server down, a reset while a session is saved. The requests the fault touched answer
 * a JSON 503 well before the fault ends, the process lives, the client reconnects by itself, the sessions are as
 * they were, and a confirm retried with its Idempotency-Key owns exactly one order.
 */
import { describe, expect, it } from 'vitest';
import { expectUnavailable } from './support/expect-unavailable.js';
import { expectOrdersAdded, storedOrders, useFaultStack } from './support/fault-stack.js';
import { guardProcess } from './support/process-guard.js';
import {
  confirm,
  confirmUntilDone,
  faultApiKey,
  ok,
  readyCheckout,
  send,
  untilOk,
} from './support/shop-client.js';

const stack = useFaultStack('redisfaults');
guardProcess();

/** A cart add of one MacBook (product 43). */
const addMacBook = { 'product[0][product_id]': '43', 'product[0][quantity]': '1' };

describe('Redis faults under the service', () => {
  it('a stalled server: every request answers JSON 503 within the deadline; the sessions are intact after', async () => {
    const { url, redis } = stack();
    const token = await readyCheckout(url);
    const cart = await ok(url, 'api/cart/getProducts', { token });
    const before = await storedOrders(stack());

    redis.stall();
    const replies = await Promise.all([
      confirm(url, token, 'redis-stall'),
      send(url, 'api/order&call=cart', { token, form: addMacBook }),
      send(url, 'api/cart/getTotals', { token }),
      send(url, 'api/account/login', { form: { username: 'demo', key: faultApiKey } }),
      ...Array.from({ length: 10 }, () => send(url, 'api/cart/getProducts', { token })),
    ]).finally(() => redis.restore());

    expectUnavailable('redis stall', replies);
    // Nothing the stalled requests meant to write was written: the cart is the one before the stall.
    expect((await untilOk(url, 'api/cart/getProducts', { token })).body).toEqual(cart.body);
    const done = await confirmUntilDone(url, token, 'redis-stall');
    await expectOrdersAdded(stack(), before, { 'redis-stall': done.orderId });
  });

  it('the server down: 503 at once, and the client reconnects by itself when it is back', async () => {
    const { url, redis } = stack();
    const token = await readyCheckout(url);
    const cart = await ok(url, 'api/cart/getProducts', { token });
    const before = await storedOrders(stack());

    redis.down();
    const replies = await Promise.all([
      send(url, 'api/cart/getProducts', { token }),
      send(url, 'api/order&call=cart', { token, form: addMacBook }),
      confirm(url, token, 'redis-down'),
    ]).finally(() => redis.restore());
    expectUnavailable('redis down', replies);

    expect((await untilOk(url, 'api/cart/getProducts', { token })).body).toEqual(cart.body);
    const done = await confirmUntilDone(url, token, 'redis-down');
    await expectOrdersAdded(stack(), before, { 'redis-down': done.orderId });
  });

  it('a reset while a session is saved: 503, the session as it was, and the retry goes through', async () => {
    const { url, redis } = stack();
    const token = await readyCheckout(url);
    const cart = await ok(url, 'api/cart/getProducts', { token });

    // PEXPIRE is in the save script only (a read sends HMGET): the reset hits the cart add's save.
    const reset = redis.resetOn('PEXPIRE');
    const add = await send(url, 'api/order&call=cart', { token, form: addMacBook });
    await reset;
    expectUnavailable('redis reset during a save', [add]);

    expect((await untilOk(url, 'api/cart/getProducts', { token })).body).toEqual(cart.body);
    await untilOk(url, 'api/order&call=cart', { token, form: addMacBook });
    const lines = await ok(url, 'api/cart/getProducts', { token });
    expect(lines.body).toEqual([
      expect.objectContaining({ product_id: 40, quantity: 1 }),
      expect.objectContaining({ product_id: 43, quantity: 1 }),
    ]);
  });
});
