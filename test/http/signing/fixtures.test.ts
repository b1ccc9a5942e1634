/**
 * Every request of the OpenCart fixture file (computed by PHP 8.2 with OpenCart 4.1.0.4's own `Request::clean`
 * and `startup/api.php`) reproduced step by step: the form PHP holds after cleaning, PHP's `http_build_query` of
 * it, the exact text signed, and the signature.
 */
import { describe, expect, it } from 'vitest';
import { isPhpArray, type PhpValue } from '../../../src/http/signing/php-array.js';
import { phpBuildQuery } from '../../../src/http/signing/php-build-query.js';
import { byteStringOf, utf8TextOf } from '../../../src/http/signing/php-bytes.js';
import { cleanArray } from '../../../src/http/signing/php-clean.js';
import { readPhpInput } from '../../../src/http/signing/php-input.js';
import { signatureOf, signingString } from '../../../src/http/signing/signature.js';
import { readSignedRequest } from '../../../src/http/signing/signed-request.js';
import fixtures from '../../fixtures/opencart-signed-requests.json' with { type: 'json' };

/** A PHP value as `json_encode` writes it: a list when its keys are 0, 1, 2, … in order, else an object. */
function phpJson(value: PhpValue): unknown {
  if (!isPhpArray(value)) return utf8TextOf(value);
  const keys = [...value.entries.keys()];
  const values = [...value.entries.values()].map(phpJson);
  if (keys.every((key, index) => key === String(index))) return values;
  return Object.fromEntries(keys.map((key, index) => [utf8TextOf(key), values[index]]));
}

/** The URL a client sends the case to, its signature URL-encoded as OpenCart's example client does. */
function urlOf(fixture: (typeof fixtures.cases)[number]): URL {
  const url = new URL(`http://${fixture.host}${fixture.path}`);
  for (const [name, value] of Object.entries(fixture.query)) url.searchParams.append(name, String(value));
  url.search += `&signature=${encodeURIComponent(fixture.signature)}`;
  return url;
}

describe('OpenCart 4.1 signed-request fixtures', () => {
  it('has the cases it promises', () => {
    expect(fixtures.cases).toHaveLength(8);
  });

  describe.each(fixtures.cases.map((fixture, index) => [index, fixture] as const))(
    'case %i',
    (_, fixture) => {
      const cleaned = cleanArray(readPhpInput(byteStringOf(fixture.body), 'post'));

      it('cleans the form as OpenCart does', () => {
        expect(phpJson(cleaned)).toEqual(fixture.php_post_after_clean);
      });

      it("writes PHP's http_build_query of it, in PHP's key order", () => {
        expect(phpBuildQuery(cleaned)).toBe(fixture.http_build_query);
      });

      it('signs the same text and computes the same signature', async () => {
        const request = readSignedRequest({ url: urlOf(fixture), host: fixture.host, form: fixture.body });
        if (request === undefined) throw new Error('the case was not read as a signed request');
        expect(request.username).toBe(fixture.query.username);
        const text = signingString({ ...request.parts, username: byteStringOf(fixture.query.username) });
        expect(utf8TextOf(text)).toBe(fixture.sign_string);
        expect(signatureOf(fixtures.key, text)).toBe(fixture.signature);
        expect(request.signature).toBe(fixture.signature);
      });
    },
  );
});
