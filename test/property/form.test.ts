/**
 * Property tests for src/http/form.ts: trees of safe keys survive a round trip through bracket notation (and
 * JSON), and no input string, however hostile, makes a parser throw, build a prototype, or pollute one.
 */
import fc from 'fast-check';
import type { Result } from 'neverthrow';
import { afterAll, describe, expect, it } from 'vitest';
import { parseJsonBody } from '../../src/http/form/json.js';
import {
  type BodyLimits,
  type FormError,
  type FormObject,
  type FormValue,
  parseFormEncoded,
  parseQuery,
} from '../../src/http/form.js';

const RUNS = { numRuns: 1000 };
const roomy: BodyLimits = { maxBytes: 10_000_000, maxKeys: 100_000, maxDepth: 10 };
const forbidden = new Set(['__proto__', 'constructor', 'prototype']);
const reasons = new Set(['too_large', 'too_many_keys', 'too_deep', 'forbidden_key', 'malformed']);

// ---------------------------------------------------------------------------------------------------------------
// Generators

/** One character, biased towards the ones the syntax cares about; always well-formed Unicode. */
const char = fc.oneof(
  fc.constantFrom('[', ']', '.', '&', '=', '+', '%', ' ', '_', '#', '?', '0', '5'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
);

const keyText = fc.string({ unit: char, minLength: 1, maxLength: 8 }).filter((key) => !forbidden.has(key));
/** Top-level names: a `[` would open a bracket and a dot would split. */
const rootKey = keyText.filter((key) => !key.includes('[') && !key.includes('.'));
/** Bracket contents: everything up to the first `]` is the key. */
const nestedKey = keyText.filter((key) => !key.includes(']'));

type Tree = { [key: string]: string | string[] | Tree };

function formValue(depth: number): fc.Arbitrary<string | string[] | Tree> {
  const leaves = [
    fc.string({ unit: char, maxLength: 10 }),
    fc.array(fc.string({ unit: char }), { minLength: 1, maxLength: 4 }),
  ];
  return depth <= 1 ? fc.oneof(...leaves) : fc.oneof(...leaves, formObject(nestedKey, depth - 1));
}

function formObject(key: fc.Arbitrary<string>, depth: number): fc.Arbitrary<Tree> {
  return fc.dictionary(key, formValue(depth), { minKeys: 1, maxKeys: 4 });
}

const formTree = formObject(rootKey, 4);

type JsonTree = { [key: string]: JsonValue };
type JsonValue = string | number | boolean | null | JsonValue[] | JsonTree;

/** JSON keys split on dots, so round-tripped keys have none. */
const jsonKey = keyText.filter((key) => !key.includes('.'));

function jsonValue(depth: number): fc.Arbitrary<JsonValue> {
  const scalar = fc.oneof(fc.string({ unit: char }), fc.integer(), fc.boolean(), fc.constant(null));
  if (depth <= 1) return scalar;
  return fc.oneof(
    scalar,
    fc.array(jsonValue(depth - 1), { maxLength: 3 }),
    fc.dictionary(jsonKey, jsonValue(depth - 1), { maxKeys: 3 }),
  );
}

const jsonTree = fc.dictionary(jsonKey, jsonValue(4), { maxKeys: 4 });

/** Strings made of the pieces hostile inputs are built from, so the fuzzing reaches deep into the grammar. */
const hostileText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '[',
        ']',
        '[]',
        '.',
        '&',
        '=',
        '+',
        '%',
        '%5B',
        '%5D',
        '%2E',
        '%zz',
        '%C3',
        '%E0%A4',
        '%ED%A0%80',
      ),
      fc.constantFrom('__proto__', 'constructor', 'prototype', '__pro%74o__', 'a', '0', 'x'),
      fc.constantFrom('{', '}', '"', ':', ',', '\\', '1', 'null', '\ud800', 'é', '😀'),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

const anyText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.string(),
  hostileText,
);

// ---------------------------------------------------------------------------------------------------------------
// Encoders and checks

function encodePart(text: string, plus: boolean): string {
  const encoded = encodeURIComponent(text);
  return plus ? encoded.replaceAll('%20', '+') : encoded;
}

/** Writes a tree as `a[b][c]=v` pairs; arrays as `a[]=v` pushes. Brackets are left raw, names are encoded. */
function encodeForm(tree: Tree, plus: boolean): string {
  const pairs: string[] = [];
  const walk = (node: Tree, prefix: string | undefined): void => {
    for (const [key, value] of Object.entries(node)) {
      const name = prefix === undefined ? encodePart(key, plus) : `${prefix}[${encodePart(key, plus)}]`;
      if (typeof value === 'string') pairs.push(`${name}=${encodePart(value, plus)}`);
      else if (Array.isArray(value))
        for (const item of value) pairs.push(`${name}[]=${encodePart(item, plus)}`);
      else walk(value, name);
    }
  };
  walk(tree, undefined);
  return pairs.join('&');
}

function expectSafe(result: Result<FormObject, FormError>): void {
  if (result.isErr()) {
    expect(reasons.has(result.error.reason)).toBe(true);
    expect(typeof result.error.message).toBe('string');
    return;
  }
  const stack: FormValue[] = [result.value];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) stack.push(...node);
    else {
      expect(Object.getPrototypeOf(node)).toBeNull();
      stack.push(...Object.values(node));
    }
  }
}

afterAll(() => {
  const probe: Record<string, unknown> = {};
  expect(probe.x).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(
    Object.getOwnPropertyNames(Object.getPrototypeOf({})),
  );
  expect(probe.constructor).toBe(Object);
});

// ---------------------------------------------------------------------------------------------------------------

describe('round trips', () => {
  it('a tree of safe keys written in bracket notation parses back to itself', () => {
    fc.assert(
      fc.property(formTree, fc.boolean(), (tree, plus) => {
        const parsed = parseFormEncoded(encodeForm(tree, plus), roomy);
        expect(parsed.isOk()).toBe(true);
        if (parsed.isOk()) expect(parsed.value).toEqual(tree);
      }),
      RUNS,
    );
  });

  it('the same tree read as a query string, from text or URLSearchParams, is the same', () => {
    fc.assert(
      fc.property(formTree, (tree) => {
        const text = encodeForm(tree, true);
        const fromText = parseQuery(`?${text}`, roomy);
        const fromParams = parseQuery(new URLSearchParams(text), roomy);
        expect(fromText.isOk() && fromText.value).toEqual(tree);
        expect(fromParams.isOk() && fromParams.value).toEqual(tree);
      }),
      RUNS,
    );
  });

  it('a JSON tree of dot-free keys parses back to itself', () => {
    fc.assert(
      fc.property(jsonTree, (tree) => {
        const parsed = parseJsonBody(JSON.stringify(tree), roomy);
        expect(parsed.isOk()).toBe(true);
        if (parsed.isOk()) expect(parsed.value).toEqual(tree);
      }),
      RUNS,
    );
  });
});

describe('hostile input', () => {
  it('parseFormEncoded never throws, and builds only null-prototype objects', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expectSafe(parseFormEncoded(text));
        expectSafe(parseFormEncoded(text, roomy));
      }),
      RUNS,
    );
  });

  it('parseQuery never throws', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expectSafe(parseQuery(text));
        expectSafe(parseQuery(new URLSearchParams(text)));
      }),
      RUNS,
    );
  });

  it('parseJsonBody never throws, on any text or any JSON value', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyText,
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        (text) => {
          expectSafe(parseJsonBody(text));
          expectSafe(parseJsonBody(text, roomy));
        },
      ),
      RUNS,
    );
  });

  it('a forbidden word as any segment of any key is refused', () => {
    const word = fc.constantFrom('__proto__', 'constructor', 'prototype', '__pro%74o__', '%5F%5Fproto%5F%5F');
    const shape = fc.constantFrom('w', 'a[w]', 'a[w][x]', 'w[x]', 'a.w', 'w.x', 'a[b].w', 'a[][w]');
    fc.assert(
      fc.property(word, shape, (w, s) => {
        const result = parseFormEncoded(`${s.replace('w', w)}=1`);
        expect(result.isErr() && result.error.reason).toBe('forbidden_key');
      }),
      RUNS,
    );
  });
});
