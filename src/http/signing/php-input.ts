/**
 * How PHP reads `name=value&…` into `$_POST` (a form body) or `$_GET` (a query string), byte for byte: URL
 * decoding, the mangling of names (spaces and dots before the first `[` become `_`), bracket indices, `[]`
 * appends, a later value replacing an earlier one, and PHP's limits on fields and nesting. OpenCart signs what
 * PHP reads, not what was sent, so this is the first half of checking an OpenCart signature.
 * @module
 */
import { appendEntry, createPhpArray, isPhpArray, type PhpArray, setEntry } from './php-array.js';

/** Which superglobal is being filled: they split and count their fields slightly differently. */
export type PhpInputKind = 'post' | 'get';

/** PHP's defaults: `max_input_vars` and `max_input_nesting_level`. */
const MAX_INPUT_VARS = 1000;
const MAX_NESTING = 64;

/** C's `isspace` in the C locale. */
const C_SPACE = /^[ \t\n\v\f\r]$/;

/** `+` as a space and `%XY` as its byte; a `%` without two hex digits stays as it is (PHP's `urldecode`). */
export function phpUrlDecode(raw: string): string {
  return raw.replace(/\+|%([0-9A-Fa-f]{2})/g, (_match, hex: string | undefined) =>
    hex === undefined ? ' ' : String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/**
 * The fields of a body or query string, each still URL-encoded. A POST body is split on every `&` (an empty
 * piece still counts as a field), a query string by `strtok`, which skips empty pieces.
 */
function piecesOf(input: string, kind: PhpInputKind): string[] {
  const pieces = input.split('&');
  if (kind === 'get') return pieces.filter((piece) => piece !== '');
  // The body's end is not a field: `a=1&` has one.
  if (pieces[pieces.length - 1] === '') pieces.pop();
  return pieces;
}

/** The name with spaces and dots turned into `_` up to the first `[`, and where that `[` is (or -1). */
function mangleBase(name: string): { readonly base: string; readonly bracket: number } {
  const bracket = name.indexOf('[');
  const head = bracket < 0 ? name : name.slice(0, bracket);
  return { base: head.replace(/[ .]/g, '_'), bracket };
}

/**
 * Whether mangling made the name look like a `__Host-` or `__Secure-` cookie name it was not: PHP drops such
 * fields (a guard against cookie-prefix spoofing that applies to every superglobal).
 */
function spoofsCookiePrefix(base: string, name: string): boolean {
  return ['__Host-', '__Secure-'].some((prefix) => base.startsWith(prefix) && !name.startsWith(prefix));
}

/** Stores `value` at `index` of `array`, or appends it when `index` is null. */
function store(array: PhpArray, index: string | null, value: string | PhpArray): boolean {
  if (index === null) return appendEntry(array, value);
  setEntry(array, index, value);
  return true;
}

/** The array at `index` of `array`, made (replacing any string there) unless one is there already. */
function childArray(array: PhpArray, index: string | null): PhpArray | undefined {
  if (index !== null) {
    const existing = array.entries.get(index);
    if (isPhpArray(existing)) return existing;
  }
  const child = createPhpArray();
  return store(array, index, child) ? child : undefined;
}

/**
 * Registers one field as PHP's `php_register_variable_ex` does. `name` is URL-decoded; PHP reads it as a C
 * string, so it ends at its first NUL byte.
 */
function register(root: PhpArray, decodedName: string, value: string): void {
  const nul = decodedName.indexOf('\0');
  const name = (nul < 0 ? decodedName : decodedName.slice(0, nul)).replace(/^ +/, '');
  const { base, bracket } = mangleBase(name);
  if (base === '' || spoofsCookiePrefix(base, name)) return;
  if (bracket < 0) {
    setEntry(root, base, value);
    return;
  }
  let container = root;
  let index: string | null = base;
  let pos = bracket;
  for (let level = 1; ; level++) {
    if (level > MAX_NESTING) {
      // Too deep: PHP drops the whole top-level field.
      root.entries.delete(base);
      return;
    }
    const start = pos + 1;
    const skip = C_SPACE.test(name[start] ?? '') ? start + 1 : start;
    let next: string | null = null;
    if (name[skip] === ']') {
      pos = skip;
    } else {
      const close = name.indexOf(']', skip);
      if (close < 0) {
        // An unclosed `[` is no index: at the top level it and the rest join the name, mangled; deeper down the
        // rest is dropped and the value lands at the index read so far.
        if (level === 1) index = `${base}_${name.slice(start).replace(/[ .[]/g, '_')}`;
        store(container, index, value);
        return;
      }
      next = name.slice(start, close);
      pos = close;
    }
    const child = childArray(container, index);
    if (child === undefined) return;
    container = child;
    index = next;
    pos += 1;
    // Anything after a `]` other than another `[` is ignored.
    if (name[pos] !== '[') {
      store(container, index, value);
      return;
    }
  }
}

/**
 * `$_POST` (kind `post`) or `$_GET` (kind `get`) as PHP would fill it from `input`, a byte string (see
 * `php-bytes.ts`). PHP stops reading after `max_input_vars` (1,000) fields: a body registers the field that
 * goes over the limit, a query string does not.
 */
export function readPhpInput(input: string, kind: PhpInputKind): PhpArray {
  const root = createPhpArray();
  let count = 0;
  for (const piece of piecesOf(input, kind)) {
    if (kind === 'get' && ++count > MAX_INPUT_VARS) break;
    const eq = piece.indexOf('=');
    const rawName = eq < 0 ? piece : piece.slice(0, eq);
    const rawValue = eq < 0 ? '' : piece.slice(eq + 1);
    register(root, phpUrlDecode(rawName), phpUrlDecode(rawValue));
    if (kind === 'post' && ++count > MAX_INPUT_VARS) break;
  }
  return root;
}
