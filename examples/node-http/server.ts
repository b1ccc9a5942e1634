/**
 * cartwright on node:http: `npm run example:node`. The whole server is the fetch handler in `createNodeServer`:
 * `toNodeListener` streams the body to it and passes the socket's address as the client's, and the server is sized
 * so the handler answers oversized query strings and headers itself (413 / 431 with the JSON error body).
 */
import type { AddressInfo } from 'node:net';
import { createNodeServer } from 'cartwright/http';
import { createDemoHandler, demoApiKey, listeningLine } from '../demo-handler.js';

const apiKey = demoApiKey(process.env.CARTWRIGHT_API_KEY);
const host = process.env.HOST ?? '127.0.0.1';
const server = createNodeServer(createDemoHandler({ apiKey }));

server.listen(Number(process.env.PORT ?? 8080), host, () => {
  const { port } = server.address() as AddressInfo;
  console.log(listeningLine('node:http', host, port, apiKey));
});
