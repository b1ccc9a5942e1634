/**
 * cartwright inside a Hono app on Node (`@hono/node-server`): `npm run example:hono`. Hono hands the handler the
 * Web `Request` as it is, or, when a middleware read the body first (a logger, a validator), a copy carrying the
 * body Hono kept (`cloneRawRequest`); the client address is the connection's (`getConnInfo`). Node's globals are
 * left alone (`overrideGlobalObjects: false`). On Bun, Deno or Workers the same app runs with that runtime's
 * address instead (see the examples beside this one).
 */
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { answerClientError, nodeServerOptions } from 'cartwright/http';
import { Hono } from 'hono';
import { cloneRawRequest } from 'hono/request';
import { createDemoHandler, demoApiKey, listeningLine } from '../demo-handler.js';

const apiKey = demoApiKey(process.env.CARTWRIGHT_API_KEY);
const hostname = process.env.HOST ?? '127.0.0.1';
const handler = createDemoHandler({ apiKey });
const app = new Hono();

// The app's own route.
app.post('/hello', async (c) => c.json({ hello: await c.req.json() }));
app.all('/index.php', async (c) => {
  const request = c.req.raw.bodyUsed ? await cloneRawRequest(c.req) : c.req.raw;
  return handler(request, { ip: getConnInfo(c).remote.address ?? '' });
});

const server = serve(
  {
    fetch: app.fetch,
    hostname,
    port: Number(process.env.PORT ?? 8080),
    overrideGlobalObjects: false,
    // Sized for the handler's limits, so it answers oversized query strings and headers itself (413 / 431).
    serverOptions: nodeServerOptions(),
  },
  (info) => console.log(listeningLine('Hono', hostname, info.port, apiKey)),
);
server.on('clientError', answerClientError);
