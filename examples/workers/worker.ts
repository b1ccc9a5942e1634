/**
 * cartwright on Cloudflare Workers: `npm run example:workers` serves it locally on workerd, Cloudflare's own
 * runtime (`workerd.capnp`); `wrangler deploy` with `wrangler.toml` puts it on Cloudflare. A worker's `fetch`
 * speaks Web `Request` and `Response` already. A worker has no peer address: the client's is the
 * `CF-Connecting-IP` header, which Cloudflare's edge sets on every request whatever the client sent, so the
 * handler is told to trust that header (`trustedProxyHeader`) and reads the address from it. Without the header
 * it refuses, as it does on any host that cannot tell who is calling.
 *
 * The demo keeps everything in the isolate's memory, which Cloudflare recycles at will: a real store keeps its
 * sessions and orders in storage the worker reaches through the ports.
 */
import type { FetchHandler } from 'cartwright/http';
import { createDemoHandler } from '../demo-handler.js';

/** The worker's bindings: the key of API user `demo` (`wrangler secret put CARTWRIGHT_API_KEY`). */
interface Env {
  readonly CARTWRIGHT_API_KEY?: string;
}

/** Made on the first request: bindings are handed to `fetch`, not to the module. */
let handler: FetchHandler | undefined;

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    handler ??= createDemoHandler({
      apiKey: env.CARTWRIGHT_API_KEY ?? '',
      trustedProxyHeader: { name: 'cf-connecting-ip' },
    });
    return handler(request);
  },
};
