/**
 * The wiring every example shares: the demo store in memory → the checkout engine with the built-in shipping,
 * payment and total extensions → the fetch handler. Hosts differ only in how they serve the handler.
 */
import { err, ok, type Result } from 'neverthrow';
import {
  createMemoryAdapters,
  demoStore,
  type MemoryAdapters,
  type MemoryStoreData,
} from '../../src/adapters/memory/index.js';
import { createRandomIdGenerator, createSystemClock, verifyApiKey } from '../../src/adapters/system/index.js';
import { createTotalCalculators } from '../../src/domain/totals/builtins.js';
import { createPaymentMethods } from '../../src/extensions/payment/index.js';
import { createShippingMethods } from '../../src/extensions/shipping/index.js';
import {
  createFetchHandler,
  type FetchHandler,
  type FetchHandlerOptions,
  type HttpLogger,
  type StatusCompat,
} from '../../src/http/index.js';
import {
  applyStoreConfig,
  type Checkout,
  type CheckoutDeps,
  type Clock,
  createCheckout,
  type FieldErrors,
  type IdGenerator,
  type StoreSettings,
} from '../../src/index.js';

/** What an example may choose. */
export interface DemoAppOptions {
  /** The key of API user `demo`. */
  readonly apiKey: string;
  /** The addresses `demo` may call from; default the demo's `127.0.0.1` and `::1`. */
  readonly apiIps?: readonly string[] | undefined;
  /** Session inactivity expiry; default 3600. */
  readonly sessionTtlSeconds?: number | undefined;
  /** `config_*` store settings laid over the demo's (e.g. parsed from `CARTWRIGHT_CONFIG`). */
  readonly config?: Readonly<Record<string, unknown>> | undefined;
  /** Default the system clock; tests pass a manual one. */
  readonly clock?: Clock | undefined;
  /** Default random ids. */
  readonly ids?: IdGenerator | undefined;
  /** `opencart` answers 200 for handled errors. */
  readonly compat?: StatusCompat | undefined;
  /** Where unexpected failures go; default `console`. */
  readonly logger?: HttpLogger | undefined;
  /** Ports to replace, given the memory adapters (tests make one fail or race). */
  readonly deps?: ((adapters: MemoryAdapters) => Partial<CheckoutDeps>) | undefined;
}

/** A wired demo store. */
export interface DemoApp {
  readonly checkout: Checkout;
  /** The fetch handler every host serves. */
  readonly handler: FetchHandler;
  /** The options `handler` was made with, to make another over a different checkout. */
  readonly handlerOptions: FetchHandlerOptions;
  readonly adapters: MemoryAdapters;
  readonly data: MemoryStoreData;
  readonly settings: StoreSettings;
}

/** Replaces the IP list of API user 1 (`demo`). */
function allowIps(data: MemoryStoreData, ips: readonly string[]): void {
  const user = data.apiUsers.get(1);
  if (user !== undefined) data.apiUsers.set(1, { ...user, ips: [...ips] });
}

/**
 * The demo store wired to a fetch handler, or the `config_*` errors of `options.config`.
 * @example
 * ```ts
 * const app = createDemoApp({ apiKey: 'secret' })._unsafeUnwrap();
 * createServer(toNodeListener(app.handler)).listen(8080);
 * ```
 */
export function createDemoApp(options: DemoAppOptions): Result<DemoApp, FieldErrors> {
  const { data, settings: demoSettings } = demoStore({ apiKey: options.apiKey });
  const configured = applyStoreConfig(demoSettings, options.config ?? {});
  if (configured.isErr()) return err(configured.error);
  const settings = configured.value;
  if (options.apiIps !== undefined) allowIps(data, options.apiIps);
  const clock = options.clock ?? createSystemClock();
  const adapters = createMemoryAdapters(data, { clock });
  const checkout = createCheckout(
    {
      ...adapters,
      clock,
      ids: options.ids ?? createRandomIdGenerator(),
      shippingMethods: createShippingMethods(data.extensions.shipping),
      paymentMethods: createPaymentMethods(data.extensions.payment),
      totalCalculators: createTotalCalculators(data.extensions.totals),
      ...options.deps?.(adapters),
    },
    { settings, sessionTtlSeconds: options.sessionTtlSeconds },
  );
  const handlerOptions: FetchHandlerOptions = {
    settings,
    apiUsers: adapters.apiUsers,
    loginThrottle: adapters.loginThrottle,
    // The demo's keys are made by hashApiKey.
    verifyApiKey,
    compat: options.compat,
    logger: options.logger,
  };
  const handler = createFetchHandler(checkout, handlerOptions);
  return ok({ checkout, handler, handlerOptions, adapters, data, settings });
}
