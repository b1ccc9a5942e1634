/**
 * `createCheckout({ store, settings?, extensions? })`: the one composition root. It opens the store's layers,
 * checks the wiring (a missing port, a port of the wrong shape, settings that do not hang together: each throws
 * here, naming what is wrong, never later on a request), makes the engine with the built-in extensions the
 * store's settings enable, and carries who may use it (API users, throttle, signed requests) so that
 * `createFetchHandler(checkout)` needs nothing more.
 * @module
 */

import { describeValue, isCheckoutStore, openStore, wiringError } from '../adapters/store.js';
import { verifyApiKey as verifySha256Key } from '../adapters/system/api-key-hash.js';
import { createSystemClock } from '../adapters/system/clock.js';
import { createRandomIdGenerator } from '../adapters/system/id-generator.js';
import { checkStoreSettings } from '../domain/settings/parse.js';
import type { StoreSettings } from '../domain/settings/settings.js';
import type { PaymentEntries, SessionMethods } from '../engine/checkout.js';
import { type CheckoutOptions, defaultSessionTtlSeconds } from '../engine/context.js';
import { createCheckout as createEngine } from '../engine/create-checkout.js';
import { builtinExtensions, type Extensions } from '../extensions/builtin-extensions.js';
import { operations } from '../operations/index.js';
import type { ApiKeyVerifier, CheckoutAccess } from '../ports/access.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { PaymentProviders } from '../ports/payment-provider.js';
import type { CheckoutStore } from '../ports/store.js';
import { type JsOperationMethods, jsMethods } from './js-requests.js';
import { startNotices } from './notices.js';

/** What {@link createCheckout} takes. */
export interface CreateCheckoutOptions extends Omit<CheckoutOptions, 'settings'> {
  /** Every port, as one store: `memoryStore(snapshot)`, `postgresStore({ pool })`, with overlays mounted. */
  readonly store: CheckoutStore;
  /** The store settings; default the store's own (a snapshot's). A PostgreSQL store holds none: pass them. */
  readonly settings?: StoreSettings | undefined;
  /**
   * Shipping, payment, total and fraud extensions; each list given replaces the default, which is
   * `builtinExtensions(store.extensions)` (none without the store's extension settings).
   */
  readonly extensions?: Extensions | undefined;
  /** Time; default the system clock. */
  readonly clock?: Clock | undefined;
  /** Session ids and other ids; default random ones. */
  readonly ids?: IdGenerator | undefined;
  /** Checks login keys; default `verifyApiKey` (the hashes `hashApiKey` and `saveApiUser` write). */
  readonly verifyApiKey?: ApiKeyVerifier | undefined;
  /** How far a signed request's `time` may be from the clock, in seconds; default 300. */
  readonly signatureWindowSeconds?: number | undefined;
  /**
   * Usernames of API users whose allowed-IP list is not checked: for hosts that cannot tell the client's address
   * (logged as a warning when the HTTP handler is made).
   */
  readonly allowAnyIp?: readonly string[] | undefined;
  /**
   * The payment providers by payment method code (`createPaymentProviders` in `cartwright/extensions`): an order
   * paid by one of the host's own is confirmed with its stock held and its payment authorized (see
   * `docs/payments.md`); none by default (orders are placed as OpenCart places them).
   */
  readonly paymentProviders?: PaymentProviders | undefined;
}

/** What a checkout carries besides the engine's methods. */
export interface CheckoutWiring {
  /** The settings the checkout runs on (currencies, rounding: what the HTTP layer shows money with). */
  readonly settings: StoreSettings;
  /** Who may use the checkout, and how they prove it; the HTTP handler enforces it. */
  readonly access: CheckoutAccess;
  /**
   * Stops what the checkout runs in the background: the delivery of the customer's notices to the store's
   * notifier (a notice under way finishes and is recorded; the rest stay in the outbox for the next start).
   * Resolves at once when there is nothing to stop.
   */
  close(): Promise<void>;
}

/**
 * A checkout: the session methods (`run` takes OpenCart's wire names, as untrusted bodies come), the payment
 * entries (the provider's webhook, the sweep), one method per operation taking camelCase requests (`setCustomer`, `addProduct`, …, `confirm`), the settings it runs on, and
 * who may use it.
 */
export type Checkout = SessionMethods & PaymentEntries & JsOperationMethods & CheckoutWiring;

/** The settings, checked: an object whose currencies and statuses hang together. */
function checkedSettings(settings: StoreSettings | undefined): StoreSettings {
  if (settings === undefined) {
    wiringError(
      'the store holds no settings (postgresStore keeps none): pass createCheckout({ store, settings })',
    );
  }
  if (typeof settings !== 'object' || settings === null || !Array.isArray(settings.currencies)) {
    wiringError(`settings must be the store's StoreSettings, got ${describeValue(settings)}`);
  }
  const checked = checkStoreSettings(settings);
  if (checked.isErr()) {
    const problems = Object.entries(checked.error).map(([field, text]) => `${field}: ${text}`);
    wiringError(`the settings do not hang together: ${problems.join('; ')}`);
  }
  return settings;
}

/** Checks that each extension list given is a list. */
function checkExtensions(extensions: Extensions): void {
  for (const [name, list] of Object.entries(extensions)) {
    if (list !== undefined && !Array.isArray(list)) {
      wiringError(`extensions.${name} must be a list, got ${describeValue(list)}`);
    }
  }
}

/** Checks the usernames of `allowAnyIp`. */
function checkAnyIp(usernames: readonly string[] | undefined): readonly string[] {
  if (usernames === undefined) return [];
  if (!Array.isArray(usernames) || usernames.some((name) => typeof name !== 'string' || name === '')) {
    wiringError('allowAnyIp must be a list of usernames');
  }
  return usernames;
}

/**
 * Creates a checkout over one store.
 *
 * @example
 * ```ts
 * import { createCheckout } from 'cartwright';
 * import { memoryStore } from 'cartwright/adapters/memory';
 * import { demoSnapshot } from 'cartwright/demo';
 *
 * const checkout = createCheckout({ store: memoryStore(demoSnapshot({ apiKey })) });
 * ```
 * @throws CartwrightInvariantError when the wiring is missing or wrong (the message names what and where).
 */
export function createCheckout(options: CreateCheckoutOptions): Checkout {
  if (typeof options !== 'object' || options === null) {
    wiringError(`takes { store, settings?, extensions? }, got ${describeValue(options)}`);
  }
  const { store } = options;
  if (!isCheckoutStore(store)) {
    wiringError(
      `store must be made by memoryStore(snapshot) or postgresStore({ pool }), got ${describeValue(store)}`,
    );
  }
  const settings = checkedSettings(options.settings ?? store.settings);
  const verifyApiKey = options.verifyApiKey ?? verifySha256Key;
  if (typeof verifyApiKey !== 'function') wiringError('verifyApiKey must be a function');
  const extensions = options.extensions ?? {};
  checkExtensions(extensions);
  const clock = options.clock ?? createSystemClock();
  const sessionTtlSeconds = options.sessionTtlSeconds ?? defaultSessionTtlSeconds;
  const ports = openStore(store, { clock, settings, sessionTtlSeconds });
  const builtins: Extensions = store.extensions === undefined ? {} : builtinExtensions(store.extensions);
  // The notifier is fed from the outbox alone, never called by the engine: each notice once per delivery.
  const { apiUsers, loginThrottle, replayGuard, notifier, outbox, ...enginePorts } = ports;
  const engine = createEngine(
    {
      ...enginePorts,
      clock,
      ids: options.ids ?? createRandomIdGenerator(),
      shippingMethods: extensions.shippingMethods ?? builtins.shippingMethods,
      paymentMethods: extensions.paymentMethods ?? builtins.paymentMethods,
      totalCalculators: extensions.totalCalculators ?? builtins.totalCalculators,
      fraudChecks: extensions.fraudChecks,
      paymentProviders: options.paymentProviders,
    },
    {
      settings,
      messages: options.messages,
      sessionTtlSeconds,
      onEventError: options.onEventError,
      logger: options.logger,
      contention: options.contention,
      paymentReturnUrl: options.paymentReturnUrl,
    },
  );
  const access: CheckoutAccess = {
    apiUsers,
    loginThrottle,
    verifyApiKey,
    signedRequests: { replayGuard, clock, windowSeconds: options.signatureWindowSeconds },
    allowAnyIp: checkAnyIp(options.allowAnyIp),
  };
  const { openSession, closeSession, getSession, viewCart, run } = engine;
  const session: SessionMethods = { openSession, closeSession, getSession, viewCart, run };
  const payments: PaymentEntries = {
    receivePaymentWebhook: engine.receivePaymentWebhook,
    sweep: engine.sweep,
  };
  const notices = startNotices(notifier, outbox, clock, options.logger ?? console);
  const close = async () => notices?.stop();
  return Object.freeze({
    ...session,
    ...payments,
    ...jsMethods(engine, operations),
    settings,
    access,
    close,
  });
}
