/**
 * cartwright inside a Fastify 5 app: `npm run example:fastify`. `cartwrightPlugin` serves it at its prefix in
 * its own encapsulation context, so the app's routes keep Fastify's JSON parser and everything else the app set.
 */
import { answerClientError, cartwrightPlugin, nodeServerOptions } from 'cartwright/http';
import Fastify from 'fastify';
import { createDemoHandler, demoApiKey, listeningLine } from '../demo-handler.js';

const apiKey = demoApiKey(process.env.CARTWRIGHT_API_KEY);
const host = process.env.HOST ?? '127.0.0.1';
// Sized for the handler's limits, so it answers oversized query strings and headers itself (413 / 431).
const app = Fastify({ http: nodeServerOptions(), clientErrorHandler: answerClientError });

// The app's own route, parsed by Fastify as usual.
app.post('/hello', async (request) => ({ hello: request.body }));
await app.register(cartwrightPlugin, { prefix: '/index.php', handler: createDemoHandler({ apiKey }) });

await app.listen({ host, port: Number(process.env.PORT ?? 8080) });
const address = app.server.address();
console.log(
  listeningLine('Fastify', host, typeof address === 'object' && address ? address.port : 0, apiKey),
);
