/**
 * The Engine II steps through `createCheckout` with the demo's built-in extensions (flat, free, item, weight and
 * pickup shipping; free_checkout, bank_transfer, cheque and cod; the demo's total calculators): the 130.00 flow,
 * codes not offered, coupons, reward points and the affiliate refused under their own keys (DECISIONS 42), and
 * every summary step answering the seed's `products`, `totals` and `shipping_required`.
 */
import { describe, expect, it } from 'vitest';
import { defaultTotalCalculators } from '../../src/domain/totals/index.js';
import { demoCheckout, expectErr, expectOk, guest, ukAddress } from './support/demo-checkout.js';

/** A guest with product 40 × 1 and UK payment and shipping addresses. */
async function ukCart(demo = demoCheckout()) {
  const { checkout } = demo;
  const id = await demo.open();
  await expectOk(checkout.setCustomer(id, guest));
  await expectOk(checkout.addProduct(id, { product_id: 40, quantity: 1 }));
  await expectOk(checkout.setPaymentAddress(id, ukAddress('payment_')));
  await expectOk(checkout.setShippingAddress(id, ukAddress('shipping_')));
  return { ...demo, id };
}

describe('coupons and the totals that take them', () => {
  it('refuses a coupon under `coupon` when the totals have no coupon step', async () => {
    const withoutCoupon = defaultTotalCalculators.filter((calculator) => calculator.code !== 'coupon');
    const { checkout, id, stored } = await ukCart(
      demoCheckout({ deps: () => ({ totalCalculators: withoutCoupon }) }),
    );
    const error = await expectErr(checkout.setCoupon(id, { coupon: '2222' }));
    expect(error).toMatchObject({
      kind: 'validation',
      fields: { coupon: 'Warning: Coupons are not enabled on this store!' },
    });
    expect((await stored(id)).coupon).toBeNull();
  });
});
