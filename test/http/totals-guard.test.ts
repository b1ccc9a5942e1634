/**
 * The totals guard over a real server: `totals_digest` on the answers with totals (`getTotals`' as its
 * `Totals-Digest` header), and a confirm sending back one that no longer matches answered 409 under `totals`, with
 * the current products, totals and digest.
 */
import { describe, expect, it } from 'vitest';
import { type Session, startDemo, ukAddress } from './support/harness.js';

const guest = { firstname: 'Jane', lastname: 'Smith', email: 'jane@example.com', telephone: '01632 960123' };

/** Every step up to confirm with one iPhone; answers the digest the payment method step showed. */
async function ready(session: Session): Promise<string> {
  await session.call('api/order&call=customer', { form: guest });
  await session.call('api/cart', { form: { 'product[0][product_id]': '40' } });
  await session.call('api/order&call=payment_address', { form: ukAddress('payment_') });
  await session.call('api/order&call=shipping_address', { form: ukAddress('shipping_') });
  await session.call('api/order&call=shipping_methods');
  await session.call('api/order&call=shipping_method', { form: { shipping_method: 'flat.flat' } });
  await session.call('api/order&call=payment_methods');
  const chosen = await session.call('api/order&call=payment_method', { form: { payment_method: 'cod' } });
  return (chosen.body as { totals_digest: string }).totals_digest;
}

describe('the totals guard over HTTP', () => {
  it('answers 409 totals with the current cart when the price moved, and writes nothing', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    const digest = await ready(session);
    expect(digest).toMatch(/^[0-9a-f]{16}$/);
    const iphone = demo.app.data.products.get(40);
    if (iphone === undefined) throw new Error('no iPhone');
    demo.app.data.products.set(40, { ...iphone, price: { amount: '150.0000', currency: 'USD' } });
    const refused = await session.call('api/order&call=confirm', { form: { totals_digest: digest } });
    expect(refused.status).toBe(409);
    expect(refused.error).toEqual({ totals: 'Warning: Prices have changed! Please review your order.' });
    const body = refused.body as { totals: { code: string; value: number }[]; totals_digest: string };
    expect(body.totals_digest).toMatch(/^[0-9a-f]{16}$/);
    expect(body.totals_digest).not.toBe(digest);
    expect(body.totals.find((total) => total.code === 'sub_total')?.value).toBe(150);
    expect(demo.app.data.orders.size).toBe(0);
    // The new digest is what the customer now sees: confirming with it places the order.
    const placed = await session.call('api/order&call=confirm', {
      form: { totals_digest: body.totals_digest },
    });
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ totals_digest: body.totals_digest });
  });

  it("getTotals' Totals-Digest header is the steps' digest, and guards confirm as well", async () => {
    const demo = await startDemo();
    const session = await demo.login();
    const digest = await ready(session);
    const totals = await session.call('api/cart/getTotals');
    expect(totals.status).toBe(200);
    // OpenCart's bare list stays the body; the digest travels beside it.
    expect(Array.isArray(totals.body)).toBe(true);
    expect(totals.headers.get('totals-digest')).toBe(digest);
    const iphone = demo.app.data.products.get(40);
    if (iphone === undefined) throw new Error('no iPhone');
    demo.app.data.products.set(40, { ...iphone, price: { amount: '150.0000', currency: 'USD' } });
    const moved = await session.call('api/cart/getTotals');
    const current = moved.headers.get('totals-digest');
    expect(current).toMatch(/^[0-9a-f]{16}$/);
    expect(current).not.toBe(digest);
    const refused = await session.call('api/order&call=confirm', { form: { totals_digest: digest } });
    expect(refused.status).toBe(409);
    expect((refused.body as { totals_digest: string }).totals_digest).toBe(current);
    const placed = await session.call('api/order&call=confirm', { form: { totals_digest: current ?? '' } });
    expect(placed.status).toBe(200);
  });

  it('a malformed digest is a field error, not a crash', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await ready(session);
    const refused = await session.call('api/order&call=confirm', { json: { totals_digest: ['x'] } });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.error)).toContain('totals_digest');
  });
});
