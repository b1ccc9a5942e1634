/**
 * Contention is the engine's business, not the client's: 1,000 adds of one product to one session, sent at once
 * from 50 connections to a real listening server, are all accepted and all counted (quantity 1,000), however
 * they interleave.
 */
import { describe, expect, it } from 'vitest';
import { hammer } from './support/hammer.js';
import { startDemo } from './support/harness.js';

const ADDS = 1_000;
const CONNECTIONS = 50;

describe('1,000 concurrent adds to one session (memory store)', () => {
  it('are all accepted, and the line ends with quantity 1,000', async () => {
    const demo = await startDemo();
    const session = await demo.login();

    const result = await hammer({
      origins: [demo.origin],
      path: '/index.php?route=api/cart/addProduct',
      form: { product_id: '40', quantity: '1' },
      headers: { cookie: session.cookie },
      count: ADDS,
      connections: CONNECTIONS,
    });

    expect(Object.fromEntries(result.statuses), result.firstRefusal).toEqual({ 200: ADDS });
    const cart = await session.call('api/cart/getProducts');
    // The seed answers the cart's lines as a bare array.
    const lines = cart.body as { product_id: number; quantity: number }[];
    expect(lines.map((line) => [line.product_id, line.quantity])).toEqual([[40, ADDS]]);
  }, 120_000);
});
