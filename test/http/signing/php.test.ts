/**
 * The PHP side of a signature, case by case where PHP's rules are odd: how `$_POST` and `$_GET` are read (name
 * mangling, brackets, appends, replacements, limits), how OpenCart's `Request::clean` escapes and trims keys and
 * values (and which value survives when two keys clean alike), `(int)`, `urlencode` and MD5.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPhpArray, type PhpValue } from '../../../src/http/signing/php-array.js';
import { phpBuildQuery, phpUrlEncode } from '../../../src/http/signing/php-build-query.js';
import { byteStringOf, bytesOf, utf8TextOf } from '../../../src/http/signing/php-bytes.js';
import { cleanArray } from '../../../src/http/signing/php-clean.js';
import { type PhpInputKind, phpUrlDecode, readPhpInput } from '../../../src/http/signing/php-input.js';
import { phpIntCast } from '../../../src/http/signing/php-int.js';
import { formDigest, scriptDirectory } from '../../../src/http/signing/signed-request.js';
import { buildQuery, type PhpData } from '../support/signing-client.js';

/** A PHP value as ordered [key, value] pairs (objects would reorder integer keys), strings as text. */
function pairs(value: PhpValue): unknown {
  if (!isPhpArray(value)) return utf8TextOf(value) ?? `bytes:${value}`;
  return [...value.entries].map(([key, child]) => [utf8TextOf(key), pairs(child)]);
}

const read = (input: string, kind: PhpInputKind = 'post') => pairs(readPhpInput(byteStringOf(input), kind));
const cleaned = (input: string) => pairs(cleanArray(readPhpInput(byteStringOf(input), 'post')));

describe("PHP's reading of a form", () => {
  it.each([
    [
      'a=1&b=2',
      [
        ['a', '1'],
        ['b', '2'],
      ],
    ],
    ['a+b.c=x+y', [['a_b_c', 'x y']]],
    ['  a=1', [['a', '1']]],
    ['a%00b=1', [['a', '1']]],
    ['=1&&a&', [['a', '']]],
    ['a=%zz%4', [['a', '%zz%4']]],
    [
      'a[]=1&a[]=2',
      [
        [
          'a',
          [
            ['0', '1'],
            ['1', '2'],
          ],
        ],
      ],
    ],
    [
      'a[ ]=1&a[\t]=2',
      [
        [
          'a',
          [
            ['0', '1'],
            ['1', '2'],
          ],
        ],
      ],
    ],
    ['a[ x]=1', [['a', [[' x', '1']]]]],
    [
      'a[5]=x&a[]=y',
      [
        [
          'a',
          [
            ['5', 'x'],
            ['6', 'y'],
          ],
        ],
      ],
    ],
    [
      'a[-5]=x&a[]=y',
      [
        [
          'a',
          [
            ['-5', 'x'],
            ['0', 'y'],
          ],
        ],
      ],
    ],
    [
      'a[01]=x&a[]=y',
      [
        [
          'a',
          [
            ['01', 'x'],
            ['0', 'y'],
          ],
        ],
      ],
    ],
    ['a[b]c=1', [['a', [['b', '1']]]]],
    ['a[b=1', [['a_b', '1']]],
    ['a.b[c d.e=1', [['a_b_c_d_e', '1']]],
    ['a[b][c=1', [['a', [['b', '1']]]]],
    ['a=1&a[b]=2', [['a', [['b', '2']]]]],
    ['a[b]=2&a=1', [['a', '1']]],
    [
      'b=0&a[x]=1&b=2',
      [
        ['b', '2'],
        ['a', [['x', '1']]],
      ],
    ],
    ['[x]=1&.a=1', [['_a', '1']]],
    [
      '__Host-a=1&._Host-b=2&__Secure-c=3&._Secure-d=4&.._Secure-e=5',
      [
        ['__Host-a', '1'],
        ['__Secure-c', '3'],
        ['___Secure-e', '5'],
      ],
    ],
    [
      'option[223][]=8&option[217]=4&option[208]=t',
      [
        [
          'option',
          [
            ['223', [['0', '8']]],
            ['217', '4'],
            ['208', 't'],
          ],
        ],
      ],
    ],
  ] as const)('reads %s', (input, expected) => {
    expect(read(input)).toEqual(expected);
  });

  it('drops a field nested deeper than 64 levels, and keeps one at 64', () => {
    const key = (levels: number) => `a${'[x]'.repeat(levels)}`;
    expect(read(`${key(65)}=1&b=2`)).toEqual([['b', '2']]);
    const kept = readPhpInput(byteStringOf(`${key(64)}=1`), 'post');
    expect(kept.entries.has('a')).toBe(true);
  });

  it('stops after 1,000 fields: a body keeps the 1,001st, a query string does not', () => {
    const fields = Array.from({ length: 1002 }, (_, i) => `f${i}=${i}`).join('&');
    expect(readPhpInput(fields, 'post').entries.size).toBe(1001);
    expect(readPhpInput(fields, 'get').entries.size).toBe(1000);
    // A body's empty pieces count; a query string's do not.
    expect(readPhpInput(`${'&'.repeat(1000)}a=1`, 'post').entries.size).toBe(1);
    expect(readPhpInput(`${'&'.repeat(1001)}a=1`, 'post').entries.size).toBe(0);
    expect(readPhpInput(`${'&'.repeat(1001)}a=1`, 'get').entries.size).toBe(1);
  });
});

describe("OpenCart's Request::clean", () => {
  it.each([
    ['a=+x+', [['a', 'x']]],
    ['a=%0Bx%00', [['a', 'x']]],
    ['a=%0Cx', [['a', '\fx']]],
    ['a=%3Cb%3E+%26amp%3B+%22q%22+%27s%27', [['a', "&lt;b&gt; &amp;amp; &quot;q&quot; 's'"]]],
    [
      'a=%FF&b=%C3%A9',
      [
        ['a', ''],
        ['b', 'é'],
      ],
    ],
    ['a=%ED%A0%80', [['a', '']]],
    ['x[%3Ck%3E]=1', [['x', [['&lt;k&gt;', '1']]]]],
  ] as const)('cleans %s', (input, expected) => {
    expect(cleaned(input)).toEqual(expected);
  });

  it('keeps the value PHP keeps when two keys clean alike', () => {
    expect(cleaned('a%3C=1&a%26lt%3B=2')).toEqual([['a&amp;lt;', '2']]);
    expect(cleaned('a%3C=1&a%26lt%3B=2&a%26amp%3Blt%3B=3')).toEqual([['a&amp;amp;lt;', '3']]);
    expect(cleaned('x[a+]=1&x[a]=2')).toEqual([['x', [['a', '2']]]]);
    expect(cleaned('x[a]=1&x[a+]=2')).toEqual([['x', [['a', '2']]]]);
    expect(cleaned('x[b]=0&x[a+]=1&x[a]=2')).toEqual([
      [
        'x',
        [
          ['b', '0'],
          ['a', '2'],
        ],
      ],
    ]);
  });
});

describe("PHP's (int)", () => {
  it.each([
    ['1795000000', '1795000000'],
    ['12abc', '12'],
    ['abc', '0'],
    ['', '0'],
    [' \t7', '7'],
    ['+5', '5'],
    ['-3', '-3'],
    ['1.9', '1'],
    ['-1.9', '-1'],
    ['.5', '0'],
    ['1e3', '1000'],
    ['1.5e3x', '1500'],
    ['0x1A', '0'],
    ['99999999999999999999', '9223372036854775807'],
    ['-99999999999999999999', '-9223372036854775808'],
    ['1e400', '0'],
  ])('(int)%j is %s', (text, expected) => {
    expect(phpIntCast(text)).toBe(expected);
  });
});

describe('the script directory', () => {
  it.each([
    ['/index.php', '/'],
    ['/', '/'],
    ['/api', '/'],
    ['/shop/index.php', '/shop/'],
    ['/shop/', '/shop/'],
    ['/a/b/index.php/extra', '/a/b/index.php/'],
    ['/sh%20op/index.php', '/sh op/'],
  ])('of %s is %s', (path, expected) => {
    expect(utf8TextOf(scriptDirectory(new URL(`http://h${path}`)))).toBe(expected);
  });
});

describe('properties', () => {
  it('urlencode is undone by urldecode, and is what a PHP client writes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const bytes = byteStringOf(text);
        expect(phpUrlDecode(phpUrlEncode(bytes))).toBe(bytes);
        expect(phpUrlEncode(bytes)).toBe(buildQuery({ k: text }).slice(2));
      }),
    );
  });

  it("the form's digest is node's MD5 of what it signs, whatever the bytes", () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (value) => {
        const body = buildQuery({ k: value });
        const signed = phpBuildQuery(cleanArray(readPhpInput(byteStringOf(body), 'post')));
        expect(formDigest(body)).toBe(createHash('md5').update(bytesOf(signed)).digest('hex'));
      }),
    );
  });

  /** Text OpenCart's cleaning leaves as it is: no `&"<>`, no whitespace or NUL at either end. */
  const plainText = fc
    .string({ unit: 'binary', maxLength: 12 })
    .filter((text) => !/[&"<>]/.test(text) && !/^[\s\0]|[\s\0]$/.test(text));
  const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,5}$/);
  const data = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      plainText,
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(key, tie('value'), { maxKeys: 3 }),
    ),
    form: fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  })).form as fc.Arbitrary<PhpData>;

  it("the server's reading, cleaning and rebuilding of a PHP client's form is that form", () => {
    fc.assert(
      fc.property(data, (form) => {
        const body = buildQuery(form);
        expect(phpBuildQuery(cleanArray(readPhpInput(byteStringOf(body), 'post')))).toBe(body);
        expect(formDigest(body)).toBe(createHash('md5').update(body).digest('hex'));
      }),
    );
  });
});
