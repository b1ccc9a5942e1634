/**
 * Validation patterns as OpenCart stores them: PHP/PCRE delimited regular expressions (`/^[0-9]{6,8}$/`,
 * `#^a+$#i`), HTML-entity encoded the way OpenCart saves form input. `oc_validate_regex` decodes
 * the entities and matches the whole stored pattern; cartwright turns it into a JavaScript `RegExp` instead.
 *
 * Translation rules (ours):
 * - Entities `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#039;` (and `&#39;`, `&apos;`) are decoded in one pass.
 * - Leading whitespace is skipped (PCRE does the same). The delimiter is the first character, which must not be
 *   alphanumeric, a backslash or whitespace. Bracket delimiters `( [ { <` close with their pair; any other
 *   delimiter closes at its last occurrence. Flags after it may only be `i`, `m`, `s`, `u` (repeats allowed);
 *   `x` and every other PCRE flag make the pattern unusable.
 * - The body is compiled in Unicode mode (`u`), so PCRE-only syntax (`\A`, `\z`, `\h`, `[[:digit:]]`, `\x{41}`,
 *   possessive or atomic groups, …) is a syntax error rather than a silent change of meaning. Escaped ASCII
 *   punctuation (`\-`, `\/`, `\#`) is rewritten as `\xHH` first, since Unicode mode forbids some of those escapes.
 * - Differences kept on purpose: `$` does not match before a final newline (stricter than PCRE), `.` matches one
 *   code point rather than one byte.
 * @module
 */

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
};

const BRACKET_CLOSE: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}', '<': '>' };

/** Decodes the HTML entities OpenCart's input filter writes, in one pass (`&amp;lt;` becomes `&lt;`). */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|apos|#0*39);/g, (entity) =>
    entity.startsWith('&#') ? "'" : (ENTITIES[entity] ?? entity),
  );
}

/** Rewrites `\` + ASCII punctuation as `\xHH`; other escapes pass through unchanged. */
function normaliseEscapes(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const char = body.charAt(i);
    if (char !== '\\' || i + 1 >= body.length) {
      out += char;
      continue;
    }
    const next = body.charAt(i + 1);
    i++;
    out += /^[\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]$/.test(next)
      ? `\\x${next.charCodeAt(0).toString(16).padStart(2, '0')}`
      : `\\${next}`;
  }
  return out;
}

/**
 * Compiles a stored PCRE-style pattern into a `RegExp` (without `g` or `y`, so `test` keeps no state).
 * Returns undefined for an empty pattern and for any pattern that cannot be translated or compiled.
 *
 * @example
 * ```ts
 * compilePattern('/^[0-9]{6,8}$/')?.test('123456'); // true
 * compilePattern('#^abc$#x'); // undefined: extended mode is not supported
 * ```
 */
export function compilePattern(stored: string): RegExp | undefined {
  if (typeof stored !== 'string') return undefined;
  const pattern = decodeEntities(stored).replace(/^\s+/, '');
  const delimiter = pattern.charAt(0);
  if (delimiter === '' || /^[\p{L}\p{N}\\\s]$/u.test(delimiter)) return undefined;
  const closing = BRACKET_CLOSE[delimiter] ?? delimiter;
  const end = pattern.lastIndexOf(closing);
  if (end < 1) return undefined;
  const body = pattern.slice(1, end);
  const flags = pattern.slice(end + 1);
  if (!/^[imsu]*$/.test(flags)) return undefined;
  const jsFlags = [...new Set(`${flags.replace(/u/g, '')}u`)].join('');
  try {
    return new RegExp(normaliseEscapes(body), jsFlags);
  } catch {
    return undefined;
  }
}

/**
 * Whether `value` passes the stored pattern. An empty stored pattern means "no validation" (true). A non-empty
 * pattern that cannot be compiled fails closed (false): bad data never lets input through.
 */
export function matchesPattern(stored: string, value: string): boolean {
  if (stored === '') return true;
  const regex = compilePattern(stored);
  return regex !== undefined && typeof value === 'string' && regex.test(value);
}
