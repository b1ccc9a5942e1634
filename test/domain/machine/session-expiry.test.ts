import { describe, expect, it } from 'vitest';
import { isSessionExpired } from '../../../src/domain/machine/session.js';

describe('isSessionExpired', () => {
  it('judges each instant as given, whichever instants were judged before', () => {
    const session = { expiresAt: '2026-01-01T01:00:00.000Z' };
    const before = '2026-01-01T00:59:59.999Z';
    const at = '2026-01-01T01:00:00.000Z';
    expect(isSessionExpired(session, before)).toBe(false);
    expect(isSessionExpired(session, before)).toBe(false);
    expect(isSessionExpired(session, at)).toBe(true);
    expect(isSessionExpired(session, before)).toBe(false);
    expect(isSessionExpired({ expiresAt: '2026-01-01T00:30:00.000Z' }, before)).toBe(true);
    expect(isSessionExpired(session, at)).toBe(true);
  });
});
