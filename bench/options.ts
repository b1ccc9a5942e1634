/**
 * Command-line options of the bench scripts.
 */

/** A whole number ≥ 1 from the option `name` of `values` (`parseArgs`'), or exit 2 naming it. */
export function wholeOption(values: Readonly<Record<string, unknown>>, name: string): number {
  const value = Number(values[name]);
  if (!Number.isSafeInteger(value) || value < 1) {
    console.error(`--${name} must be a whole number of at least 1`);
    process.exit(2);
  }
  return value;
}
