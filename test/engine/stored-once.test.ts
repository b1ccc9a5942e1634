/**
 * What sessions keep once: a store that keeps sessions as objects holds them for as long as they live, so equal
 * parts are one object. Offers equal to another session's are that session's frozen offers, a shipping address
 * equal to the payment address is that address, and an empty map of options or custom fields is the one shared
 * empty record. Nothing here changes what a session says; only how many objects say it.
 */
import { describe, expect, it } from 'vitest';
import { emptyRecord } from '../../src/domain/empty-record.js';
import { sessionRecord } from '../../src/domain/machine/session.js';
import { sampleSession } from '../../src/testing/index.js';
import { demoCheckout, expectOk, guest, ukAddress } from './support/demo-checkout.js';

/** A session of `demo` ready for the method steps, its offers asked for. */
async function offered(demo: ReturnType<typeof demoCheckout>, shippingExtra: Record<string, unknown> = {}) {
  const { checkout } = demo;
  const id = await demo.open();
  await expectOk(checkout.setCustomer(id, guest));
  await expectOk(checkout.addProducts(id, { product: [{ product_id: 40, quantity: 1 }] }));
  await expectOk(checkout.setPaymentAddress(id, ukAddress('payment_')));
  await expectOk(checkout.setShippingAddress(id, ukAddress('shipping_', shippingExtra)));
  await expectOk(checkout.getShippingMethods(id));
  await expectOk(checkout.setShippingMethod(id, { shipping_method: 'flat.flat' }));
  await expectOk(checkout.getPaymentMethods(id));
  return demo.stored(id);
}

describe('parts stored once', () => {
  it('two sessions offered the same methods keep one frozen copy of the offers', async () => {
    const demo = demoCheckout();
    const first = await offered(demo);
    const second = await offered(demo);
    expect(second.shippingMethods).toEqual(first.shippingMethods);
    expect(second.shippingMethods).toBe(first.shippingMethods);
    expect(second.paymentMethods).toBe(first.paymentMethods);
    expect(Object.isFrozen(first.paymentMethods?.cod?.option)).toBe(true);
  });

  it('a shipping address the same as the payment address is kept as that address, a different one apart', async () => {
    const demo = demoCheckout();
    const same = await offered(demo);
    expect(same.shippingAddress).toBe(same.paymentAddress);
    const other = await offered(demo, { shipping_address_2: 'Flat 2' });
    expect(other.shippingAddress).not.toBe(other.paymentAddress);
    expect(other.shippingAddress?.address2).toBe('Flat 2');
    expect(other.paymentAddress?.address2).toBe('');
  });

  it('a line without options and a customer without custom fields hold the one empty record', async () => {
    const demo = demoCheckout();
    const session = await offered(demo);
    expect(session.cart[0]?.options).toBe(emptyRecord);
    expect(session.customer?.customField).toBe(emptyRecord);
    expect(session.paymentAddress?.customField).toBe(emptyRecord);
  });

  it('a session is stored as one literal of its fields, and one with fields beyond them as it is', () => {
    const session = sampleSession({
      id: 's1',
      now: '2026-03-02T10:00:00.000Z',
      expiresAt: '2026-03-02T11:00:00.000Z',
    });
    const spread = { ...session, version: 2 };
    const record = sessionRecord(spread);
    expect(record).not.toBe(spread);
    expect(record).toEqual(spread);
    expect(Object.keys(record)).toEqual(Object.keys(session));
    const newer = { ...session, addedByAFutureMinor: true };
    expect(sessionRecord(newer)).toBe(newer);
  });
});
