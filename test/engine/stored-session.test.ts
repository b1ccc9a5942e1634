/**
 * A memory store holding sessions of another shape (an older or newer `schemaVersion`) or damaged ones: every
 * operation answers a clear error (`expired`: start again; `unavailable`: a newer release wrote it, retry),
 * never a TypeError, and nothing is written over the stored session.
 */
import { describe, expect, it } from 'vitest';
import type { CheckoutSession } from '../../src/domain/machine/session.js';
import { demoCheckout, expectErr, expectOk, startInstant } from './support/demo-checkout.js';
import { currentSessionJson, storedJson, unusableSessions } from './support/stored-sessions.js';

/** A demo checkout with `json` planted in its memory session store under `id`. */
async function planted(json: string, id = 'planted') {
  const demo = demoCheckout();
  const stored = JSON.parse(storedJson(json, id, startInstant)) as CheckoutSession;
  expect(await demo.adapters.sessions.save(stored, 0)).toBe('saved');
  return demo;
}

describe('a stored session of another shape, or damaged', () => {
  it('of the current shape loads (the cases below each differ from it in one way)', async () => {
    const { checkout } = await planted(currentSessionJson);
    expect((await expectOk(checkout.getProducts('planted'))).map((line) => line.productId)).toEqual([40]);
  });

  it.each(unusableSessions)('$label: answers $kind for every operation and writes nothing', async (c) => {
    const demo = await planted(c.json);
    const before = await demo.adapters.sessions.get('planted');
    const calls = [
      demo.checkout.getSession('planted'),
      demo.checkout.getProducts('planted'),
      demo.checkout.getTotals('planted'),
      demo.checkout.addProduct('planted', { product_id: 40, quantity: 1 }),
      demo.checkout.setCustomer('planted', { firstname: 'Jane', lastname: 'Smith', email: 'j@example.com' }),
      demo.checkout.closeSession('planted'),
    ];
    for (const call of calls) {
      const error = await expectErr(call as never);
      expect(error.kind).toBe(c.kind);
      if (error.kind === 'unavailable') {
        expect(error.port).toBe('sessions');
        expect(String(error.cause)).toContain('schemaVersion 2; this release reads 1');
      } else {
        expect(error.fields).toEqual({ warning: 'Warning: Your API session has expired!' });
      }
    }
    expect(await demo.adapters.sessions.get('planted')).toEqual(before);
  });
});
