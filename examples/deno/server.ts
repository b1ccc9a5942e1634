/**
 * cartwright on Deno: `npm run example:deno` (`deno run --allow-net --allow-env --allow-read examples/deno/server.ts`
 * with `examples/deno/deno.json`). `Deno.serve` speaks Web `Request` and `Response` already, so the handler is
 * its handler; the client address comes from the connection info it passes (`info.remoteAddr`).
 */
import { createDemoHandler, demoApiKey, listeningLine } from '../demo-handler.ts';

const apiKey = demoApiKey(Deno.env.get('CARTWRIGHT_API_KEY'));
const handler = createDemoHandler({ apiKey });
const hostname = Deno.env.get('HOST') ?? '127.0.0.1';

Deno.serve(
  {
    hostname,
    port: Number(Deno.env.get('PORT') ?? 8080),
    onListen: ({ port }) => console.log(listeningLine('Deno', hostname, port, apiKey)),
  },
  (request, info) => {
    const address = info.remoteAddr;
    return handler(request, { ip: address.transport === 'tcp' ? address.hostname : '' });
  },
);
