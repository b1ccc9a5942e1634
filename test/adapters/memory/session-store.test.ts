import { describe, expect, it } from 'vitest';
import { createMemorySessionStore } from '../../../src/adapters/memory/index.js';
import { type CheckoutSession, createSession } from '../../../src/domain/machine/session.js';
import { testClock } from './helpers.js';

const HOUR = 3600;

function session(id: string, expiresAt = '2026-03-01T11:00:00.000Z'): CheckoutSession {
  return createSession({
    id,
    apiUserId: 1,
    now: '2026-03-01T10:00:00.000Z',
    expiresAt,
    currency: 'USD',
    language: 'en-gb',
  });
}

describe('memory session store', () => {
  it('keeps sessions frozen: neither the saved nor the returned object can change what is stored', async () => {
    const store = createMemorySessionStore({ clock: testClock() });
    const saved = structuredClone(session('a'));
    expect(await store.save(saved, 0)).toBe('saved');
    expect(() => {
      (saved as { currency: string }).currency = 'EUR';
    }).toThrow(TypeError);
    expect(() => {
      (saved.cart as unknown as unknown[]).push({});
    }).toThrow(TypeError);
    const first = await store.get('a');
    if (first.status !== 'found') throw new Error(first.status);
    expect(Object.isFrozen(first.session.customer)).toBe(true);
    expect(() => {
      (first.session as { currency: string }).currency = 'GBP';
    }).toThrow(TypeError);
    expect(await store.get('a')).toEqual({ status: 'found', session: session('a') });
  });

  it('stores the session version as given and compares against it', async () => {
    const store = createMemorySessionStore({ clock: testClock() });
    expect(await store.save({ ...session('a'), version: 7 }, 0)).toBe('saved');
    expect(await store.save({ ...session('a'), version: 8 }, 0)).toBe('conflict');
    expect(await store.save({ ...session('a'), version: 8 }, 7)).toBe('saved');
  });

  it('answers expired until the retention has passed, then forgets the session (missing)', async () => {
    const clock = testClock();
    const store = createMemorySessionStore({ clock, retentionSeconds: 2 * HOUR });
    await store.save(session('a'), 0);
    clock.set('2026-03-01T11:00:00.000Z');
    expect(await store.get('a')).toEqual({ status: 'expired' });
    clock.set('2026-03-01T12:59:59.999Z');
    expect(await store.get('a')).toEqual({ status: 'expired' });
    clock.set('2026-03-01T13:00:00.000Z');
    expect(await store.get('a')).toEqual({ status: 'missing' });
    // Forgotten means gone: a new session may take the id from version 0 again.
    expect(await store.save(session('a', '2026-03-01T14:00:00.000Z'), 0)).toBe('saved');
  });

  it('keeps the default retention of one day', async () => {
    const clock = testClock();
    const store = createMemorySessionStore({ clock });
    await store.save(session('a'), 0);
    clock.set('2026-03-02T10:59:59.000Z');
    expect(await store.get('a')).toEqual({ status: 'expired' });
    clock.set('2026-03-02T11:00:00.000Z');
    expect(await store.get('a')).toEqual({ status: 'missing' });
  });

  it('forgets expired sessions it is never asked about again (the sweep), without touching live ones', async () => {
    const clock = testClock();
    const store = createMemorySessionStore({ clock, retentionSeconds: 60 });
    for (let i = 0; i < 50; i += 1) await store.save(session(`old-${i}`), 0);
    await store.save(session('live', '2026-03-05T00:00:00.000Z'), 0);
    clock.set('2026-03-01T12:00:00.000Z');
    // Any call sweeps; the old sessions are then gone even for a save over their last version.
    await store.get('live');
    for (let i = 0; i < 50; i += 1) {
      expect(await store.save({ ...session(`old-${i}`), version: 2 }, 0)).toBe('saved');
    }
    expect((await store.get('live')).status).toBe('found');
  });

  it('touch only ever moves expiry forward', async () => {
    const clock = testClock();
    const store = createMemorySessionStore({ clock });
    await store.save(session('a'), 0);
    await store.touch('a', '2026-03-01T12:00:00.000Z');
    await store.touch('a', '2026-03-01T10:30:00.000Z');
    const found = await store.get('a');
    expect(found.status === 'found' && found.session.expiresAt).toBe('2026-03-01T12:00:00.000Z');
  });

  it('treats an unreadable expiresAt as already expired', async () => {
    const store = createMemorySessionStore({ clock: testClock() });
    await store.save(session('a', 'not a date'), 0);
    expect((await store.get('a')).status).not.toBe('found');
  });
});
