/**
 * `bodyParserErrors(handler)`: an Express (or Connect) error handler for the checkout's routes. A body parser the
 * app registered for every route (`express.json()`, `express.urlencoded()`, `express.raw()`, `express.text()`)
 * fails before cartwright is reached, on a malformed JSON body or one over the parser's limit, and Express then
 * answers with its own HTML error page. Mounted right after the listener, this handler answers those failures
 * as cartwright answers the same request itself: the handler reads the body the parser kept (a malformed JSON
 * body's text) or is told how reading it ended (too large, cut short), and answers in its JSON, with its
 * statuses, texts and CORS headers. Any other error is passed on.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveClient } from './client-address.js';
import { type BodyBytes, type HttpExchange, type HttpReply, jsonReply } from './exchange.js';
import type { FetchHandler } from './fetch-handler.js';
import { lightRequest, lightResponse } from './lightweight.js';
import type { NodeListenerOptions } from './node.js';
import { NodeHeaders, requestUrl } from './node-exchange.js';
import { writeReply, writeResponse } from './node-reply.js';

/** An Express or Connect error handler (four parameters: that is how Express tells one). */
export type NodeErrorHandler = (
  error: unknown,
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/** A body parser's failure, as `body-parser` (Express's parsers, 4 and 5 alike) reports it. */
interface ParserFailure {
  readonly type: string;
  readonly status: number;
  readonly message: string;
  /** The body's text, kept on a parse failure. */
  readonly body?: unknown;
}

/**
 * How each failure the handler can answer itself ends reading the body: the text the parser kept, the body over
 * the limit, or the body cut short. Other failures of the parsers are answered with their status and message.
 */
const replayed: Readonly<Record<string, (failure: ParserFailure) => BodyBytes | undefined>> = {
  'entity.parse.failed': (failure) =>
    typeof failure.body === 'string' ? { bytes: new TextEncoder().encode(failure.body) } : undefined,
  'entity.too.large': () => 'too_large',
  'request.aborted': () => 'incomplete',
  'request.size.invalid': () => 'incomplete',
};

/** Failures of a parser that say nothing about the host's own code (a `verify` hook's refusal is the host's). */
const answered: ReadonlySet<string> = new Set([
  ...Object.keys(replayed),
  'parameters.too.many',
  'charset.unsupported',
  'encoding.unsupported',
]);

/** `error` when it is a body parser's failure this handler answers, else undefined. */
function parserFailure(error: unknown): ParserFailure | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { type, status, statusCode, message, body } = error as Record<string, unknown>;
  const code = typeof status === 'number' ? status : statusCode;
  if (typeof type !== 'string' || !answered.has(type) || typeof code !== 'number') return undefined;
  if (code < 400 || code > 599) return undefined;
  return { type, status: code, message: typeof message === 'string' ? message : type, body };
}

/** The body as a Web `Request` carries it: the bytes, or a stream that fails as reading it ended. */
function webBodyOf(outcome: BodyBytes): ReadableStream<Uint8Array> | Uint8Array {
  if (typeof outcome === 'object') return outcome.bytes;
  const reason = outcome === 'too_large' ? "the body is over the parser's limit" : 'the body was cut short';
  return new ReadableStream({ start: (controller) => controller.error(new Error(reason)) });
}

/** The handler's answer to the request, its body read as `outcome`, asked as every host asks it. */
async function answerWithBody(
  handler: FetchHandler,
  options: NodeListenerOptions,
  req: IncomingMessage,
  outcome: BodyBytes,
): Promise<Response> {
  // The parser undid any transfer or content coding: what the handler is given is the body itself.
  const headers = new NodeHeaders(req.headers, { 'transfer-encoding': null, 'content-encoding': null });
  const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
  const peer = req.socket.remoteAddress ?? '';
  const client = resolveClient({ peer, headers, encrypted, trustProxy: options.trustProxy });
  const url = requestUrl(req.url ?? '/', req.headers.host, client.https);
  const exchange: HttpExchange = {
    method: req.method ?? 'POST',
    url: url.href,
    parsedUrl: url,
    headers,
    hasBody: true,
    readBody: async (maxBytes) =>
      typeof outcome === 'object' && outcome.bytes.byteLength > maxBytes ? 'too_large' : outcome,
  };
  return handler(
    lightRequest(exchange, () => webBodyOf(outcome)),
    client,
  );
}

/** The answer to a failure the handler cannot replay: the parser's status, in cartwright's JSON. */
function failureReply(failure: ParserFailure): HttpReply {
  const warning = `Warning: The request body could not be read (${failure.message})!`;
  return jsonReply(failure.status, { error: { warning } });
}

/**
 * An Express or Connect error handler answering a body parser's failure on the checkout's routes as the fetch
 * handler answers the same request (malformed JSON: 400; over the parser's limit: 413, the text naming the
 * handler's limit; cut short: 400), in JSON, with the handler's CORS headers; and a parser failure it cannot
 * replay (an unsupported charset or content coding, too many parameters) with the parser's status and message,
 * in the same JSON shape. Anything else goes on to the app's next error handler. Mount it right after the
 * listener, on the same path.
 *
 * @param handler - the fetch handler (`createFetchHandler`).
 * @param options - the trusted proxies (as given to `toNodeListener`), and where failures are logged.
 * @example
 * ```ts
 * app.use(express.json()); // for every route, the checkout's included
 * app.use('/index.php', toNodeListener(handler), bodyParserErrors(handler));
 * ```
 */
export function bodyParserErrors(handler: FetchHandler, options: NodeListenerOptions = {}): NodeErrorHandler {
  const logger = options.logger ?? console;
  // Four parameters, always: Express calls only such a function with an error.
  return (error, req, res, next) => {
    const failure = parserFailure(error);
    if (failure === undefined || res.headersSent) return next(error);
    const outcome = replayed[failure.type]?.(failure);
    const answer =
      outcome === undefined
        ? Promise.resolve(lightResponse(failureReply(failure)))
        : answerWithBody(handler, options, req, outcome);
    answer
      .then(
        (response) => writeResponse(response, res),
        (cause: unknown) => {
          logger.error('cartwright: could not answer a body parser failure', cause);
          writeReply(failureReply(failure), res);
        },
      )
      .catch((cause: unknown) => {
        logger.error('cartwright: could not write the answer to a body parser failure', cause);
        res.destroy();
      });
  };
}
