import { describe, expect, it } from 'vitest';
import { createRandomIdGenerator } from '../../../src/adapters/system/index.js';

describe('createRandomIdGenerator', () => {
  const ids = createRandomIdGenerator();

  it('makes 32-character base64url session ids (192 bits) that do not repeat', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i += 1) {
      const id = ids.newId('session');
      expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(5000);
  });

  it('makes 16-character base64url cart ids (96 bits) that do not repeat', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i += 1) {
      const id = ids.newId('cart');
      expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(5000);
  });

  it('uses the whole alphabet over many ids (no bias towards a subset)', () => {
    const chars = new Set([...Array.from({ length: 500 }, () => ids.newId('session')).join('')]);
    expect(chars.size).toBe(64);
  });

  it('gives an unknown kind (from untyped code) the session size', () => {
    const untyped = ids.newId as (kind: string) => string;
    expect(untyped('other')).toHaveLength(32);
  });
});
