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

/** Every value of a seen input, containers included, depth first. */
function* values(seen: Seen | undefined): Generator<Seen> {
  if (seen === undefined) return;
  yield seen;
  if (typeof seen === 'object' && seen !== null) for (const item of Object.values(seen)) yield* values(item);
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

const holdsLengthMember = (seen: Seen) =>
  [...values(seen)].some(
    (v) => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.hasOwn(v, 'length'),
  );

const holdsUnstorableText = (seen: Seen) =>
  [...values(seen)].some((v) => typeof v === 'string' && isUnstorable(v));

/**
 * Everything a 500 breaks about the answer (its status, the logged failure, the texts and keys the documented
 * refusal would have had), but not the session: a 500 must still leave it as it was.
 */
const anyButModel = (v: Violation) => v.oracle !== 'model';

/** The violations a 5xx causes: the status itself, and the failure the server logs. */
/** Whether text is one or more NUL characters. */
const isNulRun = (text: string) => text.length > 0 && [...text].every((char) => char === '\u0000');

const failure = (v: Violation) => v.oracle === '5xx' || v.oracle === 'status' || v.oracle === 'logged';

/** The open defects. */
export const knownDefects: readonly KnownDefect[] = [
  {
    name: '500 for a field that is an object with a `length` member',
    matches: (e, v) => e.status === 500 && anyButModel(v) && holdsLengthMember(e.encoded.seen),
  },
  {
    name: '500 for an e-mail with a lone surrogate',
    matches: (e, v) =>
      e.status === 500 &&
      anyButModel(v) &&
      typeof e.encoded.seen.email === 'string' &&
      hasLoneSurrogate(e.encoded.seen.email),
  },
  {
    name: 'NUL and lone surrogates accepted in text fields (then 503 from PostgreSQL)',
    matches: (e, v) =>
      (v.oracle === 'model' && v.detail.startsWith('stored text no store can hold')) ||
      (e.status === 503 &&
        failure(v) &&
        (e.sessionHoldsUnstorableText || holdsUnstorableText(e.encoded.seen))),
  },
  {
    name: 'error keys echo client text',
    matches: (_e, v) =>
      v.oracle === 'error-key' &&
      /^error key "(?:(?:(?:payment|shipping)_)?custom_field_.*|(?:product_.*_)?option_.*|product_.*_(?:product|quantity|subscription))"/s.test(
        v.detail,
      ),
  },
  {
    name: 'an API key followed by NUL bytes logs in',
    matches: (e, v) =>
      e.call.route === 'login' &&
      e.status === 200 &&
      v.oracle === 'status' &&
      typeof e.encoded.seen.key === 'string' &&
      e.encoded.seen.key.startsWith(e.apiKey) &&
      isNulRun(e.encoded.seen.key.slice(e.apiKey.length)),
  },
  {
    // Not one of this branch's list: issue 14 (item 2) has it, fixed on another branch.
    name: 'a list written with indexes (`option[223][0]=8`, as PHP writes it) is refused where `[]` works',
    matches: (e, v) => e.status === 422 && v.oracle === 'status' && sendsIndexedList(e),
  },
  {
    name: "a query string over 16 KiB gets Node's bare 431",
    matches: (e, v) =>
      e.encoded.oversizedHead &&
      (e.status === 431 || e.status === 0) &&
      ['answer', 'json', 'header', 'shape'].includes(v.oracle),
  },
];

/** The known defect a violation is, if any. */
export function knownDefectOf(exchange: Exchange, violation: Violation): KnownDefect | undefined {
  return knownDefects.find((defect) => defect.matches(exchange, violation));
}
