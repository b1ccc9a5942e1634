/**
 * Defects that are known and being fixed elsewhere: while they are open, the fuzzer would stop at them on every
 * run and find nothing else. Each entry recognises exactly its own shape of request and answer, and only the
 * violations that defect causes are set aside (and counted). Remove an entry once its fix is merged: the suite
 * then proves the fix on every run.
 */
import type { Call } from './call.js';
import type { Encoded } from './encode.js';
import { hasLoneSurrogate } from './encode-form.js';
import type { Violation } from './oracles.js';
import type { Seen } from './tree.js';

/** What a known defect is judged on. */
export interface Exchange {
  readonly call: Call;
  readonly encoded: Encoded;
  readonly status: number;
  /** The API key of the world. */
  readonly apiKey: string;
  /** Whether the session the request ran in holds text no store can hold (NUL, lone surrogates). */
  readonly sessionHoldsUnstorableText: boolean;
}

export interface KnownDefect {
  readonly name: string;
  /** Whether `violation` of `exchange` is this defect. */
  matches(exchange: Exchange, violation: Violation): boolean;
}

/** The values of the maps where a checkbox list goes: options (single add and rows) and custom fields. */
function listPlaces(seen: Seen): Seen[] {
  const maps = (value: Seen | undefined): Seen[] =>
    typeof value === 'object' && value !== null ? Object.values(value) : [];
  const input =
    typeof seen === 'object' && seen !== null && !Array.isArray(seen) ? (seen as Record<string, Seen>) : {};
  const rows = maps(input.product).flatMap((row) => maps((row as Record<string, Seen> | null)?.option));
  const fields = ['option', 'custom_field', 'payment_custom_field', 'shipping_custom_field'];
  return [...rows, ...fields.flatMap((name) => maps(input[name]))];
}

/** Whether a request sends a list keyed by index: an object keyed 0, 1, …, or a form list written `[0]`, `[1]`. */
function sendsIndexedList(e: Exchange): boolean {
  const formIndexes =
    (e.call.encoding === 'form' || e.call.method === 'GET') && e.call.form.lists === 'index';
  return listPlaces(e.encoded.seen).some((value) => {
    if (Array.isArray(value)) return formIndexes && value.length > 0;
    if (typeof value !== 'object' || value === null) return false;
    const keys = Object.keys(value);
    return keys.length > 0 && keys.every((key) => /^(0|[1-9]\d*)$/.test(key));
  });
}

/** Whether a text holds a NUL or a lone surrogate. */
export function isUnstorable(text: string): boolean {
  return text.includes('\u0000') || hasLoneSurrogate(text);
}

/** The open defects. */
export const knownDefects: readonly KnownDefect[] = [
  {
    name: 'a list written with indexes (`option[223][0]=8`, as PHP writes it) is refused where `[]` works',
    matches: (e, v) => e.status === 422 && v.oracle === 'status' && sendsIndexedList(e),
  },
];

/** The known defect a violation is, if any. */
export function knownDefectOf(exchange: Exchange, violation: Violation): KnownDefect | undefined {
  return knownDefects.find((defect) => defect.matches(exchange, violation));
}
