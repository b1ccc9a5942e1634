/**
 * `cartwrightPlugin`: the fetch handler as a Fastify plugin. Registered like any plugin, it lives in its own
 * encapsulation context: its content-type parser (one that leaves every body unread, so the handler reads and
 * bounds it itself) applies to its routes only, and the host's own routes keep Fastify's JSON parser and
 * whatever else the host registered. Every answer goes out through Fastify's reply, so the host's hooks and
 * plugins (`onSend`, `@fastify/cors`, `@fastify/helmet`, `@fastify/compress`) see checkout answers as they see
 * their own. Fastify is not a dependency of cartwright: the plugin is typed by the few members it uses.
 * @module
 */
import type { IncomingMessage } from 'node:http';
import type { TrustProxy } from './client-address.js';
import type { FetchHandler } from './fetch-handler.js';
import { lightReplyOf } from './lightweight.js';
import { answerNodeRequest, type NodeAnswer } from './node.js';
import { bodyLostText } from './node-exchange.js';
import type { HttpLogger } from './options.js';

/** The request as the plugin's route receives it: Fastify's, of which only the node request is used. */
export interface FastifyRequestLike {
  readonly raw: IncomingMessage;
}

/** The reply as the plugin's route receives it: Fastify's, through which every answer is sent. */
export interface FastifyReplyLike {
  /** Sets the status. */
  code(statusCode: number): unknown;
  /** Sets a header (`Set-Cookie` takes the list of cookies). */
  header(name: string, value: string | readonly string[]): unknown;
  /** Sends the body through Fastify's `onSend` hooks. */
  send(payload?: string | Uint8Array): unknown;
  /** Whether the client went away before the answer was sent (node's response). */
  readonly raw: { readonly destroyed: boolean };
}

/** The members of a Fastify instance the plugin uses. */
export interface FastifyInstanceLike {
  /** Drops the context's body parsers (the plugin's own context only: it is encapsulated). */
  removeAllContentTypeParsers(): unknown;
  /** Adds a body parser to the context; the plugin's leaves every body unread. */
  addContentTypeParser(
    contentType: string,
    parser: (request: never, payload: never, done: (error: Error | null, body?: undefined) => void) => void,
  ): unknown;
  /** Adds a route for every method at `path` (under the plugin's prefix). */
  all(
    path: string,
    handler: (request: FastifyRequestLike, reply: FastifyReplyLike) => Promise<unknown>,
  ): unknown;
}

/** Options of {@link cartwrightPlugin}, besides Fastify's own (`prefix`). */
export type CartwrightPluginOptions = {
  /** The fetch handler (`createFetchHandler`). */
  readonly handler: FetchHandler;
  /**
   * Proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed (Fastify's own `trustProxy` is not
   * read); default none.
   */
  readonly trustProxy?: TrustProxy | undefined;
  /** Receives failures to read a request or write a response; default `console`. */
  readonly logger?: HttpLogger | undefined;
};

/** The JSON answer's content type, for the answers the plugin makes itself. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** Hands an answer to Fastify's reply: status, headers, cookies, body. */
async function sendAnswer(reply: FastifyReplyLike, answer: Response): Promise<void> {
  const light = lightReplyOf(answer);
  if (light === undefined) {
    reply.code(answer.status);
    answer.headers.forEach((value, name) => {
      if (name !== 'set-cookie') reply.header(name, value);
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    reply.send(new Uint8Array(await answer.arrayBuffer()));
    return;
  }
  reply.code(light.status);
  for (const [name, value] of Object.entries(light.headers)) reply.header(name, value);
  if (light.cookies.length > 0) reply.header('set-cookie', light.cookies);
  // A HEAD's answer has no body and says its own Content-Length, which Fastify then leaves alone.
  if (light.body === null) reply.send();
  else reply.send(light.body);
}

/** Answers with a JSON error of the plugin's own. */
function sendError(reply: FastifyReplyLike, status: number, warning: string): void {
  reply.code(status);
  reply.header('content-type', JSON_TYPE);
  reply.header('cache-control', 'no-store');
  reply.send(JSON.stringify({ error: { warning } }));
}

/**
 * A Fastify plugin serving the handler at the prefix it is registered with (the prefix itself and every path
 * below it; routing is by the query, so the path is the host's choice). Register it without `fastify-plugin`:
 * its content-type parsing must stay inside its own context.
 *
 * @param instance - the plugin's Fastify context.
 * @param options - the handler, the trusted proxies and the logger.
 * @param done - called once the routes are added.
 * @example
 * ```ts
 * const app = Fastify();
 * await app.register(cors, { origin: ['https://shop.example.com'] }); // applies to checkout answers too
 * app.post('/hello', async (request) => ({ hello: request.body })); // the host's JSON route, untouched
 * await app.register(cartwrightPlugin, { prefix: '/index.php', handler });
 * ```
 */
export function cartwrightPlugin(
  instance: FastifyInstanceLike,
  options: CartwrightPluginOptions,
  done: (error?: Error) => void,
): void {
  const logger = options.logger ?? console;
  const listenerOptions = { trustProxy: options.trustProxy, logger };
  let lostBodyReported = false;
  const serve = async (request: FastifyRequestLike, reply: FastifyReplyLike): Promise<unknown> => {
    let answer: NodeAnswer;
    try {
      answer = await answerNodeRequest(options.handler, listenerOptions, request.raw);
    } catch (error) {
      // A client that went away is not a failure of ours: there is nobody to answer and nothing to log.
      if (!reply.raw.destroyed && !request.raw.destroyed)
        logger.error('cartwright: could not serve a request', error);
      sendError(reply, 400, 'Warning: The request could not be read!');
      return reply;
    }
    if (answer === 'body_lost') {
      if (!lostBodyReported) {
        lostBodyReported = true;
        logger.error(
          'cartwright: a hook read a request body and kept nothing usable',
          new Error(bodyLostText),
        );
      }
      sendError(reply, 500, bodyLostText);
      return reply;
    }
    await sendAnswer(reply, answer);
    return reply;
  };
  instance.removeAllContentTypeParsers();
  instance.addContentTypeParser('*', (_request, _payload, parsed) => parsed(null, undefined));
  instance.all('/', serve);
  instance.all('/*', serve);
  done();
}
