import { describe, expect, it } from 'vitest';
import { CartwrightInvariantError } from '../../src/domain/errors.js';
import type { IdKind } from '../../src/ports/id-generator.js';
import { createSequentialIds } from '../../src/testing/index.js';

describe('createSequentialIds', () => {
  it('counts from 1 per kind with the default prefix', () => {
    const ids = createSequentialIds();
    expect([ids.newId('session'), ids.newId('cart'), ids.newId('cart'), ids.newId('session')]).toEqual([
      'id-session-1',
      'id-cart-1',
      'id-cart-2',
      'id-session-2',
    ]);
  });

  it('uses the prefix given', () => {
    const ids = createSequentialIds('test_run-7');
    expect(ids.newId('cart')).toBe('test_run-7-cart-1');
  });

  it('is deterministic: two generators give the same sequence, independently', () => {
    const a = createSequentialIds('x');
    const b = createSequentialIds('x');
    const kinds: IdKind[] = ['session', 'cart', 'cart', 'session', 'cart'];
    const fromA = kinds.map((kind) => a.newId(kind));
    expect(kinds.map((kind) => b.newId(kind))).toEqual(fromA);
    expect(a.newId('cart')).toBe('x-cart-4');
  });

  it('never repeats within a kind, and session ids use only the cookie-safe alphabet', () => {
    const ids = createSequentialIds('Sess_ion-0');
    const sessions = Array.from({ length: 1000 }, () => ids.newId('session'));
    expect(new Set(sessions).size).toBe(1000);
    for (const id of sessions) expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it.each(['', 'a b', 'a/b', 'é', 'a.b', 'a;b'])('refuses the prefix %j', (prefix) => {
    expect(() => createSequentialIds(prefix)).toThrow(CartwrightInvariantError);
  });

  it('refuses an unknown kind from untyped callers', () => {
    const ids = createSequentialIds();
    expect(() => ids.newId('../x' as IdKind)).toThrow(CartwrightInvariantError);
  });
});
