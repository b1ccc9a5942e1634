import { describe, expect, it } from 'vitest';
import { isStorableText } from '../../src/domain/storable-text.js';

describe('isStorableText', () => {
  it('accepts plain text, text past the surrogates and well-formed pairs', () => {
    for (const text of ['', 'Grace Hopper', 'Zoë Ørsted', '€ 12', '\uE000\uFFFD', '😀', 'a\uD83D\uDE00b']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses a NUL, an unpaired surrogate or a non-character anywhere in the text', () => {
    for (const text of [
      '\0',
      'Grace\0',
      'a\uD800',
      '\uDC00b',
      'x\uFDD0',
      '\uFFFE',
      'ok \uFFFF',
      '\uD83F\uDFFE',
    ]) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    }
  });
});
