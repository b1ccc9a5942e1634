/**
 * PHP's `(int)` cast of a string, which OpenCart applies to `store_id` and `time` before it signs them: leading
 * whitespace is skipped, then the longest numeric prefix is read (`"12abc"` is 12, `"1e3"` is 1000, `"abc"`
 * is 0), a fraction is cut off, and values beyond 64 bits are held at PHP's largest and smallest integers (an
 * infinite float is 0).
 * @module
 */

const PHP_INT_MAX = 9_223_372_036_854_775_807n;
const PHP_INT_MIN = -9_223_372_036_854_775_808n;

/** The numeric prefix PHP reads: sign, digits, an optional fraction and exponent. */
const NUMERIC_PREFIX = /^[ \t\n\r\v\f]*([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)/;

/** `(int)$text`, as the decimal text PHP would then print. */
export function phpIntCast(text: string): string {
  const match = NUMERIC_PREFIX.exec(text);
  const numeric = match?.[1];
  if (numeric === undefined) return '0';
  const whole = /^[+-]?\d+$/.test(numeric)
    ? BigInt(numeric)
    : // A fraction or an exponent: PHP reads a float and truncates it toward zero.
      bigIntOfFloat(Number(numeric));
  if (whole > PHP_INT_MAX) return String(PHP_INT_MAX);
  if (whole < PHP_INT_MIN) return String(PHP_INT_MIN);
  return String(whole);
}

/** A float truncated toward zero, as a bigint; an infinite one (`"1e400"`) is 0, as PHP makes it. */
function bigIntOfFloat(value: number): bigint {
  return Number.isFinite(value) ? BigInt(Math.trunc(value)) : 0n;
}
