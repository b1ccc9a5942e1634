/**
 * The body of a node request that a framework may already have read. Most Express and Connect apps mount a body
 * parser (`express.json()`, `express.urlencoded()`, `express.raw()`, `express.text()`) in front of everything; it
 * drains the request stream and leaves its result on `req.body` (and some setups keep the exact bytes on
 * `req.rawBody`). The bridge then takes the body from there instead of waiting on a stream that has ended.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A node request as a framework in front may have left it. */
export interface ParsedNodeRequest extends IncomingMessage {
  /** What a body parser made of the body: an object (JSON, form), a string (text) or the bytes (raw). */
  readonly body?: unknown;
  /** The exact bytes of the body, where a framework or a parser's `verify` hook kept them. */
  readonly rawBody?: unknown;
}

/**
 * Where the body is: still in the stream (`unread`), in bytes a framework left (`bytes`, with the headers that
 * must change to describe them), or read by someone who kept nothing the handler can use (`consumed`).
 */
export type NodeBody = 'unread' | 'consumed' | { readonly bytes: Uint8Array };

const encoder = new TextEncoder();

/** `value` as bytes when it is bytes or text, else undefined. */
function asBytes(value: unknown): Uint8Array | undefined {
  if (value instanceof Uint8Array) return value;
  if (typeof value === 'string') return encoder.encode(value);
  return undefined;
}

/** Whether a `Content-Type` names a form-encoded body. */
function isFormType(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/**
 * The form pairs of a parsed form value, in bracket notation: `{ a: { b: ['x'] } }` is `a[b][0]=x` (how an
 * extended parser reports `a[b][]=x`, which the handler reads the same way).
 */
function formPairs(value: unknown, key: string, pairs: URLSearchParams): void {
  if (typeof value === 'object' && value !== null) {
    for (const [name, item] of Object.entries(value)) formPairs(item, `${key}[${name}]`, pairs);
  } else if (value !== undefined) {
    pairs.append(key, String(value));
  }
}

/** Whether `value` is a list of plain values: how a parser reports a repeated key (`a=1&a=2`). */
function isRepeatedKey(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null);
}

/** A parsed form body written out again. */
function encodeForm(body: object): string {
  const pairs = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
    if (isRepeatedKey(value)) for (const item of value) formPairs(item, name, pairs);
    else formPairs(value, name, pairs);
  }
  return pairs.toString();
}

/**
 * The body of `req`: `unread` while nobody has read the stream (the bridge streams it then, whatever `req.body`
 * holds: Express 4 sets `{}` without reading). Once the stream was read, the exact bytes of `req.rawBody` or of a
 * raw or text parser's `req.body`; else a parsed object written out again, as form pairs for a form-encoded body
 * and as JSON for anything else (a JSON body; or a type the handler refuses, which it then refuses by name).
 */
export function nodeBody(req: ParsedNodeRequest): NodeBody {
  if (!req.readableDidRead && !req.readableEnded) return 'unread';
  const exact = asBytes(req.rawBody) ?? asBytes(req.body);
  if (exact !== undefined) return { bytes: exact };
  const { body } = req;
  if (typeof body !== 'object' || body === null) return 'consumed';
  const text = isFormType(req.headers['content-type']) ? encodeForm(body) : JSON.stringify(body);
  return { bytes: encoder.encode(text) };
}

/** The text a request whose body a framework read and did not keep is answered with: the fix, named. */
export const bodyLostText =
  'Warning: The request body was read before cartwright got it, and nothing usable was kept! Mount cartwright before the body parser, or have the parser leave the body in req.body or req.rawBody.';

/**
 * Answers a request whose body a framework read and did not keep: a server fault (500), since no client can do
 * anything about it. `report` tells the logger (once per listener: every such request fails the same way).
 */
export function answerBodyLost(res: ServerResponse, report: () => void): void {
  report();
  res.statusCode = 500;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify({ error: { warning: bodyLostText } }));
}
