/**
 * The demo store under Fastify 5: `node --import tsx examples/fastify/server.ts`. Fastify's body parsers are
 * replaced by one that leaves the body unread, so the handler reads (and bounds) it itself. Stores as `npm start`
 * (see `../shared/demo-env.ts`).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import {
  answerClientError,
  type FetchHandler,
  type NodeListenerOptions,
  nodeServerOptions,
  toNodeListener,
} from '../../src/http/index.js';
import { isMain } from '../shared/demo-env.js';
import { runDemoServer, type ServeDemo } from '../shared/demo-main.js';

/** A Fastify app (not yet listening) serving `handler` at every path. */
export function createFastifyServer(
  handler: FetchHandler,
  options: NodeListenerOptions = {},
): FastifyInstance {
  const listener = toNodeListener(handler, options);
  // Sized for the handler's limits, so it answers oversized query strings and headers itself (413 / 431).
  const app = Fastify({ http: nodeServerOptions(), clientErrorHandler: answerClientError });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  app.all('/*', (request, reply) => {
    reply.hijack();
    listener(request.raw, reply.raw);
  });
  return app;
}

/** Serves the handler under Fastify on the environment's host and port. */
export const serveFastify: ServeDemo = async (handler, env) => {
  const app = createFastifyServer(handler);
  await app.listen({ host: env.host, port: env.port });
  const address = app.server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : env.port,
    close: () => app.close(),
  };
};

if (isMain(import.meta.url)) await runDemoServer('Fastify', serveFastify);
