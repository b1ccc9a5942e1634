/**
 * The engine over failing and slow ports: every port failure is `unavailable` naming the port with the session
 * untouched (a throwing clock or id generator included), one catalog call (`getProducts`) per command and per cart
 * read whatever the cart holds (plus the category tree for a coupon limited to categories), commands on one session
 * taking turns within an engine, and compare-and-set between engines racing on one session (no lost write).
 */
import type { ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { MemoryAdapters } from '../../src/adapters/memory/index.js';
import type { CheckoutError, PortName } from '../../src/domain/errors.js';
import type { Checkout } from '../../src/engine/checkout.js';
import type { CheckoutDeps } from '../../src/engine/context.js';
import { createCheckout } from '../../src/engine/create-checkout.js';
import type { Catalog } from '../../src/ports/catalog.js';
import { createManualClock, createSequentialIds } from '../../src/testing/index.js';
import {
  demoCheckout,
  expectErr,
  expectOk,
  guest,
  startInstant,
  ukAddress,
} from './support/demo-checkout.js';
import { readySession } from './support/orders.js';
import { barrier, type FailureMode, failable, PortDown } from './support/ports.js';

/** One port method to break, the port name the error must carry, and a call that reaches it. */
interface Breakage {
  readonly label: string;
  readonly name: PortName;
  readonly dep: 'sessions' | 'catalog' | 'customers' | 'geo' | 'taxes' | 'coupons';
  readonly method: string;
  readonly trigger: (checkout: Checkout, id: string) => ResultAsync<unknown, CheckoutError>;
}

const breakages: readonly Breakage[] = [
  {
    label: 'sessions.get',
    name: 'sessions',
    dep: 'sessions',
    method: 'get',
    trigger: (c, id) => c.addProduct(id, { product_id: 32 }),
  },
  {
    label: 'sessions.save',
    name: 'sessions',
    dep: 'sessions',
    method: 'save',
    trigger: (c, id) => c.addProduct(id, { product_id: 32 }),
  },
  {
    label: 'catalog.getProducts',
    name: 'catalog',
    dep: 'catalog',
    method: 'getProducts',
    trigger: (c, id) => c.addProduct(id, { product_id: 32 }),
  },
  {
    label: 'taxes.getTaxTable',
    name: 'taxes',
    dep: 'taxes',
    method: 'getTaxTable',
    trigger: (c, id) => c.addProduct(id, { product_id: 32 }),
  },
  {
    label: 'customers.getCustomer',
    name: 'customers',
    dep: 'customers',
    method: 'getCustomer',
    trigger: (c, id) => c.setCustomer(id, { ...guest, customer_id: 1 }),
  },
  {
    label: 'coupons.getCoupon',
    name: 'coupons',
    dep: 'coupons',
    method: 'getCoupon',
    trigger: (c, id) => c.setCoupon(id, { coupon: '2222' }),
  },
  {
    label: 'coupons.countUses',
    name: 'coupons',
    dep: 'coupons',
    method: 'countUses',
    trigger: (c, id) => c.setCoupon(id, { coupon: '2222' }),
  },
  {
    label: 'catalog.getCategories (a coupon limited to categories)',
    name: 'catalog',
    dep: 'catalog',
    method: 'getCategories',
    trigger: (c, id) => c.setCoupon(id, { coupon: '4444' }),
  },
  {
    label: 'geo.getCountry',
    name: 'geo',
    dep: 'geo',
    method: 'getCountry',
    trigger: (c, id) => c.setPaymentAddress(id, ukAddress('payment_')),
  },
];

describe.each(['reject', 'throw'] as const)('a port method that fails (%s)', (mode: FailureMode) => {
  it.each(breakages)('$label → unavailable naming the port, the session unchanged', async (breakage) => {
    let control: { failing: boolean; error: Error } | undefined;
    const demo = demoCheckout({
      deps: (adapters: MemoryAdapters): Partial<CheckoutDeps> => {
        const broken = failable(adapters[breakage.dep], breakage.method as never, mode);
        control = broken.control;
        return { [breakage.dep]: broken.port };
      },
    });
    const id = await demo.open();
    await expectOk(demo.checkout.addProduct(id, { product_id: 40 }));
    const before = await demo.stored(id);
    if (control === undefined) throw new Error('no control');
    control.failing = true;
    const error = await expectErr(breakage.trigger(demo.checkout, id));
    expect(error).toMatchObject({
      kind: 'unavailable',
      port: breakage.name,
      fields: { warning: 'Service temporarily unavailable!' },
    });
    expect((error as Extract<CheckoutError, { kind: 'unavailable' }>).cause).toBe(control.error);
    control.failing = false;
    expect(await demo.stored(id)).toEqual(before);
  });
});

/** An operation of the engine, run on a session that holds product 40 (or, for `openSession`, on none). */
interface Operation {
  readonly label: string;
  readonly run: (checkout: Checkout, id: string) => ResultAsync<unknown, CheckoutError>;
}

const clockOperations: readonly Operation[] = [
  { label: 'openSession', run: (c) => c.openSession({ apiUserId: 1 }) },
  { label: 'addProduct', run: (c, id) => c.addProduct(id, { product_id: 32 }) },
  { label: 'setCustomer', run: (c, id) => c.setCustomer(id, guest) },
  { label: 'getProducts', run: (c, id) => c.getProducts(id) },
  { label: 'getTotals', run: (c, id) => c.getTotals(id) },
  { label: 'getSession', run: (c, id) => c.getSession(id) },
  { label: 'listProducts', run: (c, id) => c.listProducts(id, {}) },
  { label: 'listManufacturers', run: (c, id) => c.listManufacturers(id, {}) },
];

const idOperations: readonly Operation[] = [
  { label: 'openSession', run: (c) => c.openSession({ apiUserId: 1 }) },
  { label: 'addProduct', run: (c, id) => c.addProduct(id, { product_id: 32 }) },
  {
    label: 'addProducts',
    run: (c, id) => c.addProducts(id, { product: [{ product_id: 32 }, { product_id: 29 }] }),
  },
];

/**
 * A synchronous port (`clock.now`, `ids.newId`) that, once armed, breaks from its `failFrom`-th call on: it
 * throws, or answers `broken` (a value of the wrong kind) when one is given.
 */
function breaking<T extends object>(target: T, method: keyof T & string, broken?: () => unknown) {
  const control = { calls: 0, failFrom: Number.POSITIVE_INFINITY, error: new PortDown(method) };
  const wrapped = (...args: unknown[]) => {
    control.calls += 1;
    if (control.calls >= control.failFrom) {
      if (broken !== undefined) return broken();
      throw control.error;
    }
    return (target[method] as (...a: unknown[]) => unknown).apply(target, args);
  };
  return { port: { ...target, [method]: wrapped } as T, control };
}

/**
 * Runs `operation` once for every call of the port it makes, breaking the port from that call on: each run
 * answers `unavailable` naming the port (never a rejected promise) and leaves the stored session as it was;
 * the run after the last call succeeds. Answers how many calls were broken.
 */
async function breakEveryCall(
  dep: 'clock' | 'ids',
  name: PortName,
  operation: Operation,
  broken?: () => unknown,
): Promise<number> {
  for (let k = 1; k < 20; k += 1) {
    let control: ReturnType<typeof breaking>['control'] | undefined;
    const demo = demoCheckout({
      // A clock and ids of the engine's own: the memory session store keeps the demo's clock, unbroken.
      deps: () => {
        const port =
          dep === 'clock'
            ? breaking(createManualClock(startInstant), 'now', broken)
            : breaking(createSequentialIds('broken'), 'newId', broken);
        control = port.control;
        return { [dep]: port.port };
      },
    });
    const id = await demo.open();
    await expectOk(demo.checkout.addProduct(id, { product_id: 40 }));
    const before = await demo.stored(id);
    if (control === undefined) throw new Error('no control');
    control.failFrom = control.calls + k;
    // `await` of a rejected promise would throw here and fail the test: the point is that none rejects.
    const result = await operation.run(demo.checkout, id);
    if (result.isOk()) return k - 1;
    expect(result.error).toMatchObject({
      kind: 'unavailable',
      port: name,
      fields: { warning: 'Service temporarily unavailable!' },
    });
    const cause = (result.error as Extract<CheckoutError, { kind: 'unavailable' }>).cause;
    if (broken === undefined) expect(cause).toBe(control.error);
    else expect(cause).toBeInstanceOf(TypeError);
    expect(await demo.stored(id)).toEqual(before);
  }
  throw new Error(`${operation.label} still fails after 20 broken calls`);
}

describe('a clock or id generator that fails: unavailable, never a rejected promise', () => {
  it.each(clockOperations)('clock.now throwing at any of its calls in $label', async (operation) => {
    expect(await breakEveryCall('clock', 'clock', operation)).toBeGreaterThan(0);
  });

  it.each(clockOperations)('clock.now answering an invalid Date in $label', async (operation) => {
    expect(await breakEveryCall('clock', 'clock', operation, () => new Date(Number.NaN))).toBeGreaterThan(0);
  });

  it.each(idOperations)('ids.newId throwing at any of its calls in $label', async (operation) => {
    expect(await breakEveryCall('ids', 'ids', operation)).toBeGreaterThan(0);
  });

  it.each(idOperations)('ids.newId answering no string in $label', async (operation) => {
    expect(await breakEveryCall('ids', 'ids', operation, () => undefined)).toBeGreaterThan(0);
  });
});

/**
 * Confirm and history_add on a session ready to confirm (and, for history, with its order placed): a clock broken
 * from each of the operation's calls on answers unavailable `clock`, and writes no order, entry or session.
 */
describe('a clock that fails during confirm or history_add', () => {
  const writes = [
    { label: 'confirm', placed: false, run: (c: Checkout, id: string) => c.confirm(id, {}) },
    {
      label: 'addHistory',
      placed: true,
      run: (c: Checkout, id: string) => c.addHistory(id, { order_id: 1, order_status_id: 5 }),
    },
  ];
  it.each(writes)('$label: unavailable clock, nothing written', async ({ placed, run }) => {
    for (let k = 1; k < 20; k += 1) {
      let control: ReturnType<typeof breaking>['control'] | undefined;
      const demo = demoCheckout({
        deps: () => {
          const port = breaking(createManualClock(startInstant), 'now');
          control = port.control;
          return { clock: port.port };
        },
      });
      const id = await readySession(demo);
      if (placed) await expectOk(demo.checkout.confirm(id, {}));
      const before = { session: await demo.stored(id), order: await demo.adapters.orders.get(1) };
      if (control === undefined) throw new Error('no control');
      control.failFrom = control.calls + k;
      const result = await run(demo.checkout, id);
      if (result.isOk()) {
        expect(k).toBeGreaterThan(1);
        return;
      }
      expect(result.error).toMatchObject({ kind: 'unavailable', port: 'clock' });
      expect({ session: await demo.stored(id), order: await demo.adapters.orders.get(1) }).toEqual(before);
    }
    throw new Error('still failing after 20 broken calls');
  });
});

describe('reads over a failing port', () => {
  it('getProducts and getTotals answer unavailable catalog and save no new version', async () => {
    let control: { failing: boolean } | undefined;
    const demo = demoCheckout({
      deps: (adapters) => {
        const broken = failable(adapters.catalog, 'getProducts', 'reject');
        control = broken.control;
        return { catalog: broken.port };
      },
    });
    const id = await demo.open();
    await expectOk(demo.checkout.addProduct(id, { product_id: 40 }));
    if (control === undefined) throw new Error('no control');
    control.failing = true;
    expect(await expectErr(demo.checkout.getProducts(id))).toMatchObject({
      kind: 'unavailable',
      port: 'catalog',
    });
    expect(await expectErr(demo.checkout.getTotals(id))).toMatchObject({
      kind: 'unavailable',
      port: 'catalog',
    });
    expect((await demo.stored(id)).version).toBe(2);
  });

  it('openSession over a failing session store answers unavailable sessions', async () => {
    const demo = demoCheckout({
      deps: (adapters) => {
        const broken = failable(adapters.sessions, 'save', 'throw');
        broken.control.failing = true;
        return { sessions: broken.port };
      },
    });
    expect(await expectErr(demo.checkout.openSession({ apiUserId: 1 }))).toMatchObject({
      kind: 'unavailable',
      port: 'sessions',
    });
  });
});

/** Every method of the `Catalog` port, whose calls the batching tests count. */
const catalogMethods = [
  'getProducts',
  'getManufacturer',
  'listManufacturers',
  'countManufacturers',
  'listProducts',
  'countProducts',
  'getCategories',
] as const satisfies readonly (keyof Catalog)[];

/** A catalog recording every call of every method, in order, by method name and arguments. */
function countingCatalog(catalog: Catalog) {
  const calls: { readonly method: keyof Catalog; readonly args: unknown[] }[] = [];
  const port = Object.fromEntries(
    catalogMethods.map((method) => [
      method,
      (...args: unknown[]) => {
        calls.push({ method, args });
        return (catalog[method] as (...a: unknown[]) => unknown).apply(catalog, args);
      },
    ]),
  ) as unknown as Catalog;
  return { port, calls };
}

describe('batched catalog reads', () => {
  function countingCheckout() {
    let calls: ReturnType<typeof countingCatalog>['calls'] = [];
    const demo = demoCheckout({
      deps: (adapters) => {
        const counted = countingCatalog(adapters.catalog);
        calls = counted.calls;
        return { catalog: counted.port };
      },
    });
    /** Runs `run` and answers the catalog methods it called, in order. */
    const methodsOf = async (run: () => ResultAsync<unknown, CheckoutError>) => {
      const before = calls.length;
      await expectOk(run());
      return calls.slice(before).map((call) => call.method);
    };
    return { ...demo, calls: () => calls, methodsOf };
  }

  it('a command or a cart read makes one catalog call, getProducts, whatever the number of lines', async () => {
    const { checkout, open, stored, calls, methodsOf } = countingCheckout();
    const id = await open();
    const once = async (run: () => ResultAsync<unknown, CheckoutError>) => {
      expect(await methodsOf(run)).toEqual(['getProducts']);
      return calls().at(-1)?.args[0] as readonly number[];
    };
    const ids = await once(() =>
      checkout.addProducts(id, {
        product: [{ product_id: 40 }, { product_id: 32 }, { product_id: 29 }, { product_id: 43 }],
      }),
    );
    expect([...ids].sort((a, b) => a - b)).toEqual([29, 32, 40, 43]);
    const more = await once(() =>
      checkout.addProducts(id, {
        product: [{ product_id: 47, option: { '225': '2026-05-01' } }, { product_id: 40 }],
      }),
    );
    expect([...more].sort((a, b) => a - b)).toEqual([29, 32, 40, 43, 47]);
    await once(() => checkout.addProduct(id, { product_id: 41, subscription_plan_id: 2 }));
    await once(() => checkout.setCustomer(id, guest));
    await once(() => checkout.updateCartLine(id, { cart_id: 'id-cart-1', quantity: 4 }));
    await once(() => checkout.removeCartLine(id, { cart_id: 'id-cart-2' }));
    await once(() => checkout.setPaymentAddress(id, ukAddress('payment_')));
    await once(() => checkout.setShippingAddress(id, ukAddress('shipping_')));
    await once(() => checkout.setCurrency(id, { currency: 'GBP' }));
    // The plan's line goes, since no payment method of the demo takes a subscription on a shipped cart.
    const plan = (await stored(id)).cart.find((line) => line.productId === 41)?.cartId ?? '';
    await once(() => checkout.removeCartLine(id, { cart_id: plan }));
    await once(() => checkout.getShippingMethods(id));
    await once(() => checkout.setShippingMethod(id, { shipping_method: 'flat.flat' }));
    await once(() => checkout.getPaymentMethods(id));
    await once(() => checkout.setPaymentMethod(id, { payment_method: 'cod' }));
    await once(() => checkout.getProducts(id));
    await once(() => checkout.getTotals(id));
  });

  it('with a coupon in the session still one call; a coupon limited to categories adds the category tree', async () => {
    const { checkout, open, methodsOf } = countingCheckout();
    const id = await open();
    // Product 33 is in category 28, the one coupon 4444 is limited to.
    await expectOk(checkout.addProducts(id, { product: [{ product_id: 40 }, { product_id: 33 }] }));
    expect(await methodsOf(() => checkout.setCoupon(id, { coupon: '2222' }))).toEqual(['getProducts']);
    expect(await methodsOf(() => checkout.addProduct(id, { product_id: 29 }))).toEqual(['getProducts']);
    expect(await methodsOf(() => checkout.getTotals(id))).toEqual(['getProducts']);
    const withTree = ['getCategories', 'getProducts'];
    const sorted = async (run: () => ResultAsync<unknown, CheckoutError>) => (await methodsOf(run)).sort();
    expect(await sorted(() => checkout.setCoupon(id, { coupon: '4444' }))).toEqual(withTree);
    expect(await sorted(() => checkout.addProduct(id, { product_id: 29 }))).toEqual(withTree);
    expect(await sorted(() => checkout.getTotals(id))).toEqual(withTree);
  });

  it('a refused add reads the catalog once too', async () => {
    const { checkout, open, calls } = countingCheckout();
    const id = await open();
    await expectErr(
      checkout.addProducts(id, { product: [{ product_id: 999 }, { product_id: 30 }, { product_id: 41 }] }),
    );
    expect(calls().map((call) => call.method)).toEqual(['getProducts']);
  });
});

/**
 * A demo store and `parties` engines over it, as that many processes sharing one session store would be, whose
 * session loads wait until `parties` of them have arrived, all at once: each engine's command loads the same
 * version, and all but one lose the compare-and-set race.
 */
function racingCheckouts(parties: number, retries?: number) {
  let control: { armed: boolean } | undefined;
  const demo = demoCheckout({
    deps: (adapters) => {
      const held = barrier(adapters.sessions, 'get', parties);
      control = held.control;
      return { sessions: held.port };
    },
  });
  const options = { settings: demo.settings, ...(retries === undefined ? {} : { contention: { retries } }) };
  const engines = Array.from({ length: parties }, () => createCheckout(demo.deps, options));
  const arm = () => {
    if (control === undefined) throw new Error('no control');
    control.armed = true;
  };
  return { demo, engines, arm };
}

/** The nth engine of `engines`. */
function engine(engines: readonly Checkout[], n: number): Checkout {
  const found = engines[n];
  if (found === undefined) throw new Error(`no engine ${n}`);
  return found;
}

/** A demo checkout whose session store counts the saves that lost a compare-and-set race. */
function countingConflicts(retries?: number) {
  const conflicts = { count: 0 };
  const demo = demoCheckout({
    deps: (adapters) => ({
      sessions: {
        ...adapters.sessions,
        save: async (session, expected) => {
          const outcome = await adapters.sessions.save(session, expected);
          if (outcome === 'conflict') conflicts.count += 1;
          return outcome;
        },
      },
    }),
    ...(retries === undefined ? {} : { options: { contention: { retries } } }),
  });
  return { demo, conflicts };
}

describe('commands racing on one session in one engine take turns', () => {
  it('twenty at once, with no retries allowed, are all accepted and never lose a race at the store', async () => {
    const { demo, conflicts } = countingConflicts(0);
    const id = await demo.open();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => demo.checkout.addProduct(id, { product_id: 40 })),
    );
    expect(results.filter((result) => result.isErr())).toEqual([]);
    expect(conflicts.count).toBe(0);
    const session = await demo.stored(id);
    expect(session.version).toBe(21);
    expect(session.cart.map((line) => line.quantity)).toEqual([20]);
  });

  it('each decides on the session the ones before it left, not on one the host loaded before its turn', async () => {
    const { demo, conflicts } = countingConflicts(0);
    const id = await demo.open();
    // As the HTTP layer does: the session is loaded once per request, before the command runs.
    const loaded = await Promise.all(
      Array.from({ length: 20 }, () => expectOk(demo.checkout.getSession(id))),
    );
    const results = await Promise.all(
      loaded.map((session, i) => demo.checkout.addProduct(session, { product_id: i % 2 === 0 ? 40 : 33 })),
    );
    expect(results.filter((result) => result.isErr())).toEqual([]);
    expect(conflicts.count).toBe(0);
    const session = await demo.stored(id);
    expect(session.version).toBe(21);
    expect(session.cart.map((line) => [line.productId, line.quantity])).toEqual([
      [40, 10],
      [33, 10],
    ]);
  });

  it('a confirm takes its turn with the steps: it orders the cart as the add before it left it', async () => {
    const { demo, conflicts } = countingConflicts(0);
    const id = await readySession(demo);
    const loaded = await expectOk(demo.checkout.getSession(id));
    const [, confirmed] = await Promise.all([
      expectOk(demo.checkout.addProduct(loaded, { product_id: 33 })),
      expectOk(demo.checkout.confirm(loaded, {})),
    ]);
    const { orderId } = confirmed;
    expect(demo.data.orders.get(orderId)?.products.map((line) => line.productId)).toContain(33);
    expect(conflicts.count).toBe(0);
  });
});

describe('compare-and-set between engines racing on one session (as separate processes)', () => {
  it('two commands that loaded the same version both succeed: the loser decides again on the fresh session', async () => {
    const { demo, engines, arm } = racingCheckouts(2);
    const id = await demo.open();
    arm();
    const results = await Promise.all([
      engine(engines, 0).addProduct(id, { product_id: 40 }),
      engine(engines, 1).addProduct(id, { product_id: 32, quantity: 2 }),
    ]);
    expect(results.every((result) => result.isOk())).toBe(true);
    const session = await demo.stored(id);
    expect(session.version).toBe(3);
    expect(session.cart.map((line) => line.productId).sort((a, b) => a - b)).toEqual([32, 40]);
  });

  it('without retries, of two commands that loaded the same version one succeeds, the other is a conflict, no write lost', async () => {
    const { demo, engines, arm } = racingCheckouts(2, 0);
    const id = await demo.open();
    arm();
    const results = await Promise.all([
      engine(engines, 0).addProduct(id, { product_id: 40 }),
      engine(engines, 1).addProduct(id, { product_id: 32, quantity: 2 }),
    ]);
    const winners = results.filter((result) => result.isOk());
    const losers = results.flatMap((result) => (result.isErr() ? [result.error] : []));
    expect(winners).toHaveLength(1);
    expect(losers).toEqual([
      {
        kind: 'conflict',
        fields: {
          warning: 'Warning: Another request changed this session first; nothing was saved, try again!',
        },
      },
    ]);
    const session = await demo.stored(id);
    expect(session.version).toBe(2);
    const winner = results[0]?.isOk() ? 40 : 32;
    expect(session.cart.map((line) => line.productId)).toEqual([winner]);
    // The loser retries on the new version and both changes are kept.
    const retry = winner === 40 ? { product_id: 32, quantity: 2 } : { product_id: 40 };
    await expectOk(engine(engines, 1).addProduct(id, retry));
    const after = await demo.stored(id);
    expect(after.version).toBe(3);
    expect(after.cart.map((line) => line.productId).sort((a, b) => a - b)).toEqual([32, 40]);
  });

  it('a logout racing a command never brings the session back', async () => {
    const { demo, engines, arm } = racingCheckouts(2);
    const id = await demo.open();
    arm();
    const [added, closed] = await Promise.all([
      engine(engines, 0).addProduct(id, { product_id: 40 }),
      engine(engines, 1).closeSession(id),
    ]);
    expect(closed.isOk()).toBe(true);
    // The add either lost its race and, deciding again, found the session gone, or it saved first.
    if (added.isErr()) expect(['conflict', 'unauthorized']).toContain(added.error.kind);
    expect(await demo.adapters.sessions.get(id)).toEqual({ status: 'missing' });
    expect((await expectErr(demo.checkout.getSession(id))).kind).toBe('unauthorized');
  });

  it('twenty racing commands are all accepted, each decided on the session the others left', async () => {
    const { demo, engines, arm } = racingCheckouts(20);
    const id = await demo.open();
    arm();
    const results = await Promise.all(engines.map((each) => each.addProduct(id, { product_id: 40 })));
    expect(results.filter((result) => result.isOk())).toHaveLength(20);
    const session = await demo.stored(id);
    expect(session.version).toBe(21);
    expect(session.cart.map((line) => line.quantity)).toEqual([20]);
  });

  it('twenty racing commands without retries: exactly one wins', async () => {
    const { demo, engines, arm } = racingCheckouts(20, 0);
    const id = await demo.open();
    arm();
    const results = await Promise.all(engines.map((each) => each.addProduct(id, { product_id: 40 })));
    expect(results.filter((result) => result.isOk())).toHaveLength(1);
    expect(results.filter((result) => result.isErr() && result.error.kind === 'conflict')).toHaveLength(19);
    const session = await demo.stored(id);
    expect(session.version).toBe(2);
    expect(session.cart.map((line) => line.quantity)).toEqual([1]);
  });
});
