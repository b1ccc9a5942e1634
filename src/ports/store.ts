/**
 * A store: every port the checkout runs on, as one bundle the host wires once. A store is made of layers, in
 * unstorage's mount style: a base (`memoryStore(snapshot)`, `postgresStore({ pool })`) that provides every port,
 * and overlays mounted on it (`redisSessions({ client })`) that each replace the ports they name. Layers are
 * recipes: `createCheckout` opens them with its clock and settings, so one store value can serve several
 * checkouts, and a layer that is missing a port or gives one of the wrong shape fails when the checkout is made.
 * @module
 */
import type { ExtensionConfig } from '../domain/settings/extension-config.js';
import type { StoreSettings } from '../domain/settings/settings.js';
import type { ApiUserDirectory } from './api-user-directory.js';
import type { Catalog } from './catalog.js';
import type { Clock } from './clock.js';
import type { CouponDirectory } from './coupon-directory.js';
import type { CustomerDirectory } from './customer-directory.js';
import type { GeoDirectory } from './geo-directory.js';
import type { LoginThrottle } from './login-throttle.js';
import type { Notifier } from './notifier.js';
import type { OrderRepository } from './order-repository.js';
import type { Outbox } from './outbox.js';
import type { ReplayGuard } from './replay-guard.js';
import type { SessionStore } from './session-store.js';
import type { Stock } from './stock.js';
import type { TaxRates } from './tax-rates.js';

/** Every port a store provides, by the name the checkout knows it by. */
export interface StorePorts {
  /** Checkout sessions. */
  readonly sessions: SessionStore;
  /** Products, options, discounts, stock, manufacturers, categories. */
  readonly catalog: Catalog;
  /** Customers, groups, custom fields, reward balances, affiliates. */
  readonly customers: CustomerDirectory;
  /** Countries, zones and geo zones. */
  readonly geo: GeoDirectory;
  /** Tax rules and rates. */
  readonly taxes: TaxRates;
  /** Coupons and their uses. */
  readonly coupons: CouponDirectory;
  /** Orders with their history, in one transaction each. */
  readonly orders: OrderRepository;
  /** The host's own stock, when it keeps it beside its own catalog (see `CheckoutDeps.stock`). */
  readonly stock?: Stock | undefined;
  /**
   * Receives the customer's notices (`customer.notify`), through the outbox: `createCheckout` delivers them to it
   * from the store's outbox with a dispatcher of its own (see `Notifier`).
   */
  readonly notifier?: Notifier | undefined;
  /** The events the order writes stored, and their deliveries (the memory and PostgreSQL stores have one). */
  readonly outbox?: Outbox | undefined;
  /** The API users who may log in or sign requests. */
  readonly apiUsers: ApiUserDirectory;
  /** Counts failed logins per username and client address, and per address. */
  readonly loginThrottle: LoginThrottle;
  /** Remembers accepted signed requests, so that none is accepted twice. */
  readonly replayGuard: ReplayGuard;
}

/** The name of a port of {@link StorePorts}. */
export type StorePortName = keyof StorePorts;

/** What a layer is opened with: the checkout's clock, settings and session lifetime. */
export interface StoreContext {
  /** The checkout's clock (expiry, throttle windows, stock holds). */
  readonly clock: Clock;
  /** The settings the checkout runs on (a PostgreSQL store reads its currency). */
  readonly settings: StoreSettings;
  /** The session inactivity expiry, in seconds (a Redis session store keeps no key longer). */
  readonly sessionTtlSeconds: number;
}

/** One layer of a store: the ports it provides, made when the checkout opens it. */
export interface StoreLayer {
  /** Names the layer in error messages (`memoryStore`, `redisSessions`). */
  readonly name: string;
  /** The ports this layer provides; the layers mounted after it replace theirs. */
  readonly provides: readonly StorePortName[];
  /** Makes the ports. */
  open(context: StoreContext): Partial<StorePorts>;
}

/** The store bundle `createCheckout` takes. */
export interface CheckoutStore {
  /** The layers, base first. */
  readonly layers: readonly StoreLayer[];
  /** The settings the store holds (a snapshot's), used when `createCheckout` is given none. */
  readonly settings: StoreSettings | undefined;
  /** The extension settings the store holds (a snapshot's), the default of `builtinExtensions`. */
  readonly extensions: ExtensionConfig | undefined;
  /** A new store with `overlay` mounted over this one's layers: its ports replace theirs. */
  mount(overlay: StoreLayer): CheckoutStore;
}

/** What {@link defineStore} takes. */
export interface StoreDefinition {
  /** The base layer: it must provide every required port (see {@link requiredPorts}). */
  readonly base: StoreLayer;
  /** The settings the store holds, if any. */
  readonly settings?: StoreSettings | undefined;
  /** The extension settings the store holds, if any. */
  readonly extensions?: ExtensionConfig | undefined;
}
