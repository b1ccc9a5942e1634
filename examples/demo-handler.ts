/**
 * The checkout every host example serves: OpenCart's demo shop in memory, the built-in shipping, payment and
 * total extensions, and the fetch handler over them. This is the part your own store replaces (your catalog,
 * orders and sessions behind their ports; see the getting-started guide); the examples beside it show only how
 * each host serves the handler. It imports nothing but `cartwright/*` and Web-standard globals, so it runs on
 * every runtime the examples cover.
 */
import { createCheckout, generateApiKey } from 'cartwright';
import { memoryStore } from 'cartwright/adapters/memory';
import { demoSnapshot } from 'cartwright/demo';
import {
  type CorsOptions,
  createFetchHandler,
  type FetchHandler,
  type TrustedProxyHeader,
} from 'cartwright/http';

/** What an example may choose. */
export interface DemoHandlerOptions {
  /** The key of API user `demo` (allowed from 127.0.0.1 and ::1). */
  readonly apiKey: string;
  /** Browser origins allowed to call the API (CORS); default none. */
  readonly cors?: CorsOptions | undefined;
  /** For a host without a peer address: the proxy header the client's address is read from. */
  readonly trustedProxyHeader?: TrustedProxyHeader | undefined;
}

/** The demo store's checkout behind a fetch handler, everything in this process's memory. */
export function createDemoHandler(options: DemoHandlerOptions): FetchHandler {
  const checkout = createCheckout({ store: memoryStore(demoSnapshot({ apiKey: options.apiKey })) });
  return createFetchHandler(checkout, {
    cors: options.cors,
    trustedProxyHeader: options.trustedProxyHeader,
  });
}

/**
 * `key` when it is set, else a random 256-bit key for this run (`generateApiKey()`). A key shorter than 32
 * characters is refused when the handler is made (`demoSnapshot` throws a `RangeError` saying so).
 */
export function demoApiKey(key: string | undefined): string {
  return key !== undefined && key !== '' ? key : generateApiKey();
}

/** The line every example prints once it listens: where, and the key to log in with. */
export function listeningLine(runtime: string, host: string, port: number, apiKey: string): string {
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return `cartwright demo store on ${runtime}: ${origin}/index.php  (API user demo, key ${apiKey})`;
}
