/**
 * The demo store over node:http: `npm start`. Environment: see `../shared/demo-env.ts`.
 */
import { createServer, type Server } from 'node:http';
import { type FetchHandler, type NodeListenerOptions, toNodeListener } from '../../src/http/index.js';
import { demoFromEnv, isMain, listenAndAnnounce } from '../shared/demo-env.js';

/** A node:http server (not yet listening) serving `handler`. */
export function createNodeHttpServer(handler: FetchHandler, options: NodeListenerOptions = {}): Server {
  return createServer(toNodeListener(handler, options));
}

if (isMain(import.meta.url)) {
  const { env, app } = demoFromEnv();
  listenAndAnnounce('node:http', createNodeHttpServer(app.handler), env);
}
