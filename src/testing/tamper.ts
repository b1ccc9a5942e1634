/**
 * Trying to change what a port handed out, to check that the change never reaches the store.
 * @module
 */

/** A different value of the same kind (the number plus one, the text with a character more, the flag flipped). */
function changed(value: unknown): unknown {
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'string') return `${value}~`;
  if (typeof value === 'boolean') return !value;
  return value;
}

/**
 * Tries to change every number, text and flag of `value`, all the way down, and to grow every list in it by a
 * copy of its first item, ignoring every refusal (a frozen record throws in strict code). The shape stays as it
 * was, so that what reads the record next fails on a changed value, not on a missing field. A store that hands
 * out its own mutable records shows the changes on its next read; one that hands out copies, or frozen records,
 * does not.
 */
export function tamper(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const field = record[key];
    tamper(field);
    if (typeof field === 'object' || field === undefined) continue;
    try {
      record[key] = changed(field);
    } catch {
      // Refused: the record is frozen.
    }
  }
  if (!Array.isArray(value) || value.length === 0) return;
  try {
    value.push(value[0]);
  } catch {
    // Refused: the list is frozen.
  }
}
