/**
 * `cartwrightPlugin`: the fetch handler as a Fastify plugin. Registered like any plugin, it lives in its own
 * encapsulation context: its content-type parser (one that leaves every body unread, so the handler reads and
 * bounds it itself) applies to its routes only, and the host's own routes keep Fastify's JSON parser and
 * whatever else the host registered. Fastify is not a dependency of cartwright: the plugin is typed by the few
 * members it uses.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TrustProxy } from './client-ip.js';
import type { FetchHandler } from './fetch-handler.js';
import { toNodeListener } from './node.js';
import type { HttpLogger } from './options.js';

/** The request as the plugin's route receives it: Fastify's, of which only the node request is used. */
export interface FastifyRequestLike {
  readonly raw: IncomingMessage;
}

/** The reply as the plugin's route receives it: Fastify's, taken over (`hijack`) and written through `raw`. */
export interface FastifyReplyLike {
  readonly raw: ServerResponse;
  /** Tells Fastify that the route writes the response itself. */
  hijack(): unknown;
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
  all(path: string, handler: (request: FastifyRequestLike, reply: FastifyReplyLike) => void): unknown;
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
 * app.post('/hello', async (request) => ({ hello: request.body })); // the host's JSON route, untouched
 * await app.register(cartwrightPlugin, { prefix: '/index.php', handler });
 * ```
 */
export function cartwrightPlugin(
  instance: FastifyInstanceLike,
  options: CartwrightPluginOptions,
  done: (error?: Error) => void,
): void {
  const listener = toNodeListener(options.handler, {
    trustProxy: options.trustProxy,
    logger: options.logger,
  });
  instance.removeAllContentTypeParsers();
  instance.addContentTypeParser('*', (_request, _payload, parsed) => parsed(null, undefined));
  const serve = (request: FastifyRequestLike, reply: FastifyReplyLike): void => {
    reply.hijack();
    listener(request.raw, reply.raw);
  };
  instance.all('/', serve);
  instance.all('/*', serve);
  done();
}
