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

/** The violations a 5xx causes: the status itself, and the failure the server logs. */
/** Whether text is one or more NUL characters. */
const isNulRun = (text: string) => text.length > 0 && [...text].every((char) => char === '\u0000');

const failure = (v: Violation) => v.oracle === '5xx' || v.oracle === 'status' || v.oracle === 'logged';

/** The open defects. */
export const knownDefects: readonly KnownDefect[] = [
  {
    name: '500 for a field that is an object with a `length` member',
    matches: (e, v) => e.status === 500 && failure(v) && holdsLengthMember(e.encoded.seen),
  },
  {
    name: '500 for an e-mail with a lone surrogate',
    matches: (e, v) =>
      e.status === 500 &&
      failure(v) &&
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
