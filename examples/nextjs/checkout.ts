/**
 * The checkout both route handlers serve (`app/index.php/route.ts` on Node, `app/edge/index.php/route.ts` on
 * the edge runtime): the demo store in memory behind a fetch handler, made on the first request. Next.js
 * evaluates route modules while it builds, without the server's environment, and runs each runtime's routes in a
 * module scope of its own: so each runtime has its own handler and its own store (a session opened on one route
 * is unknown to the other), and one handler per runtime per process serves every request.
 *
 * A route handler is given no peer address, only the request's headers. `next start` sets `X-Forwarded-For` to
 * the socket's address when the request has none, and passes on whatever the client sent otherwise: so the app
 * must sit behind a proxy that appends the client's address to that header (nginx's
 * `$proxy_add_x_forwarded_for`, a load balancer), and the handler reads the last entry, the one that proxy wrote
 * (`trustedProxyHeader`). See docs/hosts.md, "Next.js".
 */
import type { FetchHandler } from 'cartwright/http';
import { createDemoHandler } from '../demo-handler.js';

let handler: FetchHandler | undefined;

/** Serves one request (the key of API user `demo` is `CARTWRIGHT_API_KEY`, set by `instrumentation.ts`). */
export function serve(request: Request): Promise<Response> {
  handler ??= createDemoHandler({
    apiKey: process.env.CARTWRIGHT_API_KEY ?? '',
    trustedProxyHeader: { name: 'x-forwarded-for', proxies: 1 },
  });
  return handler(request);
}
