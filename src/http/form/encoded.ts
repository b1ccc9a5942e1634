/**
 * The `application/x-www-form-urlencoded` layer: splitting a body into `name=value` pairs (counting them against
 * `maxKeys` before anything is decoded) and decoding one component (`+` as a space, then percent escapes as
 * UTF-8). What the decoded names mean is left to `keys.ts` and `tree.ts`.
 * @module
 */
import { ok, type Result } from 'neverthrow';
import { malformed, tooManyKeys } from './refusals.js';
import type { BodyLimits, FormError } from './types.js';

/** One `name=value` piece of a form body, still percent-encoded. */
export interface RawPair {
  /** The encoded name: everything before the first `=`. */
  readonly name: string;
  /** The encoded value: everything after the first `=`, or `''` when there is none. */
  readonly value: string;
}

/** Splits on `&` and counts the pairs before any of them is decoded or built. */
export function splitPairs(body: string, limits: BodyLimits): Result<RawPair[], FormError> {
  const pieces = body === '' ? [] : body.split('&').filter((piece) => piece !== '');
  if (pieces.length > limits.maxKeys) return tooManyKeys(limits);
  return ok(pieces.map(splitPair));
}

function splitPair(piece: string): RawPair {
  const eq = piece.indexOf('=');
  return eq === -1 ? { name: piece, value: '' } : { name: piece.slice(0, eq), value: piece.slice(eq + 1) };
}

/** Form decoding: `+` is a space, then percent escapes as UTF-8. A bad escape is an error, not a crash. */
export function decodeComponent(raw: string): Result<string, FormError> {
  const spaced = raw.includes('+') ? raw.replaceAll('+', ' ') : raw;
  if (!spaced.includes('%')) return ok(spaced);
  try {
    return ok(decodeURIComponent(spaced));
  } catch {
    return malformed('a malformed percent escape');
  }
}
