/**
 * The seed's happy cart on the demo store, through the engine: 2 × iPhone, 1 × Canon EOS 5D in red, flat
 * shipping, a UK address. Every figure by hand: sub-total 2 × 101.00 + 100.00 = 302.00; shipping 5.00; VAT 20 %
 * of (302.00 + 5.00) = 61.40; Eco Tax 2.00 per unit (3) and on the shipping (class 9) = 8.00; total 376.40. The
 * fixed Eco Tax counts per unit in the totals as in the line prices (OpenCart 4.1 counts it once per line in its
 * totals, and says 374.40).
 */
import { describe, expect, it } from 'vitest';
import { demoCheckout, ukAddress } from './support/demo-checkout.js';
import { confirmOk, readySession } from './support/orders.js';

const happyCart = [
  { product_id: 40, quantity: 2 },
  { product_id: 30, option: { '226': '15' } },
];

/** The happy cart confirmed with flat shipping and cod to the UK zone `zoneId` (Lancashire by default). */
async function confirmHappyCart(zoneId = 3563) {
  const demo = demoCheckout();
  const address = (prefix: 'payment_' | 'shipping_') => ukAddress(prefix, { [`${prefix}zone_id`]: zoneId });
  return confirmOk(demo, await readySession(demo, { products: happyCart, address }));
}

const breakdown = [
  ['sub_total', 'Sub-Total', '302.0000'],
  ['shipping', 'Flat Shipping Rate', '5.0000'],
  ['tax', 'VAT (20%)', '61.4000'],
  ['tax', 'Eco Tax (-2.00)', '8.0000'],
  ['total', 'Total', '376.4000'],
];

describe("the seed's happy cart on the demo store", () => {
  it('totals 376.40 to Lancashire: sub-total 302.00, shipping 5.00, VAT 61.40, Eco Tax 8.00', async () => {
    const confirmed = await confirmHappyCart();
    expect(confirmed.totals.map((line) => [line.code, line.title, line.value.amount])).toEqual(breakdown);
    expect(confirmed.products.map((line) => [line.productId, line.quantity, line.price.amount])).toEqual([
      [40, 2, '101.0000'],
      [30, 1, '100.0000'],
    ]);
    // The Canon EOS 5D earns group 1 200 reward points; the iPhone none.
    expect(confirmed.points).toBe(200);
  });

  it.each([
    [3955, 'Cumbria'],
    [3949, 'County Antrim'],
    [3954, 'County Tyrone'],
  ])('is taxed alike in zone %i (%s), one of the UK zones installed after the rest', async (zoneId) => {
    const confirmed = await confirmHappyCart(zoneId);
    expect(confirmed.totals.map((line) => [line.code, line.title, line.value.amount])).toEqual(breakdown);
  });
});
