import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Js } from '../../src/domain/sha256.js';
import { nativeCryptoOf, sha256Hex } from '../../src/engine/sha256.js';

describe('sha256Hex', () => {
  it('gives the standard test vectors, natively and in plain JavaScript', () => {
    for (const hash of [sha256Hex, sha256Js]) {
      expect(hash('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
      expect(hash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    }
  });

  it('gives the standard test vectors in plain JavaScript', () => {
    expect(sha256Js('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Js('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Js('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('agrees with node:crypto on any text, across block boundaries and multi-byte characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        expect(sha256Js(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      }),
      { numRuns: 500 },
    );
  });
});

describe('nativeCryptoOf', () => {
  it('finds node:crypto through process.getBuiltinModule, and nothing where the runtime has none', () => {
    expect(nativeCryptoOf(globalThis)?.createHash('sha256').update('abc', 'utf8').digest('hex')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(nativeCryptoOf({})).toBeUndefined();
    expect(nativeCryptoOf({ process: {} })).toBeUndefined();
  });

  it("answers nothing, never throws, where process's Node-only members throw when read (edge runtimes)", () => {
    const edgeProcess = new Proxy(
      {},
      {
        get(_target, name) {
          throw new Error(`A Node.js API is used (process.${String(name)}) which is not supported`);
        },
      },
    );
    expect(nativeCryptoOf({ process: edgeProcess })).toBeUndefined();
  });
});
