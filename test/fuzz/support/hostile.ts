/**
 * Hostile values: what an attacker or a broken client puts where a string or an id goes. Texts with NUL, lone
 * surrogates, control and direction characters, markup, numbers in every spelling JSON and PHP clients use,
 * lists and objects where a scalar goes, objects with `length`, `toString` and `valueOf` members, and huge
 * strings.
 */
import fc from 'fast-check';
import { Spelled, type Tree } from './tree.js';

/** Texts chosen for what they break: parsers, trimming, length counts, e-mail checks, databases, keys. */
const nastyTexts = [
  '',
  ' ',
  ' \t\n ',
  'Jane',
  'a\u0000b',
  '\u0000',
  'Jane\u0000',
  'x\ud800',
  '\udfff',
  'x\ud800@example.com',
  'jane@example.com\u0000',
  '\ud83d\ude00',
  '\u202eenaJ',
  '\ufeffJane',
  '\u00a0Jane\u00a0',
  '\u200b',
  'Zoë Ñúñez',
  'Жанна',
  '山田',
  '<b>x</b>',
  '<script>alert(1)</script>',
  '"\'`;--',
  "Robert'); DROP TABLE orders;--",
  '%zz',
  '%00',
  '../../etc/passwd',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text.
  '${7*7}',
  '{{7*7}}',
  'true',
  'false',
  'null',
  'undefined',
  '[object Object]',
  '__proto__',
  'constructor',
  'toString',
  'a'.repeat(32),
  'a'.repeat(33),
  'a'.repeat(129),
  'a'.repeat(1001),
  '\u00e9'.repeat(600),
  'x'.repeat(20_000),
];

/** Numbers as text, the way form clients send them. */
const numericTexts = [
  '0',
  '-0',
  '1',
  '-1',
  '2',
  '1.5',
  '-2.5',
  '1e308',
  '1e309',
  '-1e308',
  '1e3',
  '1E2',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x1F',
  '+1',
  ' 12 ',
  '\u00a012\u00a0',
  '00012',
  '１２',
  '٣',
  '9'.repeat(15),
  '9'.repeat(16),
  '99999',
  '100000',
  '9007199254740993',
  '1,000',
  '1_000',
  '.5',
  '5.',
];

/** Numbers as JSON clients send them (some spelled in ways JSON forbids: the body is then malformed). */
const jsonNumbers: readonly Tree[] = [
  0,
  1,
  -1,
  2,
  1.5,
  -2.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  2 ** 53 + 2,
  1e-7,
  99_999,
  100_000,
  new Spelled('-0'),
  new Spelled('1e308'),
  new Spelled('1e309'),
  new Spelled('-1e309'),
  new Spelled('1.0'),
  new Spelled('1E2'),
  new Spelled('1e-400'),
  new Spelled('123456789012345678901234567890'),
  new Spelled('NaN'),
  new Spelled('Infinity'),
  new Spelled('-Infinity'),
  new Spelled('0x10'),
  new Spelled('+1'),
  new Spelled('.5'),
  new Spelled('01'),
];

/** A hostile text. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyTexts, ...numericTexts) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  {
    weight: 1,
    // Any code point (mapped by hand: fast-check's own full-range unit builds a million-entry table to shrink).
    arbitrary: fc.string({
      unit: fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
      maxLength: 8,
    }),
  },
  {
    weight: 1,
    // Raw UTF-16 units: lone surrogates, controls, non-characters.
    arbitrary: fc.string({
      unit: fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)),
      maxLength: 6,
    }),
  },
);

/** A hostile scalar: text, a number in any spelling, a boolean or null. */
export const hostileLeaf: fc.Arbitrary<Tree> = fc.oneof(
  { weight: 5, arbitrary: hostileText },
  { weight: 2, arbitrary: fc.constantFrom(...jsonNumbers) },
  { weight: 1, arbitrary: fc.constantFrom<Tree>(true, false, null) },
);

/** Member names that mean something to JavaScript objects, arrays, or the parsers. */
export const trickyKeys = [
  'length',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'toJSON',
  'then',
  'isPrototypeOf',
  '__defineGetter__',
  '0',
  '1',
  '-1',
  '00',
  '1e3',
  '4294967295',
  '9007199254740993',
  ' ',
  'x y',
  '<b>x</b>',
  'Ж',
  '\ud83d\ude00',
  'a\u0000b',
  'x\ud800',
  'k'.repeat(300),
];

/** A member name for hostile objects (never one the parser refuses: those are a body breakage of their own). */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...trickyKeys) },
  {
    weight: 1,
    // Never a name that addresses the route or the session: those change what the request is, not its input.
    arbitrary: fc
      .stringMatching(/^[a-z0-9_]{1,8}$/)
      .filter((key) => !['route', 'call', 'code'].includes(key)),
  },
);

/** Objects and lists where a scalar goes, shallow enough to stay within the nesting limit in most places. */
export const hostileContainer: fc.Arbitrary<Tree> = fc.oneof(
  fc.constantFrom<Tree>(
    { length: { a: '1' } },
    { length: {} },
    { length: '1' },
    { length: 1e308 },
    { length: -1 },
    { length: 1, 0: 'x' },
    { toString: 'x' },
    { toString: {} },
    { valueOf: 1 },
    { valueOf: { a: '1' } },
    { toJSON: 'x' },
    // biome-ignore lint/suspicious/noThenProperty: an object that looks like a promise is the point.
    { then: 'x' },
    { hasOwnProperty: '1' },
    { 0: 'a', 1: 'b' },
    ['a', 'b'],
    [],
    {},
    [[]],
    [{}],
    [null],
    ['x\ud800'],
  ),
  fc.array(hostileLeaf, { maxLength: 3 }),
  fc.dictionary(hostileKey, hostileLeaf, { maxKeys: 3 }),
);

/**
 * Values that broke the service before, or that no store can hold: objects with a `length` member, an e-mail
 * with a lone surrogate, NUL, lone surrogates and non-characters in text.
 */
const poison: fc.Arbitrary<Tree> = fc.constantFrom<Tree>(
  { length: { a: '1' } },
  { length: {} },
  'x\ud800@example.com',
  'a\u0000b',
  'Jane\u0000',
  '\ud800',
  'Smith\udfff',
  '\uffff',
  'Jo\ufffe',
);

/** Any hostile value. */
export const hostileValue: fc.Arbitrary<Tree> = fc.oneof(
  { weight: 4, arbitrary: hostileLeaf },
  { weight: 1, arbitrary: hostileContainer },
  { weight: 2, arbitrary: poison },
);
