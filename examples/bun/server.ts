/**
 * cartwright on Bun: `npm run example:bun` (`bun examples/bun/server.ts`). Bun's server speaks Web `Request` and
 * `Response` already, so the handler is its `fetch`; the client address comes from `server.requestIP(request)`.
 */
import { createDemoHandler, demoApiKey, listeningLine } from '../demo-handler.js';

const apiKey = demoApiKey(process.env.CARTWRIGHT_API_KEY);
const handler = createDemoHandler({ apiKey });
const hostname = process.env.HOST ?? '127.0.0.1';

const server = Bun.serve({
  hostname,
  port: Number(process.env.PORT ?? 8080),
  fetch: (request, server) => handler(request, { ip: server.requestIP(request)?.address ?? '' }),
});

console.log(listeningLine('Bun', hostname, server.port ?? 0, apiKey));
