/**
 * `toNodeListener(handler, options)`: the fetch handler as a `(req, res)` listener for node:http, Express and
 * Connect (`app.use(listener)`), and any framework that hands out node's request and response (Fastify has its
 * own plugin, `cartwrightPlugin`). It converts and nothing more: the handler is asked with a lightweight `Request`
 * over node's request and its lightweight `Response` written to node's (see `lightweight.ts`), as
 * `@hono/node-server` does but with no global patched; the body is read as the handler asks for it (or taken from
 * what a body parser in front left, see `node-exchange.ts`), and the client address is the socket's unless the peer
 * is a trusted proxy.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { normalizeIp, resolveClient, type TrustProxy } from './client-address.js';
import { type BodyBytes, type HttpExchange, type HttpReply, jsonReply } from './exchange.js';
import type { FetchHandler } from './fetch-handler.js';
import { lightRequest, lightResponse } from './lightweight.js';
import {
  answerBodyLost,
  bodyLostText,
  NodeHeaders,
  nodeBody,
  nodeExchange,
  requestUrl,
} from './node-exchange.js';
import { writeResponse } from './node-reply.js';
import type { HttpLogger } from './options.js';
import { defaultHttpTexts, fillText } from './texts.js';

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions {
  /**
   * Proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` headers are believed: exact addresses, or a test.
   * Default none: the client is the socket's peer, whatever the headers say.
   */
  readonly trustProxy?: TrustProxy | undefined;
  /** Receives failures to read the request or write the response; default `console`. */
  readonly logger?: HttpLogger | undefined;
}

/** A node:http request listener (Express and Fastify's `raw` objects are these too). */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Whether the socket is TLS. */
function isEncrypted(req: IncomingMessage): boolean {
  return 'encrypted' in req.socket && req.socket.encrypted === true;
}

/** The next chunk of the request body, null at its end; rejects when the client went away mid-body. */
function nextChunk(req: IncomingMessage): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const events = ['readable', 'end', 'close', 'error'] as const;
    const settle = (error?: unknown): void => {
      const chunk: Buffer | null = error === undefined ? req.read() : null;
      if (error !== undefined) reject(error);
      else if (chunk !== null) resolve(new Uint8Array(chunk));
      else if (req.readableEnded) resolve(null);
      else if (req.destroyed) reject(new Error('the client closed the request before its body ended'));
      else return;
      for (const event of events) req.off(event, settle);
    };
    for (const event of events) req.on(event, settle);
    settle();
  });
}

/**
 * The request body as a stream, for whoever reads the request as a Web `Request` (a host's function wrapping
 * the handler, say). Nothing is read until it asks (a zero high-water mark); when it stops early, the rest is
 * drained and dropped, so the client still gets the answer.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = await nextChunk(req);
        if (chunk === null) controller.close();
        else controller.enqueue(chunk);
      },
      cancel() {
        req.resume();
      },
    },
    { highWaterMark: 0 },
  );
}

/** The body of a node request for a Web `Request`: its stream, or the bytes a body parser in front left. */
function webBody(req: IncomingMessage): ReadableStream<Uint8Array> | Uint8Array | null {
  const body = nodeBody(req);
  if (body === 'unread') return bodyStream(req);
  return body === 'consumed' ? null : body.bytes;
}

/** Whether the client closed the connection before the response was written. */
function clientGone(req: IncomingMessage, res: ServerResponse): boolean {
  return res.destroyed || (req.destroyed && !req.readableEnded);
}

/** Answers a request the listener could not even turn into a `Request`. */
function failRequest(res: ServerResponse): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  res.statusCode = 400;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify({ error: { warning: 'Warning: The request could not be read!' } }));
}

/**
 * Methods the Fetch standard forbids in a `Request` (TRACE would echo the request back, CONNECT and TRACK
 * likewise have no place in an API): no route can take them. They are answered here with the 405 every other
 * method a route does not take gets, naming the methods the API uses, once the handler has measured them as it
 * measures every request (see {@link answerNodeRequest}).
 */
const unservedMethods: ReadonlySet<string> = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** The 405 of a method no fetch handler can be asked about. */
function unservedReply(): HttpReply {
  const warning = fillText(defaultHttpTexts.methodNotAllowed, { method: 'GET, POST' });
  return jsonReply(405, { error: { warning } }, { Allow: 'GET, HEAD, POST' });
}

/** A method no route takes and `new Request` accepts: the stand-in the handler measures an unserved request by. */
const STAND_IN_METHOD = 'PROPFIND';

/** The bytes of no body. */
const noBody = async (): Promise<BodyBytes> => ({ bytes: new Uint8Array() });

/** The client of a node request: the socket's peer, or what a trusted proxy forwarded. */
function nodeClient(req: IncomingMessage, headers: NodeHeaders, trustProxy: TrustProxy | undefined) {
  const peer = req.socket.remoteAddress ?? '';
  const encrypted = isEncrypted(req);
  // Without trusted proxies the client is the peer: what resolveClient answers, without its trust test.
  if (trustProxy === undefined) return { ip: normalizeIp(peer), https: encrypted, from: 'socket' as const };
  return resolveClient({ peer, headers, encrypted, trustProxy });
}

/**
 * What the handler answers a node request, before it is written: its `Response` (a lightweight one, see
 * `lightweight.ts`, unless something on the way made another), or `body_lost` when a framework in front read
 * the body and kept nothing usable (see `answerBodyLost`).
 */
export type NodeAnswer = Response | 'body_lost';

/**
 * The handler's answer to one node request, not written yet: what the listener writes to node's response, and
 * what the Fastify plugin hands to Fastify's reply (so that the host's hooks and plugins see it). The handler is
 * asked as every host asks it, with a `Request`: a lightweight one over node's request (see `lightweight.ts`).
 *
 * A method `new Request` refuses (CONNECT, TRACE, TRACK) is measured first as every request is: the handler is
 * handed a stand-in with the same URL and headers and a method no route takes (it answers 413 or 431 over its
 * limits, else 404 or 405, and never runs an operation), and its 413 or 431 is the answer; anything else, a 405.
 */
export async function answerNodeRequest(
  handler: FetchHandler,
  options: NodeListenerOptions,
  req: IncomingMessage,
): Promise<NodeAnswer> {
  const headers = new NodeHeaders(req.headers);
  const client = nodeClient(req, headers, options.trustProxy);
  const url = requestUrl(req.url ?? '/', req.headers.host, client.https);
  if (unservedMethods.has((req.method ?? '').toUpperCase())) {
    const standIn: HttpExchange = {
      method: STAND_IN_METHOD,
      url: url.href,
      parsedUrl: url,
      headers,
      hasBody: false,
      readBody: noBody,
    };
    const measured = await handler(
      lightRequest(standIn, () => null),
      client,
    );
    return measured.status === 413 || measured.status === 431 ? measured : lightResponse(unservedReply());
  }
  const exchange = nodeExchange(req, url, headers);
  if (exchange === undefined) return 'body_lost';
  return await handler(
    lightRequest(exchange, () => webBody(req)),
    client,
  );
}

/** Serves one request: answers it, then writes the answer. */
async function serve(
  handler: FetchHandler,
  options: NodeListenerOptions,
  exchange: { req: IncomingMessage; res: ServerResponse; reportLostBody: () => void },
): Promise<void> {
  const answer = await answerNodeRequest(handler, options, exchange.req);
  if (answer === 'body_lost') return answerBodyLost(exchange.res, exchange.reportLostBody);
  await writeResponse(answer, exchange.res);
}

/**
 * The fetch handler as a node:http listener.
 *
 * A body parser mounted in front (`express.json()`, `express.urlencoded()`, `express.raw()`, `express.text()`)
 * is fine: the body it parsed, or the bytes it kept on `req.body` or `req.rawBody`, is used. A body read and not
 * kept at all is answered with a 500 that names the fix (and logged once).
 *
 * @param handler - the fetch handler (`createFetchHandler`).
 * @param options - the trusted proxies, and where failures are logged.
 * @example
 * ```ts
 * createServer(toNodeListener(handler)).listen(8080);           // node:http
 * express().use(express.json()).use('/index.php', toNodeListener(handler)); // Express 5
 * ```
 */
export function toNodeListener(handler: FetchHandler, options: NodeListenerOptions = {}): NodeListener {
  const logger = options.logger ?? console;
  let lostBodyReported = false;
  const reportLostBody = (): void => {
    if (lostBodyReported) return;
    lostBodyReported = true;
    logger.error(
      'cartwright: a body parser in front read a request body and kept nothing usable; mount cartwright before it',
      new Error(bodyLostText),
    );
  };
  return (req, res) => {
    serve(handler, options, { req, res, reportLostBody }).catch((error: unknown) => {
      // A client that went away is not a failure of ours: there is nobody to answer and nothing to log.
      if (!clientGone(req, res)) logger.error('cartwright: could not serve a request', error);
      failRequest(res);
    });
  };
}
