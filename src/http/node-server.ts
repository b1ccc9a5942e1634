/**
 * `createNodeServer(handler, options)`: a node:http server around {@link toNodeListener} that lets the handler
 * answer oversized requests itself. node's parser refuses a request line and headers over 16 KiB by default with
 * a bare 431 and a closed connection, before any listener runs, so a long query string never reached the
 * handler's own 413. The server's limit is raised to the handler's query-string limit plus its header limit, so
 * the handler answers 413 / 431 with the JSON error body; a request head beyond even that gets a JSON 431 from
 * {@link answerClientError}, never a bare close.
 * @module
 */
import { createServer, type Server, type ServerOptions } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FetchHandler } from './fetch-handler.js';
import { type BodyLimits, defaultBodyLimits } from './form.js';
import { type NodeListenerOptions, toNodeListener } from './node.js';
import { defaultMaxHeaderBytes } from './options.js';

/** The handler's limits a node server must let through; both default as the handler's own. */
export interface NodeServerLimits {
  /** The handler's `bodyLimits` (their `maxBytes` bounds the query string). */
  readonly bodyLimits?: BodyLimits | undefined;
  /** The handler's `maxHeaderBytes`. */
  readonly maxHeaderBytes?: number | undefined;
}

/** Options of {@link createNodeServer}: the listener's, and the handler's limits. */
export interface NodeServerOptions extends NodeListenerOptions, NodeServerLimits {}

/** Room for the method, the path before the query and the protocol on the request line. */
const REQUEST_LINE_ROOM = 2048;

/**
 * The node:http server options that let every request the handler answers itself reach it: `maxHeaderSize`
 * (request line and headers together) of the query-string limit, the header limit and room for the rest of the
 * request line. Pass them to `createServer` when you build the server yourself (Express: `createServer(options,
 * app)`), with {@link answerClientError} on its `clientError` event.
 * @param limits - the handler's limits; the handler's defaults when omitted
 */
export function nodeServerOptions(limits: NodeServerLimits = {}): ServerOptions {
  const queryBytes = (limits.bodyLimits ?? defaultBodyLimits).maxBytes;
  return { maxHeaderSize: queryBytes + (limits.maxHeaderBytes ?? defaultMaxHeaderBytes) + REQUEST_LINE_ROOM };
}

/** The texts of the answers to what node's parser refused (the handler's texts never see these requests). */
const clientErrorTexts = {
  tooLarge: 'Warning: The request line and headers are too large!',
  timeout: 'Warning: The request took too long to arrive!',
  unreadable: 'Warning: The request could not be read!',
} as const;

/** A complete HTTP/1.1 response with a JSON error body, never cached (as every answer of the handler), closing the connection. */
function rawJsonResponse(status: number, reason: string, warning: string): string {
  const body = JSON.stringify({ error: { warning } });
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** A socket as node:http hands it to `clientError`, with the response it may be writing. */
interface ClientSocket extends Duplex {
  /** node's own field: the response in flight on this connection, if any. */
  readonly _httpMessage?: { readonly headersSent?: boolean } | null;
}

/**
 * A `clientError` listener for a node:http server: answers what node's parser refused with the JSON error body
 * instead of a bare status line. A request line and headers too large for the server (`HPE_HEADER_OVERFLOW`)
 * are 431 (the parser does not say which part overflowed), a request that took too long is 408, anything else
 * that could not be parsed is 400. Nothing is written when the connection is gone or a response is already on
 * its way (writing then would corrupt it); the socket is closed either way. Nothing is logged: the fault is
 * the client's.
 * @param error - the parser's error (its `code` says what happened)
 * @param socket - the client's connection
 */
export function answerClientError(error: Error & { readonly code?: string }, socket: Duplex): void {
  const inFlight = (socket as ClientSocket)._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent === true) {
    socket.destroy();
    return;
  }
  const response =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? rawJsonResponse(431, 'Request Header Fields Too Large', clientErrorTexts.tooLarge)
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? rawJsonResponse(408, 'Request Timeout', clientErrorTexts.timeout)
        : rawJsonResponse(400, 'Bad Request', clientErrorTexts.unreadable);
  socket.end(response);
}

/**
 * A node:http server (not yet listening) serving `handler`, sized so that the handler answers oversized query
 * strings (413) and headers (431) itself, and answering what node's parser refuses with JSON too (see the
 * module notes). Pass the handler's `bodyLimits` and `maxHeaderBytes` when they are not the defaults.
 * @param handler - the fetch handler (`createFetchHandler`).
 * @param options - the trusted proxies, the logger and the handler's limits.
 * @example
 * ```ts
 * createNodeServer(handler).listen(8080);
 * ```
 */
export function createNodeServer(handler: FetchHandler, options: NodeServerOptions = {}): Server {
  const server = createServer(nodeServerOptions(options), toNodeListener(handler, options));
  return server.on('clientError', answerClientError);
}
