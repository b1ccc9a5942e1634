/**
 * One HTTP exchange as the handler reads and answers it: the parts of a request it looks at (method, URL, headers,
 * a body read up to a limit) and a reply (status, headers, cookies, JSON text). A Web `Request` gives these, and
 * so does node's request without becoming one: the node listener hands the handler a lightweight `Request` made
 * from the exchange (see `lightweight.ts`), which spares every request a `Headers`, a body stream and a Web
 * `Response` (together more than the engine spends on a small step) unless something else asks for them.
 *
 * A Web `Request` may come with its body already read, when a fetch-style framework's middleware parsed it from
 * the raw request; the handler answers that one without reading it (see {@link bodyTaken}).
 * @module
 */
import type { HandlerConfig } from './options.js';

/** The headers of a request as the handler reads them; a Web `Headers` is one. */
export interface HeaderReader {
  /** The value of `name` (any case), duplicates joined as `Headers` joins them; null when absent. */
  get(name: string): string | null;
  has(name: string): boolean;
  /** Every header: name in lower case, each `Set-Cookie` on its own. */
  forEach(callback: (value: string, name: string) => void): void;
}

/** What reading a body gave: its bytes, or why there are none. */
export type BodyBytes = { readonly bytes: Uint8Array } | 'too_large' | 'incomplete';

/** The request of an exchange. */
export interface HttpExchange {
  readonly method: string;
  /** The absolute URL. */
  readonly url: string;
  /** {@link url} parsed, when the host parsed it already (the node listener does). */
  readonly parsedUrl?: URL | undefined;
  readonly headers: HeaderReader;
  /** Whether the request has a body to read (a POST with a length or a transfer coding). */
  readonly hasBody: boolean;
  /**
   * The body's bytes: `too_large` as soon as they pass `maxBytes` (the rest is left unread), `incomplete` when
   * the client went away before its end.
   */
  readBody(maxBytes: number): Promise<BodyBytes>;
}

/** The reply of an exchange. */
export interface HttpReply {
  readonly status: number;
  /** The headers but `Set-Cookie`, by name. */
  readonly headers: Readonly<Record<string, string>>;
  /** The `Set-Cookie` headers. */
  readonly cookies: readonly string[];
  /** The body (JSON text), or none. */
  readonly body: string | null;
}

/**
 * The bytes of a body stream; `too_large` once they pass `maxBytes` (the rest is left unread); `incomplete` when
 * the stream fails before its end, which is the client going away mid-body (or its host's stream breaking): an
 * ordinary event on a network, never a bug to log.
 */
async function streamBytes(stream: ReadableStream<Uint8Array>, maxBytes: number): Promise<BodyBytes> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: Awaited<ReturnType<typeof reader.read>>;
    try {
      next = await reader.read();
    } catch {
      return 'incomplete';
    }
    if (next.done) break;
    size += next.value.byteLength;
    if (size > maxBytes) {
      reader.cancel().catch(() => {});
      return 'too_large';
    }
    chunks.push(next.value);
  }
  return { bytes: joinChunks(chunks, size) };
}

/** `chunks` as one array of `size` bytes. */
export function joinChunks(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1 && chunks[0] !== undefined) return chunks[0];
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Where a lightweight `Request` keeps the exchange it was made from (see `lightweight.ts`); it answers
 * undefined once something else has read or changed the request.
 */
export const exchangeKey: unique symbol = Symbol('cartwright.exchange');

/** The exchange a lightweight `Request` was made from, while it is as it was made; undefined otherwise. */
export function lightExchangeOf(request: Request): HttpExchange | undefined {
  return (request as { readonly [exchangeKey]?: HttpExchange | undefined })[exchangeKey];
}

/** The exchange of a Web `Request`. */
export function exchangeOf(request: Request): HttpExchange {
  const { body } = request;
  return {
    method: request.method,
    url: request.url,
    headers: request.headers,
    hasBody: body !== null,
    readBody: (maxBytes) =>
      body === null ? Promise.resolve({ bytes: new Uint8Array() }) : streamBytes(body, maxBytes),
  };
}

/** The Web `Response` of a reply. */
export function responseOf(reply: HttpReply): Response {
  const headers = new Headers(reply.headers);
  for (const cookie of reply.cookies) headers.append('Set-Cookie', cookie);
  return new Response(reply.body, { status: reply.status, headers });
}

/** The headers of every JSON reply: never cached, never sniffed. One object, so a host can write it the fast way. */
export const jsonHeaders: Readonly<Record<string, string>> = Object.freeze({
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
});

/** No headers besides a reply's own. */
export const noHeaders: Readonly<Record<string, string>> = Object.freeze({});

/** No `Set-Cookie` headers. */
const noCookies: readonly string[] = Object.freeze([]);

/** A JSON reply: never cached, never sniffed; without `headers`, its headers are {@link jsonHeaders} itself. */
export function jsonReply(
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = noHeaders,
  cookies: readonly string[] = noCookies,
): HttpReply {
  return {
    status,
    headers: headers === noHeaders ? jsonHeaders : { ...jsonHeaders, ...headers },
    cookies,
    body: JSON.stringify(body),
  };
}

/**
 * Whether `request`'s body was read, or is being read, by someone else: a fetch-style framework's middleware
 * parsed it from the raw request (in Hono, `c.req.json()` or a validator reads `c.req.raw`). The handler cannot
 * read it again.
 */
export function bodyTaken(request: Request): boolean {
  return request.bodyUsed || request.body?.locked === true;
}

/**
 * The answer to a request whose body was taken: a 500 that names the fix (the host's wiring is at fault, no client
 * can change it), logged the first time only, instead of failing on a locked stream as an unexpected error.
 */
export function createBodyTakenReply(config: Pick<HandlerConfig, 'texts' | 'logger'>): () => HttpReply {
  let logged = false;
  return () => {
    const warning = config.texts.bodyAlreadyRead;
    if (!logged) {
      logged = true;
      config.logger.error(
        'cartwright: the host handed the handler a request whose body was already read; hand it one with its body',
        new Error(warning),
      );
    }
    return jsonReply(500, { error: { warning } });
  };
}
