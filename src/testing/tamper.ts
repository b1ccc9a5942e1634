/**
 * Trying to change what a port handed out, to check that the change never reaches the store.
 * @module
 */

/** A different value of the same kind: the number plus one, the text with a character more, the flag flipped. */
function changed(value: unknown): unknown {
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'string') return `${value}~`;
  if (typeof value === 'boolean') return !value;
  if (value === null) return 0;
  return {};
}

/**
 * Tries to change every field of `value`, all the way down, and to grow every list in it, ignoring every refusal
 * (a frozen record throws in strict code). A store that hands out its own mutable records shows the changes on
 * its next read; one that hands out copies, or frozen records, does not.
 */
export function tamper(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) tamper(item);
    try {
      value.push(value[0] ?? 0);
    } catch {
      // Refused: the list is frozen.
    }
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    tamper(record[key]);
    try {
      record[key] = changed(record[key]);
    } catch {
      // Refused: the record is frozen.
    }
  }
}
