import { describe, expect, it } from 'vitest';
import { hashApiKey, verifyApiKey } from '../../../src/adapters/system/index.js';

describe('hashApiKey / verifyApiKey', () => {
  const hash = hashApiKey('correct horse battery staple');

  it('writes scrypt$<16-byte salt>$<32-byte hash> in base64url', () => {
    expect(hash).toMatch(/^scrypt\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  });

  it('salts: the same key hashes differently each time, and both verify', () => {
    const again = hashApiKey('correct horse battery staple');
    expect(again).not.toBe(hash);
    expect(verifyApiKey('correct horse battery staple', again)).toBe(true);
  });

  it('accepts the right key and refuses a wrong one', () => {
    expect(verifyApiKey('correct horse battery staple', hash)).toBe(true);
    expect(verifyApiKey('correct horse battery stapl', hash)).toBe(false);
    expect(verifyApiKey('Correct horse battery staple', hash)).toBe(false);
    expect(verifyApiKey('', hash)).toBe(false);
  });

  it('handles empty and non-ASCII keys', () => {
    expect(verifyApiKey('', hashApiKey(''))).toBe(true);
    expect(verifyApiKey('clé-🔑', hashApiKey('clé-🔑'))).toBe(true);
    expect(verifyApiKey('cle-🔑', hashApiKey('clé-🔑'))).toBe(false);
  });

  it('answers false, never throws, for malformed hashes', () => {
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
    for (const bad of malformed) expect(verifyApiKey('correct horse battery staple', bad), bad).toBe(false);
    // A canonical but truncated hash (scrypt's shorter outputs are prefixes of longer ones) must not verify.
    const truncated = Buffer.from(digest, 'base64url').subarray(0, 24).toString('base64url');
    expect(verifyApiKey('correct horse battery staple', `scrypt$${salt}$${truncated}`)).toBe(false);
    const untyped = verifyApiKey as (key: unknown, keyHash: unknown) => boolean;
    expect(untyped(undefined, hash)).toBe(false);
    expect(untyped('correct horse battery staple', null)).toBe(false);
    expect(untyped(42, 42)).toBe(false);
  });
});
