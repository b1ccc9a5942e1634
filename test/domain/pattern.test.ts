import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePattern, decodeEntities, matchesPattern } from '../../src/domain/pattern.js';

describe('compilePattern', () => {
  it('compiles the demo Company ID pattern', () => {
    const regex = compilePattern('/^[0-9]{6,8}$/');
    expect(regex).toBeInstanceOf(RegExp);
    expect(regex?.test('123456')).toBe(true);
    expect(regex?.test('12345')).toBe(false);
    expect(regex?.test('123456789')).toBe(false);
  });

  it('takes any punctuation delimiter and the last occurrence ends the body', () => {
    expect(compilePattern('#^a/b$#')?.test('a/b')).toBe(true);
    expect(compilePattern('~^x~y$~')?.test('x~y')).toBe(true);
    expect(compilePattern('{^ab$}')?.test('ab')).toBe(true);
  });

  it('accepts the flags i, m, s, u only', () => {
    expect(compilePattern('/^abc$/i')?.test('ABC')).toBe(true);
    expect(compilePattern('/^a.b$/s')?.test('a\nb')).toBe(true);
    expect(compilePattern('/^b$/m')?.test('a\nb')).toBe(true);
    expect(compilePattern('/^é$/u')?.test('é')).toBe(true);
    expect(compilePattern('/^a$/ii')?.test('A')).toBe(true);
    expect(compilePattern('/^a$/x')).toBeUndefined();
    expect(compilePattern('/^a$/D')).toBeUndefined();
    expect(compilePattern('/^a$/g')).toBeUndefined();
  });

  it('decodes HTML entities first', () => {
    expect(decodeEntities('&amp;&lt;&gt;&quot;&#039;&amp;lt;')).toBe('&<>"\'&lt;');
    expect(compilePattern('/^a&amp;b$/')?.test('a&b')).toBe(true);
    expect(compilePattern('/^&lt;b&gt;$/')?.test('<b>')).toBe(true);
    expect(compilePattern('/^&quot;&#039;$/')?.test('"\'')).toBe(true);
  });

  it('rewrites escaped punctuation, including the escaped delimiter', () => {
    expect(compilePattern('/^\\d{3}\\-\\d{2}$/')?.test('123-45')).toBe(true);
    expect(compilePattern('/^a\\/b$/')?.test('a/b')).toBe(true);
    expect(compilePattern('/^\\\\$/')?.test('\\')).toBe(true);
  });

  it('gives undefined for empty, undelimited or uncompilable patterns', () => {
    for (const bad of [
      '',
      '   ',
      'abc',
      '^a$',
      '\\a\\',
      '/abc',
      '/',
      '/[a/',
      '/^\\A$/',
      '/[[:digit:]]/',
      '/(?i)a/',
    ])
      expect(compilePattern(bad), bad).toBeUndefined();
  });

  it('never throws and never returns a stateful regex', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const regex = compilePattern(s);
        expect(regex === undefined || (!regex.global && !regex.sticky)).toBe(true);
      }),
    );
  });
});

describe('matchesPattern', () => {
  it('treats an empty pattern as no validation', () => {
    expect(matchesPattern('', 'anything')).toBe(true);
  });

  it('fails closed on a pattern it cannot compile', () => {
    expect(matchesPattern('/[a/', 'a')).toBe(false);
    expect(matchesPattern('/^a$/x', 'a')).toBe(false);
    expect(matchesPattern('garbage', 'garbage')).toBe(false);
  });

  it('matches with the compiled pattern', () => {
    expect(matchesPattern('/^[0-9]{6,8}$/', '1234567')).toBe(true);
    expect(matchesPattern('/^[0-9]{6,8}$/', 'abc')).toBe(false);
  });
});
