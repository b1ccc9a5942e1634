/**
 * Reading ISO-8601 instants as milliseconds, remembering the last one read: every command of a request reads the
 * same "now", and every request on a session reads the same expiry, so most reads are of the text read just
 * before.
 * @module
 */

/** Reads an ISO-8601 instant as milliseconds since the epoch (`NaN` when unreadable). */
export type InstantReader = (iso: string) => number;

/** A reader of instants that keeps the last text it read with its milliseconds (one entry each reader). */
export function createInstantReader(): InstantReader {
  let lastText = '';
  let lastMs = Number.NaN;
  return (iso) => {
    if (iso !== lastText) {
      lastText = iso;
      lastMs = Date.parse(iso);
    }
    return lastMs;
  };
}
