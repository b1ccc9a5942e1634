/**
 * `CheckoutDeps.stock`: a host's catalog and stock kept apart from the order repository's store. Confirm and
 * history entries move the host's stock through the port, never the repository's; without the port, the same
 * catalog cannot confirm; a give-back that fails is logged.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryCatalog, createMemoryStock, demoStore } from '../../src/adapters/memory/index.js';
import type { Stock } from '../../src/ports/stock.js';
import { demoCheckout, expectErr, expectOk } from './support/demo-checkout.js';
import { readySession } from './support/orders.js';

/** A checkout whose catalog and stock are a second demo store's (the host's tables), its own store emptied. */
function hostCheckout(
  options: { stock?: (stock: Stock) => Stock; withStock?: boolean; historyConflicts?: boolean } = {},
) {
  const host = demoStore().data;
  const logged: [string, unknown][] = [];
  const stock = (options.stock ?? ((s) => s))(createMemoryStock(host));
  const d = demoCheckout({
    deps: (adapters) => ({
      catalog: createMemoryCatalog(host),
      ...(options.withStock === false ? {} : { stock }),
      ...(options.historyConflicts === true
        ? { orders: { ...adapters.orders, addHistory: async () => ({ status: 'conflict' as const }) } }
        : {}),
    }),
    options: { logger: { error: (message, error) => logged.push([message, error]) } },
  });
  d.data.products.clear();
  const hostStock = (productId: number) => host.products.get(productId)?.quantity;
  return { d, hostStock, logged };
}

describe('a checkout with the host stock port', () => {
  it('confirm takes the units out of the host stock, and a cancellation puts them back', async () => {
    const { d, hostStock } = hostCheckout();
    const sessionId = await readySession(d, { products: [{ product_id: 40, quantity: 3 }] });
    const { orderId } = await expectOk(d.checkout.confirm(sessionId, {}));
    expect(hostStock(40)).toBe(999_997);
    expect(d.data.orders.get(orderId)?.products[0]?.quantity).toBe(3);
    await expectOk(d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 7 }));
    expect(hostStock(40)).toBe(1_000_000);
  });

  it('without the port the repository looks for the stock in its own store, and refuses', async () => {
    const { d, hostStock } = hostCheckout({ withStock: false });
    const sessionId = await readySession(d);
    const error = await expectErr(d.checkout.confirm(sessionId, {}));
    expect(error.fields).toEqual({ product: 'Not enough stock of iPhone: 1 needed, 0 in stock!' });
    expect(hostStock(40)).toBe(1_000_000);
  });

  it('logs a give-back that failed, and answers the write as the repository did', async () => {
    let moves = 0;
    const failsThird = (stock: Stock): Stock => ({
      move: (list) => {
        moves += 1;
        return moves === 3 ? Promise.reject(new Error('the host stock is down')) : stock.move(list);
      },
    });
    const { d, hostStock, logged } = hostCheckout({ stock: failsThird, historyConflicts: true });
    const sessionId = await readySession(d);
    const { orderId } = await expectOk(d.checkout.confirm(sessionId, {}));
    expect(hostStock(40)).toBe(999_999);
    // The cancellation puts the unit back (move 2), loses its race at the repository, and cannot take it out
    // again (move 3): the order stands with its unit back in stock, and the host's log says so.
    const error = await expectErr(
      d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 7 }),
    );
    expect(error.kind).toBe('conflict');
    expect(logged).toEqual([
      [
        'cartwright: the stock moved for an order write that was not made could not be moved back',
        new Error('the host stock is down'),
      ],
    ]);
    expect(hostStock(40)).toBe(1_000_000);
  });
});
