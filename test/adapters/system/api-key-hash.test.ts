import { describe, expect, it } from 'vitest';
import { hashApiKey, verifyApiKey } from '../../../src/adapters/system/index.js';

describe('hashApiKey / verifyApiKey', () => {
  const hash = hashApiKey('correct horse battery staple');

  it('writes scrypt$<16-byte salt>$<32-byte hash> in base64url', () => {
    expect(hash).toMatch(/^scrypt\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  });

  it('salts: the same key hashes differently each time, and both verify', async () => {
    const again = hashApiKey('correct horse battery staple');
    expect(again).not.toBe(hash);
    expect(await verifyApiKey('correct horse battery staple', again)).toBe(true);
  });

  it('accepts the right key and refuses a wrong one', async () => {
    expect(await verifyApiKey('correct horse battery staple', hash)).toBe(true);
    expect(await verifyApiKey('correct horse battery stapl', hash)).toBe(false);
    expect(await verifyApiKey('Correct horse battery staple', hash)).toBe(false);
    expect(await verifyApiKey('', hash)).toBe(false);
  });

  it('compares exactly: the key followed by NULs is refused (scrypt alone derives the same hash for it)', async () => {
    for (const suffix of ['\0', '\0\0\0', '\0x']) {
      expect(await verifyApiKey(`correct horse battery staple${suffix}`, hash)).toBe(false);
    }
    expect(await verifyApiKey('\0', hashApiKey(''))).toBe(false);
    expect(() => hashApiKey('key\0')).toThrow(RangeError);
  });

  it('handles empty and non-ASCII keys', async () => {
    expect(await verifyApiKey('', hashApiKey(''))).toBe(true);
    expect(await verifyApiKey('clé-🔑', hashApiKey('clé-🔑'))).toBe(true);
    expect(await verifyApiKey('cle-🔑', hashApiKey('clé-🔑'))).toBe(false);
  });

  it('verifies hashes written before the check became asynchronous (the format is unchanged)', async () => {
    // Made by the previous, synchronous implementation (commit 794efdc) from the key 'let-me-in'.
    const stored = 'scrypt$m5hEOlueONNN33NCfqw4DQ$bkPSY_SsudmdLbm4xPPnphufCExtmXlZlR1HzgNwJns';
    expect(await verifyApiKey('let-me-in', stored)).toBe(true);
    expect(await verifyApiKey('let-me-out', stored)).toBe(false);
  });

  it('answers false for no hash (an unknown user), after a derivation as long as a real one', async () => {
    expect(await verifyApiKey('correct horse battery staple', undefined)).toBe(false);
    expect(await verifyApiKey('', undefined)).toBe(false);
    const timed = async (keyHash: string | undefined) => {
      const start = performance.now();
      for (let i = 0; i < 4; i += 1) await verifyApiKey('guess', keyHash);
      return performance.now() - start;
    };
    const [real, decoy] = [await timed(hash), await timed(undefined)];
    // Both run scrypt: the decoy is not the instant answer a malformed hash gets.
    expect(decoy).toBeGreaterThan(real / 3);
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
    const checks = Array.from({ length: 8 }, () => verifyApiKey('correct horse battery staple', hash));
    expect(await Promise.all(checks)).toEqual(Array.from({ length: 8 }, () => true));
    clearInterval(ticker);
    const elapsed = performance.now() - start;
    longestGap = Math.max(longestGap, performance.now() - last);
    expect(longestGap).toBeLessThan(elapsed / 2);
  });

  it('answers false, never rejects, for malformed hashes', async () => {
    const [, salt = '', digest = ''] = hash.split('$');
    const malformed = [
      '',
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
    for (const bad of malformed)
      expect(await verifyApiKey('correct horse battery staple', bad), bad).toBe(false);
    // A canonical but truncated hash (scrypt's shorter outputs are prefixes of longer ones) must not verify.
    const truncated = Buffer.from(digest, 'base64url').subarray(0, 24).toString('base64url');
    expect(await verifyApiKey('correct horse battery staple', `scrypt$${salt}$${truncated}`)).toBe(false);
    const untyped = verifyApiKey as (key: unknown, keyHash: unknown) => Promise<boolean>;
    expect(await untyped(undefined, hash)).toBe(false);
    expect(await untyped('correct horse battery staple', null)).toBe(false);
    expect(await untyped(42, 42)).toBe(false);
  });
});
