/**
 * cartwright inside an Express 5 app: `npm run example:express`. The app keeps its own routes and its body
 * parsers; cartwright is mounted at `/index.php` and takes the body the parsers already read, and
 * `bodyParserErrors` answers the parsers' failures on its routes (malformed JSON, a body too large) in
 * cartwright's JSON rather than Express's HTML error page.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientError, bodyParserErrors, nodeServerOptions, toNodeListener } from 'cartwright/http';
import express from 'express';
import { createDemoHandler, demoApiKey, listeningLine } from '../demo-handler.js';

const apiKey = demoApiKey(process.env.CARTWRIGHT_API_KEY);
const host = process.env.HOST ?? '127.0.0.1';
const app = express();

app.use(express.json());
app.use(express.urlencoded({ extended: true }));
// The app's own routes, parsed as usual.
app.post('/hello', (req, res) => {
  res.json({ hello: req.body as unknown });
});
const handler = createDemoHandler({ apiKey });
app.use('/index.php', toNodeListener(handler), bodyParserErrors(handler));

// Sized for the handler's limits, so it answers oversized query strings and headers itself (413 / 431).
const server = createServer(nodeServerOptions(), app).on('clientError', answerClientError);
server.listen(Number(process.env.PORT ?? 8080), host, () => {
  const { port } = server.address() as AddressInfo;
  console.log(listeningLine('Express', host, port, apiKey));
});
