import { describe, expect, it } from 'vitest';
import { createMessages } from '../../src/domain/messages.js';
import { parseCurrency } from './support/parsers.js';

const messages = createMessages();

describe('parseCurrency', () => {
  it('reads a three-letter code, trimmed and upper-cased', () => {
    expect(parseCurrency({ currency: 'EUR' }, messages)._unsafeUnwrap()).toEqual({
      type: 'set_currency',
      currency: 'EUR',
    });
    expect(parseCurrency({ currency: ' usd ' }, messages)._unsafeUnwrap().currency).toBe('USD');
  });

  it('anything but three letters is currency: Warning: Currency code is invalid!', () => {
    for (const currency of [
      undefined,
      null,
      '',
      'EU',
      'EURO',
      'E1R',
      'ÄUR',
      978,
      ['EUR'],
      { code: 'EUR' },
      true,
    ])
      expect(parseCurrency({ currency }, messages)._unsafeUnwrapErr(), String(currency)).toEqual({
        kind: 'validation',
        fields: { currency: 'Warning: Currency code is invalid!' },
      });
  });

  it('never throws on a body that is not an object', () => {
    for (const raw of [null, 'EUR', 7, []]) expect(parseCurrency(raw, messages).isErr()).toBe(true);
  });
});
