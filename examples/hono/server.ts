/**
 * The demo store under Hono on `@hono/node-server`: `node --import tsx examples/hono/server.ts`. Hono hands the
 * handler the Web `Request` as it is; the client address and whether the socket is TLS come from the connection
 * (`getConnInfo`, the node request's socket), through the same trusted-proxy rule as `toNodeListener`. Globals
 * are left alone (`overrideGlobalObjects: false`). Stores as `npm start` (see `../shared/demo-env.ts`).
 */
import type { Server } from 'node:http';
import { createServer as createHttpsServer, type ServerOptions as TlsServerOptions } from 'node:https';
import { createAdaptorServer, type HttpBindings } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import {
  answerClientError,
  type FetchHandler,
  nodeServerOptions,
  resolveClient,
  type TrustProxy,
} from '../../src/http/index.js';
import { isMain } from '../shared/demo-env.js';
import { listenNodeServer, runDemoServer, type ServeDemo } from '../shared/demo-main.js';

/** Options of {@link createHonoServer}. */
export interface HonoServerOptions {
  /** Proxies whose forwarding headers count; default none. */
  readonly trustProxy?: TrustProxy | undefined;
  /** Serve HTTPS with these TLS options (`key`, `cert`); default plain HTTP. */
  readonly tls?: TlsServerOptions | undefined;
}

/**
 * A Hono app serving `handler` at every path, in a node server (not yet listening): node:http, or node:https
 * when `tls` is given. Whether the client used HTTPS is read from the request's own socket, so it is true
 * exactly when the connection is TLS (or a trusted proxy says so), and the session cookie is `Secure` then.
 */
export function createHonoServer(handler: FetchHandler, options: HonoServerOptions = {}): Server {
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.all('*', (c) => {
    const peer = getConnInfo(c).remote.address ?? '';
    const socket = c.env.incoming.socket;
    const encrypted = 'encrypted' in socket && socket.encrypted === true;
    const client = resolveClient({
      peer,
      headers: c.req.raw.headers,
      encrypted,
      trustProxy: options.trustProxy,
    });
    return handler(c.req.raw, client);
  });
  const fetch = app.fetch;
  // Sized for the handler's limits, so it answers oversized query strings and headers itself (413 / 431).
  const sized = nodeServerOptions();
  const server =
    options.tls === undefined
      ? createAdaptorServer({ fetch, overrideGlobalObjects: false, serverOptions: sized })
      : createAdaptorServer({
          fetch,
          overrideGlobalObjects: false,
          createServer: createHttpsServer,
          serverOptions: { ...sized, ...options.tls },
        });
  return (server as Server).on('clientError', answerClientError);
}

/** Serves the handler under Hono on the environment's host and port (stores as `npm start`). */
export const serveHono: ServeDemo = (handler, env) => listenNodeServer(createHonoServer(handler), env);

if (isMain(import.meta.url)) await runDemoServer('Hono', serveHono);
