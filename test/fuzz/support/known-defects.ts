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

/** Whether a text holds a NUL or a lone surrogate. */
export function isUnstorable(text: string): boolean {
  return text.includes('\u0000') || hasLoneSurrogate(text);
}

/** The open defects. */
export const knownDefects: readonly KnownDefect[] = [];

/** The known defect a violation is, if any. */
export function knownDefectOf(exchange: Exchange, violation: Violation): KnownDefect | undefined {
  return knownDefects.find((defect) => defect.matches(exchange, violation));
}
