/**
 * Making and opening stores (see the `CheckoutStore` port): `defineStore` for a store of the host's own, and the
 * checks that make wiring mistakes fail when the checkout is made, naming what is wrong.
 * @module
 */
import { CartwrightInvariantError } from '../domain/errors.js';
import type { ExtensionConfig } from '../domain/settings/extension-config.js';
import type { StoreSettings } from '../domain/settings/settings.js';
import type {
  CheckoutStore,
  StoreContext,
  StoreDefinition,
  StoreLayer,
  StorePortName,
  StorePorts,
} from '../ports/store.js';

/** The ports every store must provide, with the methods each must have. */
export const requiredPorts: Readonly<Record<StorePortName, readonly string[]>> = {
  sessions: ['get', 'save', 'touch', 'delete'],
  catalog: ['getProducts', 'getManufacturer', 'listManufacturers', 'countManufacturers', 'listProducts'],
  customers: [
    'getCustomer',
    'findCustomerByEmail',
    'getCustomerGroup',
    'getCustomFields',
    'getRewardBalance',
  ],
  geo: ['getCountry', 'getGeoZones'],
  taxes: ['getTaxTable'],
  coupons: ['getCoupon', 'countUses'],
  orders: ['create', 'update', 'addHistory', 'claim', 'get'],
  stock: ['move'],
  notifier: ['notify'],
  outbox: [
    'claim',
    'complete',
    'fail',
    'release',
    'redeliver',
    'skip',
    'eventsOf',
    'deliveriesOf',
    'onWritten',
  ],
  apiUsers: ['findByUsername', 'getApiUser'],
  loginThrottle: ['check', 'recordFailure', 'reset'],
  replayGuard: ['claim'],
};

/** The ports a store may leave out. */
const optionalPorts: ReadonlySet<StorePortName> = new Set<StorePortName>(['stock', 'notifier', 'outbox']);

/** Every port a store must provide: what a complete store bundle (memory, PostgreSQL) says it provides. */
export const everyRequiredPort: readonly StorePortName[] = (
  Object.keys(requiredPorts) as StorePortName[]
).filter((name) => !optionalPorts.has(name));

/** Throws the invariant error of a wiring mistake, prefixed as every such message is. */
export function wiringError(message: string): never {
  throw new CartwrightInvariantError(`createCheckout: ${message}`);
}

/** Checks that `layer` is a layer: a name, the ports it provides, and `open`. */
function checkLayer(layer: unknown, what: string): asserts layer is StoreLayer {
  const candidate = layer as Partial<StoreLayer> | null | undefined;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.open !== 'function' ||
    !Array.isArray(candidate.provides)
  ) {
    wiringError(
      `${what} is not a store layer (make one with memoryStore(snapshot), postgresStore({ pool }) or redisSessions({ client })), got ${describeValue(layer)}`,
    );
  }
}

/** A short description of a value, for messages. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object')
    return `an object with ${Object.keys(value).slice(0, 6).join(', ') || 'no keys'}`;
  return typeof value;
}

/** Makes a store from its base layer; overlays are mounted with `mount`. */
export function defineStore(definition: StoreDefinition): CheckoutStore {
  checkLayer(definition.base, 'the base');
  return storeOf([definition.base], definition.settings, definition.extensions);
}

/** A store over `layers`. */
function storeOf(
  layers: readonly StoreLayer[],
  settings: StoreSettings | undefined,
  extensions: ExtensionConfig | undefined,
): CheckoutStore {
  return Object.freeze({
    layers,
    settings,
    extensions,
    mount(overlay: StoreLayer): CheckoutStore {
      checkLayer(overlay, 'the mounted overlay');
      return storeOf([...layers, overlay], settings, extensions);
    },
  });
}

/** Whether `value` looks like a store made by {@link defineStore}. */
export function isCheckoutStore(value: unknown): value is CheckoutStore {
  const candidate = value as Partial<CheckoutStore> | null | undefined;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    Array.isArray(candidate.layers) &&
    typeof candidate.mount === 'function'
  );
}

/** Checks that `port` has every method `name` needs; names the layer that gave it when not. */
function checkPort(name: StorePortName, port: unknown, layer: string): void {
  const missing = requiredPorts[name].filter(
    (method) => typeof (port as Record<string, unknown> | null)?.[method] !== 'function',
  );
  if (missing.length > 0) {
    wiringError(`store port ${name} (from ${layer}) lacks ${missing.join(', ')}; got ${describeValue(port)}`);
  }
}

/**
 * Opens every layer of `store`, later ones replacing the ports they provide, and checks the result: every
 * required port present, each with its methods. Throws a `CartwrightInvariantError` naming what is wrong.
 */
export function openStore(store: CheckoutStore, context: StoreContext): StorePorts {
  const ports: Partial<Record<StorePortName, unknown>> = {};
  const from: Partial<Record<StorePortName, string>> = {};
  for (const layer of store.layers) {
    const opened = layer.open(context) as Partial<Record<StorePortName, unknown>>;
    for (const name of layer.provides) {
      if (opened[name] === undefined) continue;
      ports[name] = opened[name];
      from[name] = layer.name;
    }
  }
  for (const name of Object.keys(requiredPorts) as StorePortName[]) {
    const port = ports[name];
    if (port === undefined) {
      if (optionalPorts.has(name)) continue;
      wiringError(`the store provides no ${name}: mount a layer that does`);
    }
    checkPort(name, port, from[name] ?? 'the store');
  }
  return ports as unknown as StorePorts;
}
