import { describe, expect, it } from 'vitest';
import { demoGeoZones, demoTaxRates, demoTaxRules } from '../../../src/adapters/memory/demo/geography.js';
import { demoStore } from '../../../src/adapters/memory/index.js';
import type { CheckoutSession, SessionAddress } from '../../../src/domain/machine/session.js';
import { taxRatesOf } from '../../../src/domain/pricing/checkout.js';
import { sampleSession } from '../../../src/testing/index.js';

const { settings } = demoStore();
const tax = {
  classIds: [9],
  table: Object.freeze({ rules: demoTaxRules(), rates: demoTaxRates() }),
  geoZones: Object.freeze(demoGeoZones()),
};

/** A session (a new object each time) with both addresses at `place`. */
function sessionAt(id: string, place: Pick<SessionAddress, 'countryId' | 'zoneId'>): CheckoutSession {
  const session = sampleSession({
    id,
    now: '2026-01-01T00:00:00.000Z',
    expiresAt: '2026-01-01T01:00:00.000Z',
  });
  const address = { ...(session.paymentAddress as SessionAddress), ...place };
  return { ...session, paymentAddress: address, shippingAddress: { ...address } };
}

const vatIds = (session: CheckoutSession) =>
  taxRatesOf(session, { tax }, settings)
    .ratesFor(9)
    .map((rate) => rate.taxRateId);

describe('taxRatesOf', () => {
  it('gives sessions whose addresses are at the same places the same rates', () => {
    const lancashire = { countryId: 222, zoneId: 3563 };
    expect(vatIds(sessionAt('a', lancashire))).toEqual([86, 87]);
    expect(vatIds(sessionAt('b', lancashire))).toEqual(vatIds(sessionAt('a', lancashire)));
  });

  it('works out the rates again for addresses at other places, never serving the last ones', () => {
    expect(vatIds(sessionAt('c', { countryId: 222, zoneId: 3563 }))).toEqual([86, 87]);
    expect(vatIds(sessionAt('d', { countryId: 223, zoneId: 3624 }))).toEqual([]);
    expect(vatIds(sessionAt('e', { countryId: 222, zoneId: 3563 }))).toEqual([86, 87]);
  });

  it('works out the rates again for an address moved in place', () => {
    const session = sessionAt('f', { countryId: 222, zoneId: 3563 });
    expect(vatIds(session)).toEqual([86, 87]);
    for (const address of [session.paymentAddress, session.shippingAddress]) {
      Object.assign(address as SessionAddress, { countryId: 223, zoneId: 3624 });
    }
    expect(vatIds(session)).toEqual([]);
  });
});
