/**
 * A node request as the handler's core reads it (an exchange, see `exchange.ts`): its headers read in place, its
 * URL parsed once, its body read straight from the stream, or taken from what a body parser in front left. No Web
 * `Request`, `Headers` or body stream is made.
 *
 * Most Express and Connect apps mount a body parser (`express.json()`, `express.urlencoded()`, `express.raw()`,
 * `express.text()`) in front of everything; it drains the request stream and leaves its result on `req.body` (and
 * some setups keep the exact bytes on `req.rawBody`). The body is then taken from there instead of waiting on a
 * stream that has ended; a body read by someone who kept nothing usable is answered with the fix, named.
 * @module
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { type BodyBytes, type HeaderReader, type HttpExchange, joinChunks } from './exchange.js';

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

/** Header values that replace a request's own (null: the header is gone). */
type ChangedHeaders = Readonly<Record<string, string | null>>;

/** No header changed. */
const unchanged: ChangedHeaders = Object.freeze({});

/**
 * A node request's headers as the handler reads them, with the changes a body parsed in front calls for. A class,
 * so that reading a request's headers makes one object and no functions.
 */
export class NodeHeaders implements HeaderReader {
  readonly #raw: IncomingHttpHeaders;
  readonly #changed: ChangedHeaders;

  /**
   * @param raw - node's `req.headers`
   * @param changed - the values that replace the request's own
   */
  constructor(raw: IncomingHttpHeaders, changed: ChangedHeaders = unchanged) {
    this.#raw = raw;
    this.#changed = changed;
  }

  /** The value of `name` (any case), duplicates joined as `Headers` joins them; null when absent. */
  get(name: string): string | null {
    const key = name.toLowerCase();
    if (this.#changed !== unchanged && Object.hasOwn(this.#changed, key)) return this.#changed[key] ?? null;
    const value = this.#raw[key];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /** Whether the request has `name`. */
  has(name: string): boolean {
    return this.get(name) !== null;
  }

  /** Every header: name in lower case, each `Set-Cookie` on its own. */
  forEach(callback: (value: string, name: string) => void): void {
    const raw = this.#raw;
    const changed = this.#changed;
    for (const name of Object.keys(raw)) {
      const value = raw[name];
      if (value === undefined || Object.hasOwn(changed, name)) continue;
      if (!Array.isArray(value)) callback(value, name);
      else if (name === 'set-cookie') for (const item of value) callback(item, name);
      else callback(value.join(', '), name);
    }
    for (const name of Object.keys(changed)) {
      const value = changed[name];
      if (value !== null && value !== undefined) callback(value, name);
    }
  }
}

/** A `Host` made of name or address characters and a port: one the URL parser reads the same either way. */
const PLAIN_HOST = /^(?:[\w.-]+|\[[\da-fA-F:.]+\])(?::\d{1,5})?$/;

/** Whether `path` starts with one `/` (not `//` or `/\`, which would name another host). */
function isPlainPath(path: string): boolean {
  const second = path.charCodeAt(1);
  return path.charCodeAt(0) === 0x2f && second !== 0x2f && second !== 0x5c;
}

/**
 * The URL of a request (its request target on the `Host` it names); an unusable `Host` header falls back to
 * `localhost`. A plain path on a plain host is parsed as one string, which reads the same as resolving it
 * against the origin and costs one parse instead of two.
 */
export function requestUrl(path: string, host: string | undefined, https: boolean): URL {
  const scheme = https ? 'https://' : 'http://';
  const authority = host ?? 'localhost';
  if (isPlainPath(path) && PLAIN_HOST.test(authority)) {
    try {
      return new URL(scheme + authority + path);
    } catch {
      // A port out of range: the origin is unusable, as below.
    }
  }
  const base = scheme + authority;
  return URL.canParse(path, base)
    ? new URL(path, base)
    : new URL(path.startsWith('/') ? path : '/', `${scheme}localhost`);
}

/**
 * The body of a node request read straight from its stream, up to `maxBytes`: past them the rest is drained and
 * dropped, so the client still gets the answer; `incomplete` when the client goes away first.
 */
function streamNodeBody(req: IncomingMessage, maxBytes: number): Promise<BodyBytes> {
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const finish = (result: BodyBytes): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onGone);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.byteLength;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      finish('too_large');
      req.resume();
    };
    const onEnd = (): void => finish({ bytes: joinChunks(chunks, size) });
    const onGone = (): void => {
      if (!req.readableEnded) finish('incomplete');
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    req.on('close', onGone);
  });
}

/**
 * The bytes of a body that is all in the stream's buffer already (its `Content-Length` of them, within
 * `maxBytes`), taken in one read; undefined when it is not all there yet. The stream is then let run to its end,
 * as a read through events leaves it.
 */
function takeBufferedBody(req: IncomingMessage, maxBytes: number): BodyBytes | undefined {
  const declared = req.headers['content-length'];
  const length = req.readableLength;
  if (declared === undefined || length === 0 || length > maxBytes || length !== Number(declared))
    return undefined;
  if (req.readableDidRead || req.destroyed) return undefined;
  const bytes: Buffer | null = req.read();
  if (bytes === null || bytes.byteLength !== length) return undefined;
  req.resume();
  return { bytes };
}

/**
 * The body of a node request, up to `maxBytes`. node hands a small body over right after the head that started
 * the request, so one microtask later it is usually all buffered: then it is taken in one read, without waiting
 * for the stream's `data` and `end` events. A body still on its way is read as it comes.
 */
async function readNodeBody(req: IncomingMessage, maxBytes: number): Promise<BodyBytes> {
  await undefined;
  return takeBufferedBody(req, maxBytes) ?? streamNodeBody(req, maxBytes);
}

/** The bytes of no body. */
const noBytes: Promise<BodyBytes> = Promise.resolve({ bytes: new Uint8Array() });

/** Reads no body. */
const readNoBody = (): Promise<BodyBytes> => noBytes;

/**
 * The exchange of a node request, or undefined when its body was read by a framework and lost. The body is the
 * request stream, or the bytes a body parser in front left (the headers then describe them: their length, no
 * transfer or content coding, which the parser already undid).
 * @param req - the request
 * @param url - its URL (`requestUrl`)
 * @param headers - its headers as read so far (they change when a parser in front read the body)
 */
export function nodeExchange(req: IncomingMessage, url: URL, headers: NodeHeaders): HttpExchange | undefined {
  const method = req.method ?? 'GET';
  const framed =
    req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  if (method === 'GET' || method === 'HEAD' || !framed) {
    return { method, url: url.href, parsedUrl: url, headers, hasBody: false, readBody: readNoBody };
  }
  const body = nodeBody(req);
  if (body === 'consumed') return undefined;
  if (body === 'unread') {
    const readBody = (maxBytes: number) => readNodeBody(req, maxBytes);
    return { method, url: url.href, parsedUrl: url, headers, hasBody: true, readBody };
  }
  const changed = {
    'transfer-encoding': null,
    'content-encoding': null,
    'content-length': String(body.bytes.byteLength),
  };
  return {
    method,
    url: url.href,
    parsedUrl: url,
    headers: new NodeHeaders(req.headers, changed),
    hasBody: true,
    readBody: async (maxBytes) => (body.bytes.byteLength > maxBytes ? 'too_large' : { bytes: body.bytes }),
  };
}
