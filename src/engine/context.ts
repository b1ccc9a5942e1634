/**
 * What every engine operation shares: the ports, the settings, the texts, the session lifetime, and the one way
 * a port is called (a failure becomes `unavailable`, never a throw).
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { deepFreeze } from '../domain/deep-freeze.js';
import {
  CartwrightInvariantError,
  type CheckoutError,
  type PortName,
  type UnavailableError,
  unavailable,
} from '../domain/errors.js';
import type { DomainEvent } from '../domain/machine/events.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import { defaultMessages, type MessageCatalog, messageText } from '../domain/messages.js';
import type { Effect } from '../domain/order/effects.js';
import { defaultTotalCalculators } from '../domain/pricing/totals/index.js';
import { inSortOrder } from '../domain/pricing/totals/pipeline.js';
import type { StoreSettings } from '../domain/settings/settings.js';
import type { Catalog } from '../ports/catalog.js';
import type { Clock } from '../ports/clock.js';
import type { CouponDirectory } from '../ports/coupon-directory.js';
import type { CustomerDirectory } from '../ports/customer-directory.js';
import type { FraudCheck } from '../ports/fraud-check.js';
import type { GeoDirectory } from '../ports/geo-directory.js';
import type { IdGenerator, IdKind } from '../ports/id-generator.js';
import type { Notifier } from '../ports/notifier.js';
import type { OrderPayments } from '../ports/order-payments.js';
import type { OrderRepository } from '../ports/order-repository.js';
import type { PaymentMethod } from '../ports/payment-method.js';
import type { PaymentProviders } from '../ports/payment-provider.js';
import type { SessionStore } from '../ports/session-store.js';
import type { ShippingMethod } from '../ports/shipping-method.js';
import type { Stock } from '../ports/stock.js';
import type { TaxRates } from '../ports/tax-rates.js';
import type { TotalCalculator } from '../ports/total-calculator.js';
import { type CheckoutCache, createCheckoutCache } from './checkout-cache.js';
import { ordersWithStock } from './orders-with-stock.js';
import { createSessionQueue, type SessionQueue } from './session-queue.js';

/** The ports the engine runs on. Each is an interface; `cartwright/adapters/*` has implementations. */
export interface CheckoutDeps {
  readonly sessions: SessionStore;
  readonly catalog: Catalog;
  readonly customers: CustomerDirectory;
  readonly geo: GeoDirectory;
  readonly taxes: TaxRates;
  readonly coupons: CouponDirectory;
  readonly orders: OrderRepository;
  /**
   * The host's own stock, kept beside its own `catalog` (which reads it back). When given, the engine moves
   * stock through it around each order write (see `ordersWithStock`) and `orders` never moves stock; without
   * it, `orders` moves the stock its catalog reads inside each order's transaction (the memory and PostgreSQL
   * adapters, made over one store, do).
   */
  readonly stock?: Stock | undefined;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /**
   * Called directly with the domain events after the writes they describe, at most once; optional (events are
   * then dropped). `createCheckout` never passes one: a store's notifier gets the customer's notices through the
   * outbox instead (see `Notifier`).
   */
  readonly notifier?: Notifier | undefined;
  /** Shipping methods on offer, by code; none by default. */
  readonly shippingMethods?: readonly ShippingMethod<unknown>[] | undefined;
  /** Payment methods on offer, by code; none by default. */
  readonly paymentMethods?: readonly PaymentMethod<unknown>[] | undefined;
  /**
   * The totals pipeline, run in sort order; default `defaultTotalCalculators`: sub_total, reward, shipping,
   * coupon, tax and total at OpenCart's default sort orders (no fees, no store credit).
   * `createTotalCalculators(config)` makes every enabled built-in from the store's settings.
   */
  readonly totalCalculators?: readonly TotalCalculator[] | undefined;
  /**
   * Consulted in order when an order enters the processing or complete statuses (unless a history entry says
   * `override`); the first that answers a status replaces the requested one. None by default.
   */
  readonly fraudChecks?: readonly FraudCheck[] | undefined;
  /**
   * The payment providers by payment method code (`createPaymentProviders` in `cartwright/extensions`). An
   * order paid by one of the host's own providers is confirmed with status 0, its stock held and its payment
   * authorized; without them (or for the offline methods) confirm places orders as OpenCart does.
   */
  readonly paymentProviders?: PaymentProviders | undefined;
  /**
   * Where orders' payments and stock holds are written; default `orders`, when it is also `OrderPayments`
   * (the memory and PostgreSQL order repositories are). Required with `paymentProviders`.
   */
  readonly orderPayments?: OrderPayments | undefined;
}

/** Where the engine reports failures it absorbs (a notifier that failed after the operation succeeded). */
export interface CheckoutLogger {
  /** Called once per failure, with a short description and the error itself. `console` fits. */
  error(message: string, error: unknown): void;
}

/** How the engine behaves. */
export interface CheckoutOptions {
  /**
   * The store settings (see `applyStoreConfig` / `checkStoreSettings`). The engine works with them as they are
   * when it is created: settings not frozen yet are copied and the copy frozen (your object stays yours), so a
   * later change reaches a new engine only.
   */
  readonly settings: StoreSettings;
  /**
   * The texts: one catalogue for every session, or a function choosing one by the session's language
   * (see `createMessages`). Default: the built-in en-gb texts.
   */
  readonly messages?: MessageCatalog | ((language: string) => MessageCatalog) | undefined;
  /** Inactivity expiry in seconds, sliding on every successful request. Default 3600. */
  readonly sessionTtlSeconds?: number | undefined;
  /**
   * Called when delivering an event to the notifier fails, with the failure and the event. The operation has
   * succeeded by then and stays so; default: the failure is logged through `logger`.
   */
  readonly onEventError?: ((error: unknown, event: DomainEvent) => void) | undefined;
  /** Receives the failures the engine absorbs, when no `onEventError` takes them; default `console`. */
  readonly logger?: CheckoutLogger | undefined;
  /**
   * How commands racing on one session are absorbed. Within one engine they take turns (each starts when the
   * one before it on that session has finished, or after `turnMs`, default 5000), so they never race at the
   * store. A command that still lost a compare-and-set race (to another process sharing the store) is decided
   * again on the fresh session up to `retries` times (default 20), after `backoffMs(attempt)` milliseconds
   * (default: a random wait below 2 × 2^attempt ms, at most 32 ms, so racing requests spread out), and only
   * then answered `conflict`; from then on, while commands wait for that session, the engine pauses between
   * them so that the other process gets its turn too. A history entry that lost at its order's revision is
   * decided again on the fresh order alike, and past `retries` until `turnMs` has passed.
   */
  readonly contention?: Partial<ContentionPolicy> | undefined;
  /**
   * Where a payment provider sends the customer back after an action (a 3-D Secure challenge), by order id;
   * default none (the provider's page then says the payment's outcome and the client calls `payment_complete`).
   */
  readonly paymentReturnUrl?: ((orderId: number) => string) | undefined;
}

/** How commands racing on one session are absorbed. */
export interface ContentionPolicy {
  /** How many times a command is decided again after losing a race. */
  readonly retries: number;
  /** How long to wait before deciding again, by attempt (0 for the first retry). */
  readonly backoffMs: (attempt: number) => number;
  /**
   * The longest one command keeps its session's turn, in milliseconds: a command still running then (a port
   * that never answers) lets the next command on that session start anyway.
   */
  readonly turnMs: number;
}

/** The longest wait before deciding again, in milliseconds. */
const MAX_BACKOFF_MS = 32;

/**
 * The default: twenty retries, each after a random wait whose bound doubles each time up to 32 ms; a turn lasts
 * at most 5 s, well past the adapters' 2 s deadline for one port call.
 *
 * Twenty, not a handful: commands on one session take turns within an engine, so a busy process saves them
 * one after another, and a command of another process that lost to one of them may lose to the next few too
 * before the processes settle into taking turns (a process pauses between turns on a session it has lost a race
 * on). With 1,000 adds to one session through two engines, the unluckiest command needed up to 11 retries.
 * Twenty keep trying for at most about half a second, and a lost race costs one session read and one decision.
 */
export const defaultContentionPolicy: ContentionPolicy = {
  retries: 20,
  backoffMs: (attempt) => Math.random() * Math.min(2 * 2 ** attempt, MAX_BACKOFF_MS),
  turnMs: 5_000,
};

/** The resolved deps and options every operation reads. */
export interface EngineContext {
  readonly deps: CheckoutDeps;
  readonly settings: StoreSettings;
  readonly calculators: readonly TotalCalculator[];
  readonly ttlSeconds: number;
  readonly messagesFor: (language: string) => MessageCatalog;
  readonly onEventError: (error: unknown, event: DomainEvent) => void;
  readonly contention: ContentionPolicy;
  /** This engine's commands waiting for their session's turn. */
  readonly sessionQueue: SessionQueue;
  /**
   * This engine's order writes waiting for their order's turn, by order id: history entries and payment moves on
   * one order in one engine take turns as commands on one session do, so only writes of other processes race at
   * the order's revision.
   */
  readonly orderQueue: SessionQueue;
  /** Everything this engine keeps from one request to the next (see `checkout-cache.ts`). */
  readonly cache: CheckoutCache;
  /** The payment providers, when the host gave them. */
  readonly payments: PaymentProviders | undefined;
  /** Where payments are written, when the host gave payment providers. */
  readonly orderPayments: OrderPayments | undefined;
  readonly paymentReturnUrl: ((orderId: number) => string) | undefined;
  /**
   * Sees every outcome the one pass decided, before the shell performs it. Only tests set it, to show that the
   * shell performs what was decided and adds nothing; the engine never reads what it is given back.
   */
  readonly observe?: (outcome: Decided) => void;
}

/** An outcome as an observer sees it: what the shell performs next (see `shell.ts`'s `Outcome`). */
export type Decided =
  | { readonly save: 'version'; readonly session: CheckoutSession; readonly events: readonly DomainEvent[] }
  | { readonly save: 'expiry' | 'nothing' }
  | {
      readonly save: 'effects';
      readonly effects: readonly Effect[];
      readonly events: readonly DomainEvent[];
    }
  | { readonly save: 'stage'; readonly effects: readonly Effect[] };

/** True when `orders` also writes payments (the memory and PostgreSQL order repositories do). */
function isOrderPayments(orders: object): orders is OrderPayments {
  const candidate = orders as Partial<OrderPayments>;
  return (
    typeof candidate.writePayment === 'function' &&
    typeof candidate.releaseDueHolds === 'function' &&
    typeof candidate.dueOpenPayments === 'function' &&
    typeof candidate.findByPaymentReference === 'function'
  );
}

/** Where payments are written: the host's `orderPayments`, or its `orders` when they write payments too. */
function orderPaymentsOf(deps: CheckoutDeps): OrderPayments | undefined {
  if (deps.paymentProviders === undefined) return undefined;
  const payments = deps.orderPayments ?? (isOrderPayments(deps.orders) ? deps.orders : undefined);
  if (payments === undefined) {
    throw new CartwrightInvariantError(
      'createCheckout: paymentProviders need orderPayments (or an order repository that writes payments)',
    );
  }
  return payments;
}

/** The default `onEventError`: a notifier failure is logged with the event it was delivering, never dropped. */
function logEventError(logger: CheckoutLogger): (error: unknown, event: DomainEvent) => void {
  return (error, event) => logger.error(`cartwright: the notifier failed to deliver ${event.type}`, error);
}

/** The host's order repository with its stock moves made through the host's stock; lost give-backs logged. */
function stockedOrders(deps: CheckoutDeps, stock: Stock, logger: CheckoutLogger): OrderRepository {
  return ordersWithStock(deps.orders, stock, (error) =>
    logger.error(
      'cartwright: the stock moved for an order write that was not made could not be moved back',
      error,
    ),
  );
}

/** Default inactivity expiry. */
export const defaultSessionTtlSeconds = 3600;

/** The policy, or a throw naming the option that is not a number the engine can wait by. */
function checkContention(policy: ContentionPolicy): ContentionPolicy {
  if (!Number.isSafeInteger(policy.retries) || policy.retries < 0) {
    throw new CartwrightInvariantError(
      `createCheckout: contention.retries must be a whole number, got ${String(policy.retries)}`,
    );
  }
  if (!Number.isFinite(policy.turnMs) || policy.turnMs <= 0) {
    throw new CartwrightInvariantError(
      `createCheckout: contention.turnMs must be a positive number of milliseconds, got ${String(policy.turnMs)}`,
    );
  }
  return policy;
}

/**
 * The settings as the engine keeps them: frozen, as a copy when the host's are not frozen yet. The engine's cache
 * tells unchanged inputs apart by identity, and only a frozen value stays the same for good: under settings that
 * could still change, no priced cart, tax rule or offer could be kept from one request to the next.
 */
function keptSettings(settings: StoreSettings): StoreSettings {
  return Object.isFrozen(settings) ? settings : deepFreeze(structuredClone(settings));
}

/** Resolves the options into a context. */
export function createEngineContext(deps: CheckoutDeps, options: CheckoutOptions): EngineContext {
  const { messages } = options;
  const logger = options.logger ?? console;
  const contention = checkContention({ ...defaultContentionPolicy, ...options.contention });
  const cache = createCheckoutCache();
  return {
    deps: deps.stock === undefined ? deps : { ...deps, orders: stockedOrders(deps, deps.stock, logger) },
    settings: keptSettings(options.settings),
    calculators: inSortOrder(deps.totalCalculators ?? defaultTotalCalculators),
    ttlSeconds: options.sessionTtlSeconds ?? defaultSessionTtlSeconds,
    messagesFor: typeof messages === 'function' ? messages : () => messages ?? defaultMessages,
    onEventError: options.onEventError ?? logEventError(logger),
    contention,
    sessionQueue: createSessionQueue(contention.turnMs),
    orderQueue: createSessionQueue(contention.turnMs),
    cache,
    payments: deps.paymentProviders,
    orderPayments: orderPaymentsOf(deps),
    paymentReturnUrl: options.paymentReturnUrl,
  };
}

/** What a step of the shell answers once its port calls are done: the value, or why not. */
export type Answer<T, E = CheckoutError> = Promise<Result<T, E>>;

/**
 * Asks a port: the one wrapper of every asynchronous port call, the engine's stores and providers as well as the
 * HTTP layer's API-user directory, login throttle and replay guard. A rejection, or a throw before the promise
 * exists, becomes `unavailable` naming the port, with the failure kept as `cause`; nothing escapes as an
 * exception. Time limits are the adapters' own (each store adapter answers within its deadline), so a stalled
 * server also ends here as `unavailable`.
 */
export async function askPort<T>(
  port: PortName,
  messages: MessageCatalog,
  run: () => Promise<T>,
): Answer<T, UnavailableError> {
  // Called inside `try`, so a port that throws before it has a promise fails as one that rejects.
  try {
    return ok(await run());
  } catch (cause) {
    return portFailure(port, messages, cause);
  }
}

/** A port's failure as the `unavailable` it answers. */
function portFailure(port: PortName, messages: MessageCatalog, cause: unknown) {
  return err(unavailable(port, cause, messageText(messages, 'service.unavailable')));
}

/**
 * Calls a synchronous port (the clock, the id generator): what {@link askPort} is for the asynchronous ones, used
 * by the two readers below only. A throw becomes `unavailable` naming the port, with the failure kept as `cause`.
 */
function callSyncPort<T>(
  port: PortName,
  messages: MessageCatalog,
  run: () => T,
): Result<T, UnavailableError> {
  try {
    return ok(run());
  } catch (cause) {
    return err(unavailable(port, cause, messageText(messages, 'service.unavailable')));
  }
}

/**
 * The clock's current instant. A clock that throws, or answers anything but a valid `Date` (which would make
 * every later `toISOString` throw), is `unavailable` `clock`.
 */
export function readClock(context: EngineContext, messages: MessageCatalog): Result<Date, UnavailableError> {
  return callSyncPort('clock', messages, () => {
    const now: unknown = context.deps.clock.now();
    if (!(now instanceof Date) || Number.isNaN(now.getTime())) {
      throw new TypeError(`the clock answered ${String(now)}, not a valid Date`);
    }
    return now;
  });
}

/** `count` new ids of `kind`; an id generator that throws or answers no non-empty string is `unavailable` `ids`. */
export function newIds(
  context: EngineContext,
  messages: MessageCatalog,
  kind: IdKind,
  count: number,
): Result<string[], UnavailableError> {
  return callSyncPort('ids', messages, () => {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const id: unknown = context.deps.ids.newId(kind);
      if (typeof id !== 'string' || id === '') throw new TypeError(`the id generator answered ${String(id)}`);
      ids.push(id);
    }
    return ids;
  });
}

/** The instant `seconds` after `now`, ISO-8601. */
export function secondsAfter(now: Date, seconds: number): string {
  return new Date(now.getTime() + seconds * 1000).toISOString();
}
