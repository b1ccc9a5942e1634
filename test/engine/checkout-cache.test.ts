import { describe, expect, it } from 'vitest';
import { createCheckoutCache } from '../../src/engine/checkout-cache.js';
import { sampleSession } from '../../src/testing/index.js';

const session = sampleSession({
  id: 's1',
  now: '2026-03-02T10:00:00.000Z',
  expiresAt: '2026-03-02T11:00:00.000Z',
});
/** The session as a store that keeps rows hands it back: a fresh plain copy. */
const copied = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

describe('the checkout cache: sessions the engine saved', () => {
  it('knows a saved session again by its id and version, as the very object or as a copy from any store', () => {
    const { sessions } = createCheckoutCache();
    const kept = sessions.keep({ ...session });
    expect(Object.isFrozen(kept)).toBe(true);
    expect(sessions.find(kept)).toBe(kept);
    expect(sessions.find(copied(kept))).toBe(kept);
  });

  it('does not know another version, another schema version, another id, or a session never saved', () => {
    const { sessions } = createCheckoutCache();
    sessions.keep({ ...session });
    expect(sessions.find(copied({ ...session, version: session.version + 1 }))).toBeUndefined();
    expect(sessions.find(copied({ ...session, schemaVersion: 2 }))).toBeUndefined();
    expect(sessions.find(copied({ ...session, id: 's2' }))).toBeUndefined();
    expect(createCheckoutCache().sessions.find(copied(session))).toBeUndefined();
  });

  it('takes over a slid expiry when it reads as an instant, and only then', () => {
    const { sessions } = createCheckoutCache();
    sessions.keep({ ...session });
    const slid = sessions.find(copied({ ...session, expiresAt: '2026-03-02T12:00:00.000Z' }));
    expect(slid).toEqual({ ...session, expiresAt: '2026-03-02T12:00:00.000Z' });
    expect(Object.isFrozen(slid)).toBe(true);
    expect(sessions.find(copied({ ...session, expiresAt: 'soon' }))).toBeUndefined();
  });

  it('is one per checkout: two caches share nothing', () => {
    const one = createCheckoutCache();
    const other = createCheckoutCache();
    one.sessions.keep({ ...session });
    expect(other.sessions.find(copied(session))).toBeUndefined();
    const facts = { now: 'a', today: 'b', expiresAt: 'c' };
    expect(one.timeAt(1, 60, () => facts)).toBe(facts);
    expect(one.timeAt(1, 60, () => ({ ...facts }))).toBe(facts);
    expect(other.timeAt(1, 60, () => ({ ...facts }))).not.toBe(facts);
    expect(one.timeAt(1, 61, () => ({ ...facts }))).not.toBe(facts);
  });
});
