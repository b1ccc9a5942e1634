/**
 * The demo store under Fastify 5: `node --import tsx examples/fastify/server.ts`. Fastify's body parsers are
 * replaced by one that leaves the body unread, so the handler reads (and bounds) it itself.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { type FetchHandler, type NodeListenerOptions, toNodeListener } from '../../src/http/index.js';
import { demoFromEnv, isMain, printBanner } from '../shared/demo-env.js';

/** A Fastify app (not yet listening) serving `handler` at every path. */
export function createFastifyServer(
  handler: FetchHandler,
  options: NodeListenerOptions = {},
): FastifyInstance {
  const listener = toNodeListener(handler, options);
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  app.all('/*', (request, reply) => {
    reply.hijack();
    listener(request.raw, reply.raw);
  });
  return app;
}

if (isMain(import.meta.url)) {
  const { env, app } = demoFromEnv();
  const server = createFastifyServer(app.handler);
  await server.listen({ host: env.host, port: env.port });
  const address = server.server.address();
  printBanner('Fastify', env, typeof address === 'object' && address !== null ? address.port : env.port);
}
