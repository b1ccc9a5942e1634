import { describe, expect, it } from 'vitest';
import {
  generateApiKey,
  hashApiKey,
  minApiKeyLength,
  verifyApiKey,
} from '../../../src/adapters/system/index.js';
import * as core from '../../../src/core/index.js';
import * as root from '../../../src/index.js';

const key = 'correct-horse-battery-staple-0123456789';

/** The SHA-256 digest of `text`'s UTF-8 bytes in hex, by WebCrypto: a second implementation to check against. */
async function webSha256(text: string): Promise<string> {
  return Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('hex');
}

describe('generateApiKey', () => {
  it('makes 43 characters of base64url: 32 random bytes, 256 bits', () => {
    const made = generateApiKey();
    expect(made).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(made, 'base64url')).toHaveLength(32);
    expect(made.length).toBeGreaterThanOrEqual(minApiKeyLength);
  });

  it('makes a different key every time, with every bit in use', () => {
    const made = Array.from({ length: 1_000 }, generateApiKey);
    expect(new Set(made).size).toBe(1_000);
    // Over 1,000 keys each of the 256 bit positions is set in some key and clear in another: no fixed bits.
    const set = Array.from(
      { length: 256 },
      (_, bit) =>
        made.filter((text) => ((Buffer.from(text, 'base64url')[bit >> 3] ?? 0) >> (bit & 7)) & 1).length,
    );
    for (const count of set) expect(count).toBeGreaterThan(350);
    for (const count of set) expect(count).toBeLessThan(650);
  });

  it('is exported from the package root with hashApiKey, and from cartwright/core with verifyApiKey', async () => {
    const made = root.generateApiKey();
    expect(await core.verifyApiKey(made, root.hashApiKey(made))).toBe(true);
    expect(core.generateApiKey).toBe(root.generateApiKey);
  });
});

describe('hashApiKey / verifyApiKey', () => {
  const hash = hashApiKey(key);

  it('writes sha256$ and the SHA-256 digest of the key in lower-case hex', async () => {
    expect(hash).toBe(`sha256$${await webSha256(key)}`);
    // As any SHA-256 tool computes it (`printf %s aaa… | sha256sum`).
    expect(hashApiKey('a'.repeat(32))).toBe(
      'sha256$3ba3f5f43b92602683c19aee62a20342b084dd5971ddd33808d81a328879a547',
    );
  });

  it('hashes a key to the same text every time (a 256-bit key needs no salt)', () => {
    expect(hashApiKey(key)).toBe(hash);
    expect(hashApiKey(`${key}!`)).not.toBe(hash);
  });

  it('accepts the right key and refuses a wrong one', async () => {
    expect(await verifyApiKey(key, hash)).toBe(true);
    expect(await verifyApiKey(key.slice(0, -1), hash)).toBe(false);
    expect(await verifyApiKey(`C${key.slice(1)}`, hash)).toBe(false);
    expect(await verifyApiKey(`${key}0`, hash)).toBe(false);
    expect(await verifyApiKey('', hash)).toBe(false);
  });

  it('checks in microseconds, not a slow derivation', async () => {
    const start = performance.now();
    for (let i = 0; i < 200; i += 1) await verifyApiKey(key, hash);
    // 200 scrypt checks would take ten seconds; 200 SHA-256 ones take about a millisecond. The bound is loose
    // enough for a loaded machine and still far below one scrypt run each.
    expect(performance.now() - start).toBeLessThan(2_000);
  });

  it('refuses to hash a key shorter than 32 characters, saying why', () => {
    for (const short of ['', 'let-me-in', 'x'.repeat(31), '🔑'.repeat(31)]) {
      expect(() => hashApiKey(short), short).toThrow(RangeError);
      expect(() => hashApiKey(short), short).toThrow(/at least 32 characters long.*generateApiKey/);
    }
    // Characters, not UTF-16 units: 32 emoji are 32 characters.
    expect(hashApiKey('🔑'.repeat(32))).toMatch(/^sha256\$/);
    expect(hashApiKey('x'.repeat(32))).toMatch(/^sha256\$/);
  });

  it('refuses a short key at login against a sha256$ hash: no key hashApiKey took is that short', async () => {
    // A hash of a short key written by hand (hashApiKey refuses to): the key still never matches it.
    const handMade = `sha256$${await webSha256('let-me-in')}`;
    expect(await verifyApiKey('let-me-in', handMade)).toBe(false);
  });

  it('compares exactly: NULs and lone surrogates are never hashed and never accepted', async () => {
    for (const suffix of ['\0', '\0\0\0', '\0x']) {
      expect(await verifyApiKey(`${key}${suffix}`, hash)).toBe(false);
      expect(() => hashApiKey(`${key}${suffix}`)).toThrow(RangeError);
    }
    expect(() => hashApiKey(`${key}\ud800`)).toThrow(/lone surrogate/);
    // A lone surrogate would hash as U+FFFD does: the key with U+FFFD must not let it in.
    const replaced = hashApiKey(`${key}\ufffd`);
    expect(await verifyApiKey(`${key}\ufffd`, replaced)).toBe(true);
    expect(await verifyApiKey(`${key}\ud800`, replaced)).toBe(false);
  });

  it('handles non-ASCII keys by their UTF-8 bytes', async () => {
    const accented = `clé-🔑-${'0123456789'.repeat(3)}`;
    expect(await verifyApiKey(accented, hashApiKey(accented))).toBe(true);
    expect(await verifyApiKey(accented.replace('é', 'e'), hashApiKey(accented))).toBe(false);
  });

  it('answers false for no hash (an unknown user), after hashing the key as a real check does', async () => {
    expect(await verifyApiKey(key, undefined)).toBe(false);
    expect(await verifyApiKey('', undefined)).toBe(false);
    expect(await verifyApiKey(generateApiKey(), undefined)).toBe(false);
  });

  it('answers false, never rejects, for malformed hashes', async () => {
    const hex = hash.slice('sha256$'.length);
    const malformed = [
      '',
      'sha256',
      'sha256$',
      `SHA256$${hex}`,
      `sha256$${hex.toUpperCase()}`,
      `sha256$${hex}$`,
      `sha256$${hex}0`,
      `sha256$${hex.slice(0, -2)}`,
      `sha256$${hex.slice(0, -1)}g`,
      `sha512$${hex}`,
      `sha256$ ${hex}`,
    ];
    for (const bad of malformed) expect(await verifyApiKey(key, bad), bad).toBe(false);
    const untyped = verifyApiKey as (key: unknown, keyHash: unknown) => Promise<boolean>;
    expect(await untyped(undefined, hash)).toBe(false);
    expect(await untyped(key, null)).toBe(false);
    expect(await untyped(42, 42)).toBe(false);
  });
});

describe('verifyApiKey: scrypt$ hashes of earlier releases still verify', () => {
  // Made by an earlier release's hashApiKey (scrypt, a 16-byte salt, a 32-byte hash) from the key 'let-me-in':
  // stored hashes keep working, short keys and all, so an upgrade locks nobody out.
  const stored = 'scrypt$m5hEOlueONNN33NCfqw4DQ$bkPSY_SsudmdLbm4xPPnphufCExtmXlZlR1HzgNwJns';

  it('accepts the key it was made from and refuses others', async () => {
    expect(await verifyApiKey('let-me-in', stored)).toBe(true);
    expect(await verifyApiKey('let-me-out', stored)).toBe(false);
    expect(await verifyApiKey('', stored)).toBe(false);
  });

  it('refuses the key followed by NULs (scrypt alone derives the same hash for it)', async () => {
    for (const suffix of ['\0', '\0\0\0', '\0x']) {
      expect(await verifyApiKey(`let-me-in${suffix}`, stored)).toBe(false);
    }
  });

  it('does not block the event loop while deriving', async () => {
    // The longest gap between ticks of a 1 ms timer while eight checks run. Synchronous scrypt runs would hold
    // the loop for the whole time they take, so the longest gap would be about all of it; on the thread pool
    // the loop stays free. Compared with the elapsed time, not a fixed bound, so a loaded machine (slower
    // derivations, a late timer now and then) does not make it fail.
    const start = performance.now();
    let last = start;
    let longestGap = 0;
    const ticker = setInterval(() => {
      longestGap = Math.max(longestGap, performance.now() - last);
      last = performance.now();
    }, 1);
    const checks = Array.from({ length: 8 }, () => verifyApiKey('let-me-in', stored));
    expect(await Promise.all(checks)).toEqual(Array.from({ length: 8 }, () => true));
    clearInterval(ticker);
    const elapsed = performance.now() - start;
    longestGap = Math.max(longestGap, performance.now() - last);
    expect(longestGap).toBeLessThan(elapsed / 2);
  });

  it('answers false, never rejects, for malformed scrypt hashes', async () => {
    const [, salt = '', digest = ''] = stored.split('$');
    const malformed = [
      'scrypt',
      'scrypt$$',
      `bcrypt$${salt}$${digest}`,
      `scrypt$${salt}`,
      `scrypt$${salt}$${digest}$extra`,
      `scrypt$${salt}$${digest.slice(0, -1)}!`,
      `scrypt$${salt}$${digest}=`,
      `scrypt$${salt}$${digest.slice(0, -1)}`,
      `scrypt$${salt.slice(0, 4)}$${digest}`,
      `scrypt$${salt}$${'A'.repeat(200)}`,
      `scrypt$${salt}$${digest.slice(0, 20)}`,
      `SCRYPT$${salt}$${digest}`,
    ];
    for (const bad of malformed) expect(await verifyApiKey('let-me-in', bad), bad).toBe(false);
    // A canonical but truncated hash (scrypt's shorter outputs are prefixes of longer ones) must not verify.
    const truncated = Buffer.from(digest, 'base64url').subarray(0, 24).toString('base64url');
    expect(await verifyApiKey('let-me-in', `scrypt$${salt}$${truncated}`)).toBe(false);
  });
});
