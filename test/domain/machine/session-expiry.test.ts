import fc from 'fast-check';
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

describe('isSessionExpired, instants written in other forms', () => {
  it('reads an offset or an expanded year as the instant it names', () => {
    const now = '2026-01-01T00:59:59.999Z';
    expect(isSessionExpired({ expiresAt: '2026-01-01T01:30:00.000+01:00' }, now)).toBe(true);
    expect(isSessionExpired({ expiresAt: '2026-01-01T02:30:00.000+01:00' }, now)).toBe(false);
    expect(isSessionExpired({ expiresAt: '+010000-01-01T00:00:00.000Z' }, now)).toBe(false);
    expect(isSessionExpired({ expiresAt: '2026-01-01T01:00:00Z' }, now)).toBe(false);
    expect(isSessionExpired({ expiresAt: '2026-01-01T00:59:59Z' }, now)).toBe(true);
  });
});

describe('isSessionExpired, as instants', () => {
  it('agrees with comparing the instants themselves, in every form', () => {
    const instant = fc.date({
      min: new Date(-8_640_000_000_000),
      max: new Date(8_640_000_000_000),
      noInvalidDate: true,
    });
    const written = instant.chain((date) =>
      fc.constantFrom(date.toISOString(), date.toISOString().replace('.000Z', 'Z'), date.toUTCString()),
    );
    fc.assert(
      fc.property(written, written, (expiresAt, now) => {
        expect(isSessionExpired({ expiresAt }, now)).toBe(Date.parse(expiresAt) <= Date.parse(now));
      }),
    );
  });
});
