/**
 * The checkout every host example serves: OpenCart's demo shop in memory, the built-in shipping, payment and
 * total extensions, and the fetch handler over them. This is the part your own store replaces (your catalog,
 * orders and sessions behind their ports; see the getting-started guide); the examples beside it show only how
 * each host serves the handler. It imports nothing but `cartwright/*` and Web-standard globals, so it runs on
 * every runtime the examples cover.
 */
import {
  createCheckout,
  createPaymentMethods,
  createRandomIdGenerator,
  createShippingMethods,
  createSystemClock,
  createTotalCalculators,
  generateApiKey,
  verifyApiKey,
} from 'cartwright';
import { createMemoryAdapters, demoStore } from 'cartwright/adapters/memory';
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
  const { data, settings } = demoStore({ apiKey: options.apiKey });
  const clock = createSystemClock();
  const adapters = createMemoryAdapters(data, { clock });
  const checkout = createCheckout(
    {
      ...adapters,
      clock,
      ids: createRandomIdGenerator(),
      shippingMethods: createShippingMethods(data.extensions.shipping),
      paymentMethods: createPaymentMethods(data.extensions.payment),
      totalCalculators: createTotalCalculators(data.extensions.totals),
    },
    { settings },
  );
  return createFetchHandler(checkout, {
    settings,
    apiUsers: adapters.apiUsers,
    loginThrottle: adapters.loginThrottle,
    verifyApiKey,
    cors: options.cors,
    trustedProxyHeader: options.trustedProxyHeader,
  });
}

/**
 * `key` when it is set, else a random 256-bit key for this run (`generateApiKey()`). A key shorter than 32
 * characters is refused when the handler is made (`demoStore` throws a `RangeError` saying so).
 */
export function demoApiKey(key: string | undefined): string {
  return key !== undefined && key !== '' ? key : generateApiKey();
}

/** The line every example prints once it listens: where, and the key to log in with. */
export function listeningLine(runtime: string, host: string, port: number, apiKey: string): string {
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return `cartwright demo store on ${runtime}: ${origin}/index.php  (API user demo, key ${apiKey})`;
}
