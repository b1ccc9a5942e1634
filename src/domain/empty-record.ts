/**
 * The empty record: one frozen object shared by every empty map of chosen values (a line without options, an
 * account or address without custom fields). A session keeps several of them for as long as it lives, and each
 * would otherwise be an object of its own.
 * @module
 */

/** The shared, frozen empty record. */
export const emptyRecord: Readonly<Record<string, never>> = Object.freeze({});

/** `record`, or the shared {@link emptyRecord} when it has no keys. */
export function orEmptyRecord<T>(record: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  for (const _ in record) return record;
  return emptyRecord;
}
