/**
 * One session load per request: authorization loads the session once and hands it to the engine, which neither
 * loads it again nor reloads it to answer. Counted at the session store over a real listening server, for every
 * session route of a whole checkout, for refused steps and confirms, and for reads.
 */
import { describe, expect, it } from 'vitest';
import { guest, type Session, startDemo, ukAddress } from './support/harness.js';

/** A demo whose session store counts its loads. */
async function countingDemo() {
  const loads = { count: 0 };
  const demo = await startDemo({
    deps: (adapters) => ({
      sessions: {
        ...adapters.sessions,
        get: (id) => {
          loads.count += 1;
          return adapters.sessions.get(id);
        },
      },
    }),
  });
  return { demo, loads };
}

/** The loads one call makes, with its status. */
async function loadsOf(
  session: Session,
  loads: { count: number },
  route: string,
  call: Parameters<Session['call']>[1] = {},
) {
  loads.count = 0;
  const reply = await session.call(route, call);
  return { route, status: reply.status, loads: loads.count };
}

describe('one session load per request', () => {
  it('every call of a whole checkout loads its session exactly once', async () => {
    const { demo, loads } = await countingDemo();
    const session = await demo.login();
    const calls: [string, Parameters<Session['call']>[1]][] = [
      ['api/customer', { form: guest }],
      ['api/cart/addProduct', { form: { product_id: '40', quantity: '2' } }],
      ['api/order&call=cart', { form: { 'product[0][product_id]': '30', 'product[0][option][226]': '15' } }],
      ['api/order&call=payment_address', { form: ukAddress('payment_') }],
      ['api/order&call=shipping_address', { form: ukAddress('shipping_') }],
      ['api/order&call=shipping_methods', {}],
      ['api/order&call=shipping_method', { form: { 'shipping_method[code]': 'flat.flat' } }],
      ['api/order&call=payment_methods', {}],
      ['api/order&call=payment_method', { form: { 'payment_method[code]': 'cod' } }],
      ['api/cart/getProducts', {}],
      ['api/cart/getTotals', {}],
      // The multi add without rows answers the cart as it is.
      ['api/order&call=cart', { form: {} }],
      ['api/order&call=confirm', { form: {} }],
      ['api/order&call=history_add', { form: { order_id: '1', order_status_id: '2' } }],
      ['api/order/info', { query: { order_id: '1' } }],
    ];
    const seen = [];
    for (const [route, call] of calls) seen.push(await loadsOf(session, loads, route, call));
    expect(seen).toEqual(calls.map(([route]) => ({ route, status: 200, loads: 1 })));
  });

  it('a refused step and a refused confirm (which answers the cart it refused) load it once too', async () => {
    const { demo, loads } = await countingDemo();
    const session = await demo.login();
    await session.call('api/cart/addProduct', { form: { product_id: '40' } });
    const refused = [
      await loadsOf(session, loads, 'api/customer', { form: { ...guest, email: 'not-an-email' } }),
      await loadsOf(session, loads, 'api/order&call=shipping_method', { form: { shipping_method: 'x.y' } }),
      await loadsOf(session, loads, 'api/order&call=confirm', { form: {} }),
    ];
    expect(refused.map(({ status, loads }) => [status, loads])).toEqual([
      [422, 1],
      [422, 1],
      [422, 1],
    ]);
  });
});
