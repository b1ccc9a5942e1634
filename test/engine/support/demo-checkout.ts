/**
 * The engine on the demo store: memory adapters, a manual clock, sequential ids and the demo's shipping, payment
 * and total extensions (as `examples/shared/demo-app.ts` wires them), with hooks to replace or wrap any port and
 * to lay `config_*` settings and extension statuses over the demo's.
 */
import type { Result, ResultAsync } from 'neverthrow';
import {
  createMemoryAdapters,
  demoStore,
  type MemoryAdapters,
  type MemoryOrderRepositoryOptions,
  type MemoryStoreData,
} from '../../../src/adapters/memory/index.js';
import type { CheckoutError } from '../../../src/domain/errors.js';
import type { CheckoutSession } from '../../../src/domain/machine/session.js';
import { createTotalCalculators } from '../../../src/domain/pricing/totals/builtins.js';
import { applyExtensionConfig } from '../../../src/domain/settings/extension-settings.js';
import { applyStoreConfig } from '../../../src/domain/settings/parse.js';
import type { StoreSettings } from '../../../src/domain/settings/settings.js';
import type { Checkout } from '../../../src/engine/checkout.js';
import type { CheckoutDeps, CheckoutOptions } from '../../../src/engine/context.js';
import { createCheckout } from '../../../src/engine/create-checkout.js';
import { createPaymentMethods } from '../../../src/extensions/payment/index.js';
import { createShippingMethods } from '../../../src/extensions/shipping/index.js';
import type { AddressRequest } from '../../../src/operations/requests.js';
import { createManualClock, createSequentialIds, type ManualClock } from '../../../src/testing/index.js';

/** The settings switching on every extension OpenCart does not install (the demo leaves them off). */
export const everyExtensionOn = {
  shipping_free_status: true,
  shipping_item_status: true,
  shipping_weight_status: true,
  shipping_pickup_status: true,
  payment_bank_transfer_status: true,
} as const;

/** Where every test clock starts. */
export const startInstant = '2026-03-02T10:00:00.000Z';

/** What a test may change. */
export interface DemoCheckoutOverrides {
  /**
   * `config_*` settings and extension statuses (`shipping_free_status`, …) laid over the demo's
   * (`applyStoreConfig`, `applyExtensionConfig`).
   */
  readonly config?: Readonly<Record<string, unknown>>;
  /** Ports to replace, given the memory adapters (wrap one to make it fail, count calls, delay, …). */
  readonly deps?: (adapters: MemoryAdapters) => Partial<CheckoutDeps>;
  /** Engine options other than the settings. */
  readonly options?: Omit<CheckoutOptions, 'settings'>;
  /** Options of the memory order repository (its fault hook, `faultBeforeCommit`). */
  readonly orders?: MemoryOrderRepositoryOptions;
}

/** A checkout on a fresh demo store. */
export interface DemoCheckout {
  readonly checkout: Checkout;
  readonly adapters: MemoryAdapters;
  readonly deps: CheckoutDeps;
  readonly clock: ManualClock;
  readonly data: MemoryStoreData;
  readonly settings: StoreSettings;
  /** Opens a session for API user 1 and answers its id. */
  open(): Promise<string>;
  /** The stored session, read straight from the memory store (no expiry slide, no engine). */
  stored(sessionId: string): Promise<CheckoutSession>;
}

/** A failed test with the error in the message, rather than a bare "unwrap failed". */
function describeError(error: CheckoutError): string {
  return `${error.kind} ${JSON.stringify(error.fields)}`;
}

/** The success value of an engine call; fails the test with the error otherwise. */
export async function expectOk<T>(call: ResultAsync<T, CheckoutError> | Promise<Result<T, CheckoutError>>) {
  const result = await call;
  if (result.isErr()) throw new Error(`expected success, got ${describeError(result.error)}`);
  return result.value;
}

/** The error of an engine call; fails the test when it succeeded. */
export async function expectErr<T>(
  call: ResultAsync<T, CheckoutError> | Promise<Result<T, CheckoutError>>,
): Promise<CheckoutError> {
  const result = await call;
  if (result.isOk()) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
}

/** The engine on a fresh demo store. */
export function demoCheckout(overrides: DemoCheckoutOverrides = {}): DemoCheckout {
  const clock = createManualClock(startInstant);
  const demo = demoStore();
  let settings = demo.settings;
  if (overrides.config !== undefined) {
    const applied = applyStoreConfig(demo.settings, overrides.config);
    if (applied.isErr()) throw new Error(`bad test config: ${JSON.stringify(applied.error)}`);
    settings = applied.value;
    const extensions = applyExtensionConfig(demo.data.extensions, overrides.config);
    if (extensions.isErr()) throw new Error(`bad test config: ${JSON.stringify(extensions.error)}`);
    demo.data.extensions = extensions.value;
  }
  const adapters = createMemoryAdapters(demo.data, { clock, orders: overrides.orders });
  const base: CheckoutDeps = {
    sessions: adapters.sessions,
    catalog: adapters.catalog,
    customers: adapters.customers,
    geo: adapters.geo,
    taxes: adapters.taxes,
    coupons: adapters.coupons,
    orders: adapters.orders,
    clock,
    ids: createSequentialIds(),
    notifier: adapters.notifier,
    // The demo's extensions, so every step up to confirm is reachable; a test replaces them through `deps`.
    shippingMethods: createShippingMethods(demo.data.extensions.shipping),
    paymentMethods: createPaymentMethods(demo.data.extensions.payment),
    totalCalculators: createTotalCalculators(demo.data.extensions.totals),
  };
  const deps: CheckoutDeps = Object.assign({}, base, overrides.deps?.(adapters));
  const checkout = createCheckout(deps, { ...overrides.options, settings });
  return {
    checkout,
    adapters,
    deps,
    clock,
    data: demo.data,
    settings,
    open: async () => (await expectOk(checkout.openSession({ apiUserId: 1 }))).sessionId,
    stored: async (sessionId) => {
      const lookup = await adapters.sessions.get(sessionId);
      if (lookup.status !== 'found') throw new Error(`session ${sessionId} is ${lookup.status}`);
      return lookup.session;
    },
  };
}

/**
 * A body as the engine receives it: the request types describe what clients send, but the engine checks every
 * value at run time, so tests may send anything (malformed fields included).
 */
export function asRequest<T>(body: unknown): T {
  return body as T;
}

/** A valid UK payment or shipping address body (Lancashire), with the prefix's field names. */
export function ukAddress<P extends 'payment_' | 'shipping_'>(
  prefix: P,
  extra: Record<string, unknown> = {},
): AddressRequest<P> {
  return asRequest({
    [`${prefix}firstname`]: 'Jane',
    [`${prefix}lastname`]: 'Smith',
    [`${prefix}address_1`]: '1 Market Street',
    [`${prefix}city`]: 'Preston',
    [`${prefix}postcode`]: 'PR1 2HJ',
    [`${prefix}country_id`]: 222,
    [`${prefix}zone_id`]: 3563,
    ...extra,
  });
}

/** A valid US address body (California, no postcode). */
export function usAddress<P extends 'payment_' | 'shipping_'>(
  prefix: P,
  extra: Record<string, unknown> = {},
): AddressRequest<P> {
  return asRequest({
    [`${prefix}firstname`]: 'Joe',
    [`${prefix}lastname`]: 'Bloggs',
    [`${prefix}address_1`]: '1 Infinite Loop',
    [`${prefix}city`]: 'Cupertino',
    [`${prefix}country_id`]: 223,
    [`${prefix}zone_id`]: 3624,
    ...extra,
  });
}

/** A guest customer body that passes every check on the demo store. */
export const guest = {
  firstname: 'Jane',
  lastname: 'Smith',
  email: 'jane@example.com',
  telephone: '01632 960123',
};
