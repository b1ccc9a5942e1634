/**
 * Extensions are synchronous rules; a method whose rates live in a remote service reads them in `gather`, which
 * the engine asks while it gathers facts: the quote is priced from what `gather` answered, a `gather` that
 * rejects answers `unavailable` `extension` with nothing saved, and a method still written for the older
 * asynchronous interface (its rule answering a promise) is refused the same way, with a cause that says why.
 */
import { describe, expect, it } from 'vitest';
import type { ShippingQuoteGroup } from '../../src/domain/machine/session.js';
import { money } from '../../src/money/index.js';
import type { ShippingContext, ShippingMethod } from '../../src/ports/shipping-method.js';
import { demoCheckout, expectErr, expectOk, guest, ukAddress } from './support/demo-checkout.js';

/** A carrier's answer: a cost per unit, in the store's currency. */
interface CarrierRates {
  readonly perUnit: string;
}

/** The quote group of the carrier for `units` units at `rates`. */
function carrierGroup(context: ShippingContext, rates: CarrierRates): ShippingQuoteGroup {
  const cost = (Number(rates.perUnit) * context.shippableQuantity).toFixed(2);
  return {
    code: 'carrier',
    title: 'Carrier',
    quote: {
      carrier: { code: 'carrier.carrier', name: 'Carrier', cost: money(cost, 'USD'), taxClassId: 0 },
    },
    sortOrder: 1,
  };
}

/** A session with one iPhone and a UK shipping address, on a checkout whose only shipping method is `method`. */
async function sessionWith(method: ShippingMethod<unknown>) {
  const d = demoCheckout({ deps: () => ({ shippingMethods: [method] }) });
  const sessionId = await d.open();
  await expectOk(d.checkout.setCustomer(sessionId, guest));
  await expectOk(d.checkout.addProducts(sessionId, { product: [{ product_id: 40, quantity: 3 }] }));
  await expectOk(d.checkout.setShippingAddress(sessionId, ukAddress('shipping_')));
  return { d, sessionId };
}

describe('extensions with a remote source', () => {
  it('gather is asked while gathering facts, and the quote is priced from its answer', async () => {
    const asked: ShippingContext[] = [];
    const carrier: ShippingMethod<CarrierRates> = {
      code: 'carrier',
      gather: async (context) => {
        asked.push(context);
        return { perUnit: '2.50' };
      },
      quote: (context, rates) => (rates === undefined ? null : carrierGroup(context, rates)),
    };
    const { d, sessionId } = await sessionWith(carrier);
    const offered = await expectOk(d.checkout.getShippingMethods(sessionId));
    expect(JSON.stringify(offered)).toContain('carrier.carrier');
    expect(JSON.stringify(offered)).toContain('7.50');
    expect(asked.at(-1)?.shippableQuantity).toBe(3);
  });

  it('a gather that rejects answers unavailable, naming the extension port', async () => {
    const carrier: ShippingMethod<CarrierRates> = {
      code: 'carrier',
      gather: () => Promise.reject(new Error('the carrier is down')),
      quote: (context, rates) => (rates === undefined ? null : carrierGroup(context, rates)),
    };
    const { d, sessionId } = await sessionWith(carrier);
    const before = await d.stored(sessionId);
    const error = await expectErr(d.checkout.getShippingMethods(sessionId));
    expect(error).toMatchObject({ kind: 'unavailable', port: 'extension' });
    expect((await d.stored(sessionId)).version).toBe(before.version);
  });

  it('a rule still answering a promise is refused as unavailable, its cause naming gather()', async () => {
    const olderMethod = {
      code: 'older',
      quote: async (context: ShippingContext) => carrierGroup(context, { perUnit: '1.00' }),
    } as unknown as ShippingMethod;
    const { d, sessionId } = await sessionWith(olderMethod);
    const error = await expectErr(d.checkout.getShippingMethods(sessionId));
    expect(error).toMatchObject({ kind: 'unavailable', port: 'extension' });
    expect(String((error as { cause?: unknown }).cause)).toContain('gather()');
  });
});
