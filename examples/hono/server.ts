/**
 * The demo store under Hono on `@hono/node-server`: `node --import tsx examples/hono/server.ts`. Hono hands the
 * handler the Web `Request` as it is; the client address comes from the connection (`getConnInfo`), through the
 * same trusted-proxy rule as `toNodeListener`. Globals are left alone (`overrideGlobalObjects: false`).
 */
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { type FetchHandler, resolveClient, type TrustProxy } from '../../src/http/index.js';
import { demoFromEnv, isMain, listenAndAnnounce } from '../shared/demo-env.js';

/** A Hono app serving `handler` at every path, in a node:http server (not yet listening). */
export function createHonoServer(handler: FetchHandler, options: { trustProxy?: TrustProxy } = {}): Server {
  const app = new Hono();
  app.all('*', (c) => {
    const peer = getConnInfo(c).remote.address ?? '';
    const client = resolveClient({ peer, headers: c.req.raw.headers, encrypted: false, ...options });
    return handler(c.req.raw, client);
  });
  return createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false }) as Server;
}

if (isMain(import.meta.url)) {
  const { env, app } = demoFromEnv();
  listenAndAnnounce('Hono', createHonoServer(app.handler), env);
}
