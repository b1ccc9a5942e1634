import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { portableSha256Hex, sha256Hex } from '../../src/domain/sha256-hex.js';

describe('sha256Hex', () => {
  it('gives the SHA-256 of known texts', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    // UTF-8 bytes, not UTF-16 code units: "é" is c3 a9.
    expect(sha256Hex('é')).toBe(portableSha256Hex('\u00e9'));
    expect(sha256Hex('é')).not.toBe(sha256Hex('e\u0301'));
  });

  it('agrees with the portable hash on every text, lone surrogates included (both hash them as U+FFFD)', () => {
    expect(sha256Hex('a\ud800b')).toBe(sha256Hex('a\ufffdb'));
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.string()),
        (text) => {
          expect(sha256Hex(text)).toBe(portableSha256Hex(text));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
