/**
 * The demo store under Express 5: `node --import tsx examples/express/server.ts`. The handler reads its own
 * bodies, so no body parser is mounted in front of it. Stores as `npm start` (see `../shared/demo-env.ts`).
 */
import { createServer, type Server } from 'node:http';
import express from 'express';
import {
  answerClientError,
  type FetchHandler,
  type NodeListenerOptions,
  nodeServerOptions,
  toNodeListener,
} from '../../src/http/index.js';
import { isMain } from '../shared/demo-env.js';
import { listenNodeServer, runDemoServer, type ServeDemo } from '../shared/demo-main.js';

/** An Express app serving `handler` at every path, wrapped in a node:http server (not yet listening). */
export function createExpressServer(handler: FetchHandler, options: NodeListenerOptions = {}): Server {
  const app = express();
  app.disable('x-powered-by');
  app.use(toNodeListener(handler, options));
  // Sized for the handler's limits, so it answers oversized query strings and headers itself (413 / 431).
  return createServer(nodeServerOptions(), app).on('clientError', answerClientError);
}

/** Serves the handler under Express on the environment's host and port. */
export const serveExpress: ServeDemo = (handler, env) => listenNodeServer(createExpressServer(handler), env);

if (isMain(import.meta.url)) await runDemoServer('Express', serveExpress);
