/**
 * A node request as the handler's core reads it (an exchange, see `exchange.ts`): its headers read in place, its
 * URL parsed once, its body read straight from the stream (or taken from what a body parser in front left, see
 * `node-body.ts`). No Web `Request`, `Headers` or body stream is made.
 * @module
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { type BodyBytes, type HeaderReader, type HttpExchange, joinChunks } from './exchange.js';
import { nodeBody } from './node-body.js';

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
