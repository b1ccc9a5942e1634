/**
 * Form key paths: a decoded key such as `a.b[c][]` becomes the path `["a", "b", "c", ""]`, where `""` stands
 * for a push. Bracket and dot notation mix freely (PHP's brackets, OpenCart's dots); each segment is checked
 * against `maxDepth` and the forbidden keys as it is read, so a hostile key is refused after one short scan.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { forbiddenKey, forbiddenKeys, malformed, tooDeep } from './refusals.js';
import type { BodyLimits, FormError } from './types.js';

/**
 * Splits a decoded key into its path: `a.b[c][]` → `["a", "b", "c", ""]`, where `""` stands for a push.
 * Refuses the path as soon as it grows past `maxDepth`, so a key with fifty brackets costs one short scan.
 */
export function splitKey(key: string, limits: BodyLimits): Result<string[], FormError> {
  const path: string[] = [];
  let pos = 0;
  while (pos < key.length || path.length === 0) {
    const step = readSegment(key, pos, path.length === 0);
    if (step === undefined) return malformed('a malformed field name');
    const checked = checkSegment(step.segment, path.length, limits);
    if (checked.isErr()) return err(checked.error);
    path.push(step.segment);
    pos = step.next;
  }
  return ok(path);
}

interface Segment {
  readonly segment: string;
  readonly next: number;
}

/** Reads one segment at `pos`: the bare head, `.name`, or `[name]`. `undefined` when the syntax is broken. */
function readSegment(key: string, pos: number, head: boolean): Segment | undefined {
  if (!head && key[pos] === '[') return readBracket(key, pos);
  if (!head && key[pos] !== '.') return undefined; // text after `]` that starts no segment: `a[b]c`
  const start = head ? pos : pos + 1;
  const end = bareEnd(key, start);
  // Empty bare segments (`[a]`, `.a`, `a..b`, `a.`) name nothing.
  return end === start ? undefined : { segment: key.slice(start, end), next: end };
}

function readBracket(key: string, pos: number): Segment | undefined {
  // As in PHP, everything up to the first `]` is the key, dots and `[` included.
  const close = key.indexOf(']', pos + 1);
  return close === -1 ? undefined : { segment: key.slice(pos + 1, close), next: close + 1 };
}

/** Index of the first `[` or `.` at or after `start`, or the key's length. */
function bareEnd(key: string, start: number): number {
  let end = start;
  while (end < key.length && key[end] !== '[' && key[end] !== '.') end++;
  return end;
}

function checkSegment(segment: string, depthSoFar: number, limits: BodyLimits): Result<void, FormError> {
  if (depthSoFar >= limits.maxDepth) return tooDeep(limits);
  if (forbiddenKeys.has(segment)) return forbiddenKey(segment);
  return ok(undefined);
}
