/**
 * Writing a parameter tree as `application/x-www-form-urlencoded` pairs (a body or a query string), in the
 * notations clients use: PHP brackets (`a[b][c]`), the seed's dots (`a.b.c`), brackets percent-encoded
 * (`a%5Bb%5D`), lists pushed (`a[]=x`) or indexed (`a[0]=x`), and decoy pairs the real ones override.
 */
import { formText, isList, isRecord, type Tree } from './tree.js';

/** How keys and lists are written. */
export interface FormStyle {
  readonly keys: 'brackets' | 'dots' | 'encoded';
  readonly lists: 'push' | 'index';
  /** Writes a pair with another value before some pairs; the later pair wins, so the meaning is unchanged. */
  readonly decoys: boolean;
  /** Writes spaces as `+` rather than `%20`. */
  readonly plus: boolean;
}

/** One pair, before percent-encoding: its key path (`''` is a push) and its text. */
export interface FormPair {
  readonly path: readonly string[];
  readonly text: string;
}

/** What the pairs are, and what the server's parser will make of them. */
export interface FormEncoding {
  readonly text: string;
  readonly pairs: number;
  /** The longest key path. */
  readonly depth: number;
  /** Whether some key or value holds a lone surrogate, which UTF-8 cannot carry: the parser refuses it. */
  readonly unencodable: boolean;
}

/** The pairs of a tree under `path`, in the order the tree lists them. */
export function formPairs(tree: Tree, style: FormStyle, path: readonly string[] = []): FormPair[] {
  if (isRecord(tree)) {
    return Object.entries(tree).flatMap(([key, value]) => formPairs(value, style, [...path, key]));
  }
  if (isList(tree)) {
    const push = style.lists === 'push' && tree.every((item) => !isRecord(item) && !isList(item));
    return tree.flatMap((item, i) => formPairs(item, style, [...path, push ? '' : String(i)]));
  }
  return [{ path, text: formText(tree) }];
}

/** Whether a string holds a UTF-16 surrogate without its partner. */
export function hasLoneSurrogate(text: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

/**
 * Percent-encodes text as UTF-8, leaving only letters, digits and `-_.~*` bare (and brackets when asked). A lone
 * surrogate is written as the three bytes a careless encoder would emit (`%ED%A0%80`): not UTF-8, so refused.
 */
export function percentEncode(text: string, options: { brackets?: boolean; plus?: boolean } = {}): string {
  let out = '';
  for (const char of text) {
    if (/^[A-Za-z0-9\-_.~*]$/.test(char) || (options.brackets === true && (char === '[' || char === ']'))) {
      out += char;
    } else if (char === ' ' && options.plus === true) {
      out += '+';
    } else {
      const unit = char.codePointAt(0) ?? 0;
      const bytes =
        unit >= 0xd800 && unit <= 0xdfff
          ? [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
          : [...Buffer.from(char, 'utf8')];
      out += bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
    }
  }
  return out;
}

/** A key path in the chosen notation; a segment the dot notation cannot carry is bracketed. */
export function writeKey(path: readonly string[], style: FormStyle): string {
  const [head = '', ...rest] = path;
  if (head === '' || /[[\].]/.test(head)) throw new Error(`the fuzzer built an unwritable key head: ${head}`);
  let key = percentEncode(head, { plus: style.plus });
  for (const segment of rest) {
    if (segment.includes(']')) throw new Error(`the fuzzer built an unwritable key segment: ${segment}`);
    const dotted = style.keys === 'dots' && segment !== '' && !/[[.]/.test(segment);
    const inner = percentEncode(segment, { plus: style.plus });
    if (dotted) key += `.${inner}`;
    else if (style.keys === 'encoded') key += `%5B${inner}%5D`;
    else key += `[${inner}]`;
  }
  return key;
}

/** A decoy value: any other text than the real one. */
function decoyOf(text: string): string {
  return text === 'decoy' ? 'other decoy' : 'decoy';
}

/**
 * Writes the pairs. A decoy goes before every third pair whose key names one value (not a push, which would
 * append instead of replace).
 */
export function encodeForm(pairs: readonly FormPair[], style: FormStyle): FormEncoding {
  const written: string[] = [];
  let depth = 0;
  let unencodable = false;
  pairs.forEach((pair, i) => {
    const key = writeKey(pair.path, style);
    const value = percentEncode(pair.text, { plus: style.plus });
    if (style.decoys && i % 3 === 0 && !pair.path.includes('')) {
      written.push(`${key}=${percentEncode(decoyOf(pair.text))}`);
    }
    written.push(`${key}=${value}`);
    depth = Math.max(depth, pair.path.length);
    unencodable ||= hasLoneSurrogate(pair.text) || pair.path.some(hasLoneSurrogate);
  });
  return { text: written.join('&'), pairs: written.length, depth, unencodable };
}
