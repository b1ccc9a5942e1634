/**
 * The demo store under Express 5: `node --import tsx examples/express/server.ts`. The handler reads its own
 * bodies, so no body parser is mounted in front of it.
 */
import { createServer, type Server } from 'node:http';
import express from 'express';
import { type FetchHandler, type NodeListenerOptions, toNodeListener } from '../../src/http/index.js';
import { demoFromEnv, isMain, listenAndAnnounce } from '../shared/demo-env.js';

/** An Express app serving `handler` at every path, wrapped in a node:http server (not yet listening). */
export function createExpressServer(handler: FetchHandler, options: NodeListenerOptions = {}): Server {
  const app = express();
  app.disable('x-powered-by');
  app.use(toNodeListener(handler, options));
  return createServer(app);
}

if (isMain(import.meta.url)) {
  const { env, app } = demoFromEnv();
  listenAndAnnounce('Express', createExpressServer(app.handler), env);
}
