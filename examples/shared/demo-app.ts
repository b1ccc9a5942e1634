/**
 * The wiring every example shares: the demo store (in memory, or with sessions in Redis and catalog and orders
 * in PostgreSQL) → the checkout engine with the built-in shipping, payment and total extensions → the fetch
 * handler. Hosts differ only in how they serve the handler.
 */
import { err, ok, type Result } from 'neverthrow';
import {
  createMemoryAdapters,
  type MemoryAdapters,
  type MemoryStoreData,
} from '../../src/adapters/memory/index.js';
import type { PostgresAdapters } from '../../src/adapters/postgres/index.js';
import { defineStore } from '../../src/adapters/store.js';
import { createSystemClock } from '../../src/adapters/system/index.js';
import { type Checkout, createCheckout } from '../../src/compose/create-checkout.js';
import {
  applyExtensionConfig,
  applyStoreConfig,
  type CheckoutDeps,
  type Clock,
  type FieldErrors,
  type IdGenerator,
  type StoreSettings,
} from '../../src/core/index.js';
import { demoSnapshot } from '../../src/demo/index.js';
import type { ApiSigning } from '../../src/domain/records/api-user.js';
import { builtinExtensions } from '../../src/extensions/builtin-extensions.js';
import { createPaymentProviders } from '../../src/extensions/payment/index.js';
import {
  createFetchHandler,
  type FetchHandler,
  type FetchHandlerOptions,
  type HttpLogger,
  type HttpOptions,
  type StatusCompat,
} from '../../src/http/index.js';
import type { LoginThrottle } from '../../src/ports/login-throttle.js';
import type { PaymentMethod } from '../../src/ports/payment-method.js';
import type { PaymentProvider } from '../../src/ports/payment-provider.js';
import type { ReplayGuard } from '../../src/ports/replay-guard.js';
import type { SessionStore } from '../../src/ports/session-store.js';
import type { StorePorts } from '../../src/ports/store.js';

/** What an example may choose. */
export interface DemoAppOptions {
  /** The key of API user `demo`. */
  readonly apiKey: string;
  /** The addresses `demo` may call from; default the demo's `127.0.0.1` and `::1`. */
  readonly apiIps?: readonly string[] | undefined;
  /**
   * `opencart`: `demo` may also sign its requests as OpenCart 4.1's clients do, with {@link apiKey} as the
   * signing secret, and needs no login then.
   */
  readonly apiSigning?: ApiSigning | undefined;
  /** Session inactivity expiry; default 3600. */
  readonly sessionTtlSeconds?: number | undefined;
  /**
   * `config_*` store settings and extension statuses (`shipping_free_status`, …) laid over the demo's (e.g.
   * parsed from `CARTWRIGHT_CONFIG`).
   */
  readonly config?: Readonly<Record<string, unknown>> | undefined;
  /** Default the system clock; tests pass a manual one. */
  readonly clock?: Clock | undefined;
  /** Default random ids. */
  readonly ids?: IdGenerator | undefined;
  /** `opencart` answers 200 for handled errors. */
  readonly compat?: StatusCompat | undefined;
  /** Where unexpected failures go, the engine's (a failed notifier) and the handler's; default `console`. */
  readonly logger?: HttpLogger | undefined;
  /** Ports to replace, given the memory adapters (tests make one fail or race). */
  readonly deps?: ((adapters: MemoryAdapters) => Partial<CheckoutDeps>) | undefined;
  /**
   * A card method for the storefront (`npm start` passes the test card): its provider is registered with both
   * checkouts (the webhook route reaches it through the API's), its method offered by the shop's only, so the
   * API's clients see the payment methods they always saw.
   */
  readonly shopCard?: DemoCard | undefined;
}

/** A card method and the provider that takes its payments. */
export interface DemoCard {
  readonly method: PaymentMethod;
  readonly provider: PaymentProvider;
  /** Where the customer comes back to after the provider's page. */
  returnUrl(orderId: number): string;
}

/** The demo store's data and settings, before anything is wired over them. */
export interface PreparedDemoStore {
  /** `demoSnapshot()` with the key's hash, the allowed IPs of user `demo` and the extension statuses in place. */
  readonly data: MemoryStoreData;
  /** The demo's settings with `options.config` laid over them. */
  readonly settings: StoreSettings;
}

/** Ports that live outside the process, replacing the memory ones (see `openDemoStores`). */
export interface DemoStorePorts {
  /** Sessions (Redis); default in memory. */
  readonly sessions?: SessionStore | undefined;
  /** Failed-login counts (Redis, shared by every server); default in memory, per process. */
  readonly loginThrottle?: LoginThrottle | undefined;
  /** The signatures of accepted signed requests (Redis, beside the sessions); default in memory. */
  readonly replayGuard?: ReplayGuard | undefined;
  /** Catalog, directories, API users and orders (PostgreSQL); default in memory. */
  readonly postgres?: PostgresAdapters | undefined;
}

/** A wired demo store. */
export interface DemoApp {
  readonly checkout: Checkout;
  /**
   * The storefront's checkout: over the same store, also offering the card method when there is one (else the
   * same as {@link checkout}).
   */
  readonly shopCheckout: Checkout;
  /** The fetch handler every host serves. */
  readonly handler: FetchHandler;
  /** The transport options `handler` was made with. */
  readonly httpOptions: HttpOptions;
  /** The whole options `handler` was made with (the checkout's access rules included), to vary them in tests. */
  readonly handlerOptions: FetchHandlerOptions;
  /** The memory adapters over `data`; the ones replaced by {@link DemoStorePorts} are not used. */
  readonly adapters: MemoryAdapters;
  readonly data: MemoryStoreData;
  readonly settings: StoreSettings;
}

/**
 * The demo store's data and settings for `options`, or the errors of `options.config` (keyed by setting name).
 * Hashes the key (SHA-256; an empty key, or one shorter than 32 characters, throws a `RangeError`).
 */
export function prepareDemoStore(options: DemoAppOptions): Result<PreparedDemoStore, FieldErrors> {
  const data = demoSnapshot({ apiKey: options.apiKey, ips: options.apiIps, signing: options.apiSigning });
  const configured = applyStoreConfig(data.settings, options.config ?? {});
  const extensions = applyExtensionConfig(data.extensions, options.config ?? {});
  if (configured.isErr() || extensions.isErr()) {
    return err({
      ...(configured.isErr() ? configured.error : {}),
      ...(extensions.isErr() ? extensions.error : {}),
    });
  }
  data.extensions = extensions.value;
  return ok({ data, settings: configured.value });
}

/**
 * The engine and the fetch handler over a prepared store: memory adapters over its data, with the ports of
 * `stores` in their place (the handler then checks API users in PostgreSQL too). Extension settings always come
 * from the prepared data: they are configuration, not stored.
 */
export function wireDemoApp(
  prepared: PreparedDemoStore,
  options: Omit<DemoAppOptions, 'apiKey' | 'apiIps' | 'apiSigning' | 'config'>,
  stores: DemoStorePorts = {},
): DemoApp {
  const { data, settings } = prepared;
  const clock = options.clock ?? createSystemClock();
  const adapters = createMemoryAdapters(data, { clock });
  const external = stores.postgres;
  const replaced = options.deps?.(adapters) ?? {};
  // The memory ports over the prepared data, the external stores' in their place: one store the checkout opens.
  const ports: StorePorts = {
    ...adapters,
    notifier: undefined,
    ...external,
    ...(stores.sessions === undefined ? {} : { sessions: stores.sessions }),
    ...(stores.loginThrottle === undefined ? {} : { loginThrottle: stores.loginThrottle }),
    ...(stores.replayGuard === undefined ? {} : { replayGuard: stores.replayGuard }),
    ...pick(replaced, [
      'sessions',
      'catalog',
      'customers',
      'geo',
      'taxes',
      'coupons',
      'orders',
      'stock',
      'notifier',
    ]),
  };
  const store = defineStore({
    settings,
    extensions: data.extensions,
    base: { name: 'demo', provides: Object.keys(ports) as (keyof StorePorts)[], open: () => ports },
  });
  const card = options.shopCard;
  const paymentProviders =
    replaced.paymentProviders ?? (card === undefined ? undefined : createPaymentProviders([card.provider]));
  const extensions = pick(replaced, ['shippingMethods', 'paymentMethods', 'totalCalculators', 'fraudChecks']);
  // One logger for the engine (a failed notifier) and the handler (failed ports, unexpected errors).
  const common = {
    store,
    clock,
    ids: replaced.ids ?? options.ids,
    sessionTtlSeconds: options.sessionTtlSeconds,
    logger: options.logger,
    paymentProviders,
  };
  const checkout = createCheckout({ ...common, extensions });
  const shopCheckout =
    card === undefined
      ? checkout
      : createCheckout({
          ...common,
          extensions: {
            ...extensions,
            paymentMethods: [
              card.method,
              ...(extensions.paymentMethods ?? builtinExtensions(data.extensions).paymentMethods ?? []),
            ],
          },
          paymentReturnUrl: card.returnUrl,
        });
  const httpOptions: HttpOptions = { compat: options.compat, logger: options.logger };
  const handler = createFetchHandler(checkout, httpOptions);
  const handlerOptions = { ...httpOptions, settings, ...checkout.access };
  return { checkout, shopCheckout, handler, httpOptions, handlerOptions, adapters, data, settings };
}

/** The entries of `record` named in `names` that are set. */
function pick<T extends object, K extends keyof T>(record: T, names: readonly K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(
    names.filter((name) => record[name] !== undefined).map((name) => [name, record[name]]),
  ) as Partial<Pick<T, K>>;
}

/**
 * The demo store wired to a fetch handler, all in memory, or the `config_*` errors of `options.config`.
 * @example
 * ```ts
 * const app = createDemoApp({ apiKey: generateApiKey() })._unsafeUnwrap();
 * createServer(toNodeListener(app.handler)).listen(8080);
 * ```
 */
export function createDemoApp(options: DemoAppOptions): Result<DemoApp, FieldErrors> {
  return prepareDemoStore(options).map((prepared) => wireDemoApp(prepared, options));
}
