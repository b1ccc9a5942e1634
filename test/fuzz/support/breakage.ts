/**
 * The pieces a broken request is made of: what is added to a query string or a body to break it, and which
 * `Content-Type` goes with it. Each kind has several variants; a call's `variant` number picks one, so a
 * request is rebuilt the same way from the same call.
 */

/** Picks the `variant`-th item, modulo the list's length. */
export function pick<T>(items: readonly T[], variant: number): T {
  const item = items[Math.abs(variant) % items.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Media types no body parser reads: a non-empty body of one is 415. */
export const unreadTypes = [
  'text/plain',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'text/json',
  'application/jsonx',
  'application/x-www-form-urlencodedx',
  'text/html; charset=utf-8',
  '',
];

/** Other spellings of the two media types the server reads. */
export const aliases = {
  form: ['application/x-www-form-urlencoded; charset=UTF-8', 'Application/X-WWW-Form-Urlencoded'],
  json: [
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'application/vnd.api+json',
    'application/problem+json',
    'application/json;charset=ISO-8859-1',
  ],
} as const;

/** Form pairs that break a query string or form body (400), already encoded. */
export const brokenPairs = {
  'forbidden-key': [
    '__proto__[x]=1',
    'a[constructor]=1',
    'b.prototype=1',
    '__pro%74o__=1',
    'constructor=1',
    'c[__proto__][d]=1',
    'prototype[]=1',
  ],
  'bad-escape': ['a=%zz', 'a=%', 'a=%E0%A4', 'a=%C0%80', '%zz=1', 'a=%ED%A0%80', 'a=%F4%90%80%80', 'a=%1'],
  'bad-key': ['a[b]c=1', '%5Ba%5D=1', 'a..b=1', 'a.=1', 'a[=1', '.a=1', '[]=1'],
  deep: ['d[a][b][c][d][e]=1', 'd.a.b.c.d.e.f.g=1', 'd[][][][][][]=1', 'd[a].b[c].d[e].f=1'],
} as const;

/** JSON members that break a JSON body (400), as raw member text. */
export const brokenMembers = {
  'forbidden-key': [
    '"__proto__":{"x":1}',
    '"constructor":1',
    '"a.prototype":1',
    '"b":{"__proto__":1}',
    '"c":[{"prototype":1}]',
  ],
  'bad-escape': ['"a":"\\u12"', '"a":"\\x41"', '"a":"\\uZZZZ"', '"a":"tab\tin a string"'],
  'bad-key': ['"a..b":1', '".a":1', '"a.":1', '"a.b..c":1'],
  deep: [
    '"d":{"a":{"b":{"c":{"d":{"e":1}}}}}',
    '"d.a.b.c.d.e":1',
    '"d":[[[[[[1]]]]]]',
    `"d":${'['.repeat(5000)}${']'.repeat(5000)}`,
  ],
} as const;

/** Whole JSON texts that are not a JSON object (400). */
export const notObjects = ['[1,2]', '"text"', 'null', '42', 'true', '[]', '[{"firstname":"Jane"}]'];

/** Ways to break a JSON text's syntax, given the text. */
export const badJson: readonly ((text: string) => string)[] = [
  (text) => text.slice(0, Math.max(1, Math.floor(text.length / 2))),
  (text) => (text === '{}' ? '{,}' : `${text.slice(0, -1)},}`),
  (text) => text.replaceAll('"', "'"),
  (text) => `${text}}`,
  (text) => `/* comment */${text}`,
  (text) => (text === '{}' ? '{"a":NaN}' : `${text.slice(0, -1)},"a":NaN}`),
  (text) => (text === '{}' ? '{a:1}' : `{a:1,${text.slice(1)}`),
];

/** Bytes that are not UTF-8. */
export const badUtf8: readonly Buffer[] = [
  Buffer.from([0xff]),
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
  Buffer.from([0xe2, 0x82]),
];

/** Padding that puts a body over the 64 KiB limit. */
export const oversizePadding = 'x'.repeat(70_000);

/**
 * Padding that puts a query string over the handler's 64 KiB limit (the server takes heads that long, so the
 * handler itself answers them, 413 with the JSON error body).
 */
export const longQueryPadding = 'q'.repeat(70_000);

/** How many fields put a body or query string over the 1,000-field limit. */
export const tooManyFields = 1_001;

/** Well-formed session ids no server issued, and ids no server could issue. */
export const forgedTokens = [
  'ZmFrZS1zZXNzaW9uLWlkLTAwMDAwMDAwMDAw',
  'A'.repeat(32),
  'a'.repeat(129),
  '$(whoami)',
  "' OR '1'='1",
  '../../etc/passwd',
  '0',
];

/** Ways to bend a real session id into one that must not work. */
export const bends: readonly ((token: string) => string)[] = [
  (token) => token.slice(0, -1),
  (token) => `${token}\u0000`,
  (token) => token.toUpperCase(),
  (token) => `${token}x`,
  (token) => `${token}\u0000\u0000\u0000`,
  (token) => token.split('').reverse().join(''),
];
