/**
 * The demo store over node:http: `npm start`. Environment: see `../shared/demo-env.ts` (with
 * `CARTWRIGHT_REDIS_URL` and `CARTWRIGHT_DATABASE_URL`, sessions in Redis and catalog and orders in PostgreSQL).
 */
import type { Server } from 'node:http';
import type { Result } from 'neverthrow';
import { createNodeServer, type FetchHandler, type NodeServerOptions } from '../../src/http/index.js';
import type { FieldErrors } from '../../src/index.js';
import { isMain } from '../shared/demo-env.js';
import {
  listenNodeServer,
  type RunningDemo,
  runDemoServer,
  type ServeDemo,
  type StartDemoOptions,
  startDemoServer,
} from '../shared/demo-main.js';

/**
 * A node:http server (not yet listening) serving `handler`, which answers oversized query strings and headers
 * itself (413 / 431 with the JSON error body).
 */
export function createNodeHttpServer(handler: FetchHandler, options: NodeServerOptions = {}): Server {
  return createNodeServer(handler, options);
}

/** Serves the handler over node:http on the environment's host and port. */
export const serveNodeHttp: ServeDemo = (handler, env) =>
  listenNodeServer(createNodeHttpServer(handler), env);

/**
 * What `npm start` does, from `vars` instead of the process environment and without signal handling: for tests
 * that start the main job in-process (`PORT: '0'` picks a free port).
 */
export function startNodeHttpDemo(
  vars: NodeJS.ProcessEnv,
  options: StartDemoOptions = {},
): Promise<Result<RunningDemo, FieldErrors>> {
  return startDemoServer('node:http', serveNodeHttp, vars, options);
}

if (isMain(import.meta.url)) await runDemoServer('node:http', serveNodeHttp);
