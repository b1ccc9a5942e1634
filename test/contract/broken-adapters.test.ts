/**
 * Proves the contract suites can fail: each runs against a correct adapter (a small reference one, a memory
 * adapter over the suite's seed, or a built-in: every case passes, the failure cases on a store that rejects) and
 * against copies with one defect switched on (exactly the cases that check that point fail, with an assertion
 * error rather than a crash). Every major promise of every suite has a defect that breaks it.
 */
import { AssertionError } from 'node:assert';
import { describe, expect, it } from 'vitest';
import {
  createMemoryApiUserDirectory,
  createMemoryCatalog,
  createMemoryCouponDirectory,
  createMemoryCustomerDirectory,
  createMemoryGeoDirectory,
  createMemoryStock,
  createMemoryTaxRates,
} from '../../src/adapters/memory/index.js';
import { createRandomIdGenerator, createSystemClock, defaultTotalCalculators } from '../../src/core/index.js';
import type { DomainEvent } from '../../src/domain/machine/events.js';
import { createCodPayment, createFlatShipping, createIpFraudCheck } from '../../src/extensions/index.js';
import { money } from '../../src/money/index.js';
import type { ApiUserDirectory } from '../../src/ports/api-user-directory.js';
import type { Catalog } from '../../src/ports/catalog.js';
import type { CouponDirectory } from '../../src/ports/coupon-directory.js';
import type { CustomerDirectory } from '../../src/ports/customer-directory.js';
import type { FraudCheck } from '../../src/ports/fraud-check.js';
import type { GeoDirectory } from '../../src/ports/geo-directory.js';
import type { Notifier } from '../../src/ports/notifier.js';
import type { PaymentMethod } from '../../src/ports/payment-method.js';
import type { ShippingMethod } from '../../src/ports/shipping-method.js';
import type { Stock } from '../../src/ports/stock.js';
import type { TaxRates } from '../../src/ports/tax-rates.js';
import {
  type CatalogSeed,
  createManualClock,
  describeApiUserDirectoryContract,
  describeCatalogContract,
  describeClockContract,
  describeCouponDirectoryContract,
  describeCustomerDirectoryContract,
  describeFraudCheckContract,
  describeGeoDirectoryContract,
  describeIdGeneratorContract,
  describeLoginThrottleContract,
  describeNotifierContract,
  describeOrderRepositoryContract,
  describePaymentMethodContract,
  describeSessionStoreContract,
  describeShippingMethodContract,
  describeStockContract,
  describeTaxRatesContract,
  describeTotalCalculatorContract,
  sampleGermanAddress,
  sampleOrderRecord,
  samplePaymentContext,
  sampleShippingContext,
  sampleTotalsContext,
  sampleTotalsState,
  type TestApi,
} from '../../src/testing/index.js';
import {
  brokenCatalog,
  brokenStock,
  type CatalogDefect,
  cachingCatalog,
  type StockDefect,
} from './support/broken-catalog.js';
import {
  type ApiUserDefect,
  brokenApiUsers,
  brokenCoupons,
  brokenCustomers,
  brokenGeo,
  brokenTaxes,
  type CouponDefect,
  type CustomerDefect,
  type GeoDefect,
  type TaxDefect,
} from './support/broken-directories.js';
import {
  brokenCalculator,
  brokenClock,
  brokenFraudCheck,
  brokenIds,
  brokenNotifier,
  brokenPayment,
  brokenShipping,
  type ClockDefect,
  type FraudDefect,
  type IdDefect,
  type NotifierDefect,
  type PaymentDefect,
  type ShippingDefect,
  type TotalsDefect,
} from './support/broken-extensions.js';
import {
  failingPort,
  leakingRecords,
  swallowingFailures,
  throwingSynchronously,
} from './support/broken-ports.js';
import { type CaseResult, captureCases, failedNames, runCases } from './support/capture.js';
import {
  createReferenceLoginThrottle,
  type LoginThrottleDefects,
} from './support/reference-login-throttle.js';
import {
  createReferenceOrderFixture,
  type OrderRepositoryDefects,
} from './support/reference-order-repository.js';
import { createReferenceSessionStore, type SessionStoreDefects } from './support/reference-session-store.js';
import {
  apiUserStore,
  catalogStore,
  couponStore,
  customerStore,
  geoStore,
  taxStore,
} from './support/seeded-store.js';

async function runSessionSuite(defects: SessionStoreDefects): Promise<CaseResult[]> {
  const cases = captureCases((t) =>
    describeSessionStoreContract(t, 'reference', async () => {
      const clock = createManualClock('2024-05-01T10:00:00Z');
      return { store: createReferenceSessionStore(clock, defects), clock };
    }),
  );
  return runCases(cases);
}

async function runOrderSuite(defects: OrderRepositoryDefects): Promise<CaseResult[]> {
  const cases = captureCases((t) =>
    describeOrderRepositoryContract(t, 'reference', async () => createReferenceOrderFixture(defects)),
  );
  return runCases(cases);
}

async function runThrottleSuite(defects: LoginThrottleDefects): Promise<CaseResult[]> {
  const cases = captureCases((t) =>
    describeLoginThrottleContract(t, 'reference', async (limits) => {
      const clock = createManualClock('2024-05-01T10:00:00Z');
      return { throttle: createReferenceLoginThrottle(clock, limits, defects), clock };
    }),
  );
  return runCases(cases);
}

/** Runs a suite that `register` registers, as captured cases. */
function runSuite(register: (t: TestApi) => void): Promise<CaseResult[]> {
  return runCases(captureCases(register));
}

/** How a store-backed port fails in a defective adapter: answering as if empty, or throwing at once. */
type FailureDefect = 'swallowsFailures' | 'throwsSynchronously';

/** The port over a failed store: rejecting (correct), or with a failure defect. */
function unavailable<P extends object>(defect?: FailureDefect): () => Promise<P> {
  if (defect === 'throwsSynchronously') return async () => throwingSynchronously<P>();
  return async () =>
    defect === 'swallowsFailures' ? swallowingFailures(failingPort<P>()) : failingPort<P>();
}

/** The catalog suite on the memory catalog, with one defect or none. */
function runCatalogSuite(defect?: CatalogDefect | 'leaksRecords' | FailureDefect): Promise<CaseResult[]> {
  const catalogOf = (seed: CatalogSeed): Catalog => {
    const catalog = createMemoryCatalog(catalogStore(seed));
    if (defect === 'leaksRecords') return leakingRecords(catalog);
    if (defect === undefined || defect === 'swallowsFailures' || defect === 'throwsSynchronously')
      return catalog;
    return brokenCatalog(catalog, defect);
  };
  const failure = defect === 'swallowsFailures' || defect === 'throwsSynchronously' ? defect : undefined;
  return runSuite((t) =>
    describeCatalogContract(t, 'reference', async (seed) => ({
      catalog: catalogOf(seed),
      unavailable: unavailable<Catalog>(failure),
    })),
  );
}

/** The stock suite on the memory stock and catalog, with one defect or none. */
function runStockSuite(defect?: StockDefect | 'cachingCatalog' | 'swallowsFailures'): Promise<CaseResult[]> {
  return runSuite((t) =>
    describeStockContract(t, 'reference', async (seed) => {
      const data = catalogStore(seed);
      const catalog = createMemoryCatalog(data);
      const stock = createMemoryStock(data);
      const correct = defect === undefined || defect === 'cachingCatalog' || defect === 'swallowsFailures';
      return {
        stock: correct ? stock : brokenStock(stock, catalog, defect),
        catalog: defect === 'cachingCatalog' ? cachingCatalog(catalog) : catalog,
        unavailable: unavailable<Stock>(defect === 'swallowsFailures' ? defect : undefined),
      };
    }),
  );
}

/** Defects every store-backed directory can have besides its own. */
type CommonDefect = 'leaksRecords' | 'swallowsFailures';

/** The directory with a common defect, or with its own (`own` applies it), or correct. */
function withDefect<P extends object, D extends string>(
  port: P,
  defect: D | CommonDefect | undefined,
  own: (port: P, defect: D) => P,
): P {
  if (defect === undefined || defect === 'swallowsFailures') return port;
  return defect === 'leaksRecords' ? leakingRecords(port) : own(port, defect as D);
}

/** The failed-store port of a directory fixture: rejecting, or answering as if empty for that defect. */
const failedStore = <P extends object>(defect: string | undefined) =>
  unavailable<P>(defect === 'swallowsFailures' ? 'swallowsFailures' : undefined);

function runCustomerSuite(defect?: CustomerDefect | CommonDefect): Promise<CaseResult[]> {
  return runSuite((t) =>
    describeCustomerDirectoryContract(t, 'reference', async (seed) => ({
      customers: withDefect(createMemoryCustomerDirectory(customerStore(seed)), defect, (port, d) =>
        brokenCustomers(port, seed, d),
      ),
      unavailable: failedStore<CustomerDirectory>(defect),
    })),
  );
}

function runGeoSuite(defect?: GeoDefect | CommonDefect): Promise<CaseResult[]> {
  return runSuite((t) =>
    describeGeoDirectoryContract(t, 'reference', async (seed) => ({
      geo: withDefect(createMemoryGeoDirectory(geoStore(seed)), defect, brokenGeo),
      unavailable: failedStore<GeoDirectory>(defect),
    })),
  );
}

function runTaxSuite(defect?: TaxDefect | CommonDefect): Promise<CaseResult[]> {
  return runSuite((t) =>
    describeTaxRatesContract(t, 'reference', async (seed) => ({
      taxes: withDefect(createMemoryTaxRates(taxStore(seed)), defect, (port, d) =>
        brokenTaxes(port, [...new Set(seed.taxRules.map((rule) => rule.taxClassId))], d),
      ),
      unavailable: failedStore<TaxRates>(defect),
    })),
  );
}

function runCouponSuite(defect?: CouponDefect | CommonDefect): Promise<CaseResult[]> {
  return runSuite((t) =>
    describeCouponDirectoryContract(t, 'reference', async (seed) => ({
      coupons: withDefect(createMemoryCouponDirectory(couponStore(seed)), defect, (port, d) =>
        brokenCoupons(port, seed, d),
      ),
      unavailable: failedStore<CouponDirectory>(defect),
    })),
  );
}

function runApiUserSuite(defect?: ApiUserDefect | CommonDefect): Promise<CaseResult[]> {
  return runSuite((t) =>
    describeApiUserDirectoryContract(t, 'reference', async (seed) => ({
      apiUsers: withDefect(createMemoryApiUserDirectory(apiUserStore(seed)), defect, (port, d) =>
        brokenApiUsers(port, seed, d),
      ),
      unavailable: failedStore<ApiUserDirectory>(defect),
    })),
  );
}

/** The failure defect of a port that may fail, or none. */
const failureOf = (defect: string | undefined) => (defect === 'swallowsFailures' ? defect : undefined);

function runNotifierSuite(defect?: NotifierDefect | 'swallowsFailures'): Promise<CaseResult[]> {
  return runSuite((t) =>
    describeNotifierContract(t, 'reference', async () => {
      const delivered: DomainEvent[] = [];
      const correct: Notifier = { notify: async (event) => void delivered.push(structuredClone(event)) };
      const own = defect === undefined || defect === 'swallowsFailures' ? undefined : defect;
      return {
        notifier: own === undefined ? correct : brokenNotifier(delivered, own),
        delivered: async () => delivered,
        unavailable: unavailable<Notifier>(failureOf(defect)),
      };
    }),
  );
}

function runShippingSuite(defect?: ShippingDefect | 'swallowsFailures'): Promise<CaseResult[]> {
  const flat = createFlatShipping({
    status: true,
    geoZoneId: 3,
    sortOrder: 1,
    cost: money('5.00', 'USD'),
    taxClassId: 9,
  });
  return runSuite((t) =>
    describeShippingMethodContract(t, 'reference', async () => ({
      method: defect === undefined || defect === 'swallowsFailures' ? flat : brokenShipping(flat, defect),
      applies: [sampleShippingContext()],
      excluded: [sampleShippingContext({ address: sampleGermanAddress() })],
      unavailable: unavailable<ShippingMethod>(failureOf(defect)),
    })),
  );
}

function runPaymentSuite(defect?: PaymentDefect | 'swallowsFailures'): Promise<CaseResult[]> {
  const cod = createCodPayment({ status: true, geoZoneId: 3, sortOrder: 5, orderStatusId: 1 });
  return runSuite((t) =>
    describePaymentMethodContract(t, 'reference', async () => ({
      method: defect === undefined || defect === 'swallowsFailures' ? cod : brokenPayment(cod, defect),
      applies: [samplePaymentContext()],
      excluded: [
        samplePaymentContext({ paymentAddress: sampleGermanAddress() }),
        samplePaymentContext({ cartShips: false }),
      ],
      unavailable: unavailable<PaymentMethod>(failureOf(defect)),
    })),
  );
}

function runFraudSuite(defect?: FraudDefect | 'swallowsFailures'): Promise<CaseResult[]> {
  const ip = createIpFraudCheck({ ips: ['203.0.113.7'], orderStatusId: 8 });
  return runSuite((t) =>
    describeFraudCheckContract(t, 'reference', async () => {
      const order = sampleOrderRecord();
      return {
        check: defect === undefined || defect === 'swallowsFailures' ? ip : brokenFraudCheck(ip, 8, defect),
        flagged: [
          { order: sampleOrderRecord({ client: { ...order.client, ip: '203.0.113.7' } }), orderStatusId: 8 },
        ],
        passed: [order],
        unavailable: unavailable<FraudCheck>(failureOf(defect)),
      };
    }),
  );
}

function runTotalsSuite(defect?: TotalsDefect): Promise<CaseResult[]> {
  const [subTotal] = defaultTotalCalculators;
  if (subTotal === undefined) throw new Error('no default calculators');
  return runSuite((t) =>
    describeTotalCalculatorContract(t, 'reference', async () => ({
      calculator: defect === undefined ? subTotal : brokenCalculator(subTotal, defect),
      inputs: [
        { state: sampleTotalsState(), context: sampleTotalsContext() },
        { state: sampleTotalsState('10.00'), context: sampleTotalsContext() },
      ],
    })),
  );
}

function runClockSuite(defect?: ClockDefect | 'farFromNow'): Promise<CaseResult[]> {
  const clockOf = () => {
    if (defect === undefined) return createSystemClock();
    return defect === 'farFromNow' ? createManualClock('1990-01-01T00:00:00Z') : brokenClock(defect);
  };
  return runSuite((t) =>
    describeClockContract(t, 'reference', async () => ({ clock: clockOf() }), { nearSystemTime: true }),
  );
}

function runIdSuite(defect?: IdDefect): Promise<CaseResult[]> {
  return runSuite((t) =>
    describeIdGeneratorContract(t, 'reference', async () => ({
      ids: defect === undefined ? createRandomIdGenerator() : brokenIds(defect),
    })),
  );
}

/** Asserts that exactly `expected` failed, each with an assertion (a crash would prove nothing). */
function expectFailures(results: readonly CaseResult[], expected: readonly string[]): void {
  const names = new Set(results.map((result) => result.name));
  for (const name of expected) expect(names, `no case is named "${name}"`).toContain(name);
  expect(failedNames(results)).toEqual([...expected].sort());
  for (const result of results) {
    if (result.error !== undefined) expect(result.error, result.name).toBeInstanceOf(AssertionError);
  }
}

describe('the session-store contract suite', () => {
  it('registers its cases under one describe, without hooks', () => {
    const cases = captureCases((t) =>
      describeSessionStoreContract(t, 'x', async () => {
        throw new Error('not called while registering');
      }),
    );
    expect(cases).toHaveLength(16);
    for (const c of cases) expect(c.path).toEqual(['SessionStore contract: x']);
  });

  it('passes a correct store', async () => {
    expectFailures(await runSessionSuite({}), []);
  });

  it('catches a save that ignores expectedVersion', async () => {
    expectFailures(await runSessionSuite({ ignoreExpectedVersion: true }), [
      'save over a stale version is a conflict and writes nothing',
      'save with expectedVersion 0 over an existing session is a conflict and writes nothing',
      'save with a non-zero expectedVersion when nothing is stored is a conflict',
      'of 50 concurrent saves over the same version exactly one is saved, and it is stored',
      '200 concurrent read-modify-write loops that retry on conflict lose no write',
    ]);
  });

  it('catches a get that answers found for an expired session', async () => {
    expectFailures(await runSessionSuite({ foundWhenExpired: true }), [
      'a session is found until expiresAt and expired from expiresAt on (never found)',
      'expiry is judged by the fixture clock, not the system clock',
      'touch moves expiry forward without changing the version',
      'touch with an earlier expiresAt leaves the expiry as it was (expiry never moves back)',
      'touch does not revive an expired session',
      'sessions are isolated by id',
    ]);
  });

  it('catches a touch that moves the expiry earlier', async () => {
    expectFailures(await runSessionSuite({ touchMovesBack: true }), [
      'touch with an earlier expiresAt leaves the expiry as it was (expiry never moves back)',
    ]);
  });
});

describe('the order-repository contract suite', () => {
  it('registers its cases under one describe, without hooks', () => {
    const cases = captureCases((t) =>
      describeOrderRepositoryContract(t, 'x', async () => {
        throw new Error('not called while registering');
      }),
    );
    expect(cases).toHaveLength(34);
    for (const c of cases) expect(c.path).toEqual(['OrderRepository contract: x']);
  });

  it('passes a correct repository', async () => {
    expectFailures(await runOrderSuite({}), []);
  });

  it('catches stock moves applied one by one (the first stays applied when the second is refused)', async () => {
    expectFailures(await runOrderSuite({ stockMovesOneByOne: true }), [
      'a create whose second guarded move would go below zero writes nothing',
      'an addHistory or update whose second guarded move would go below zero writes nothing',
      'an update gives the old lines back and takes the new ones in one write, in the order given',
    ]);
  });

  it('catches a repository that ignores the idempotency claim', async () => {
    expectFailures(await runOrderSuite({ ignoreIdempotency: true }), [
      'the same claim with the same fingerprint replays the order and writes nothing',
      'the same key with another fingerprint is an idempotency_conflict and writes nothing',
      'of 50 concurrent creates with one claim exactly one is created and the rest replay it',
      'a create records every claim it carries: a later create with any one of them replays',
      'the first used claim decides: another fingerprint under it is a conflict',
      'of 40 concurrent creates sharing one claim, each with its own other claim, exactly one writes',
      'an update with a claim records it: the same claim replays, another fingerprint conflicts',
      'claim records a key for an existing order: a create with it replays that order, another fingerprint conflicts',
      'claim of a key already used answers it: replayed with the order it names, or a conflict',
    ]);
  });

  it('catches a check-then-act stock write that oversells under concurrency', async () => {
    expectFailures(await runOrderSuite({ checkThenActStock: true }), [
      'of 30 concurrent creates each taking 1 of the last 7 units exactly 7 are created and stock ends at 0',
    ]);
  });

  it('catches a guarded move on a product that does not exist being skipped', async () => {
    expectFailures(await runOrderSuite({ skipsUnknownTargets: true }), [
      'a guarded move on a product that does not exist refuses the write; an unguarded one changes nothing',
    ]);
  });

  it("catches a release that drops every order's redemptions", async () => {
    expectFailures(await runOrderSuite({ releaseEveryOrder: true }), [
      "release gives back only the releasing order's uses, wherever they were recorded",
    ]);
  });
});

describe('the login-throttle contract suite', () => {
  it('registers its cases under one describe, without hooks', () => {
    const cases = captureCases((t) =>
      describeLoginThrottleContract(t, 'x', async () => {
        throw new Error('not called while registering');
      }),
    );
    expect(cases).toHaveLength(10);
    for (const c of cases) expect(c.path).toEqual(['LoginThrottle contract: x']);
  });

  it('passes a correct throttle', async () => {
    expectFailures(await runThrottleSuite({}), []);
  });

  it('catches a reset that also clears the address count', async () => {
    expectFailures(await runThrottleSuite({ resetClearsAddress: true }), [
      'reset clears the username at the address, never the address count',
    ]);
  });

  it("catches counters keyed by joining address and username with ':'", async () => {
    expectFailures(await runThrottleSuite({ joinedKeys: true }), [
      'usernames and addresses are kept apart, whatever characters they hold',
    ]);
  });

  it('catches a read-then-write count that loses concurrent failures', async () => {
    expectFailures(await runThrottleSuite({ readThenWrite: true }), [
      'every one of many concurrent failures is counted',
    ]);
  });

  it('catches a retryAfterSeconds rounded down', async () => {
    expectFailures(await runThrottleSuite({ roundsDown: true }), [
      'retryAfterSeconds rounds up and is never below one',
    ]);
  });
});

/** The catalog suite's cases, by what they check. */
const catalogCases = {
  batch: 'getProducts answers each existing product asked for once, as seeded, and leaves unknown ids out',
  disabled: 'getProducts answers disabled products and those not yet available too (the rules judge them)',
  large: 'getProducts reads a batch of hundreds of ids whole, in one answer',
  names: 'name sorts ignore case, ties by id ascending in both directions',
  sortOrder: 'sort-order sorts, ties by id ascending in both directions',
  prices: "price sorts use the special of the query's group, ties by id ascending",
  specials:
    'a special applies from its start day until (not on) its end day; the lowest priority, then price, wins',
  pages: 'pages never overlap or skip, for every sort, order and page size',
  filters:
    'filters by manufacturer (0: none), by category, and by category with its sub-categories to any depth',
  row: 'a list row carries the net price, the special, the manufacturer name (empty for none), model and image',
  manufacturers:
    'manufacturers sort by name ignoring case or by sort order, ties by id, and page without overlap',
  records: 'a record handed out cannot change the store: a change is refused or never read back',
  failure: 'when its store has failed, every method rejects with an Error in time (never an empty answer)',
} as const;

describe('the catalog contract suite', () => {
  it('registers its cases under one describe, without hooks', () => {
    const cases = captureCases((t) =>
      describeCatalogContract(t, 'x', async () => {
        throw new Error('not called while registering');
      }),
    );
    expect(cases).toHaveLength(18);
    for (const c of cases) expect(c.path).toEqual(['Catalog contract: x']);
  });

  it('passes a correct catalog (its failed store rejecting)', async () => {
    expectFailures(await runCatalogSuite(), []);
  });

  it.each([
    ['answers a product asked for twice twice', 'repeatsProducts', [catalogCases.batch]],
    ['reads at most 100 ids per batch', 'capsBatches', [catalogCases.large]],
    ['hides disabled products', 'hidesDisabled', [catalogCases.disabled, catalogCases.large]],
    [
      'sorts names with regard to case',
      'caseSensitiveNames',
      [catalogCases.names, catalogCases.manufacturers],
    ],
    [
      'breaks ties by id descending',
      'tiesByIdDescending',
      [catalogCases.names, catalogCases.sortOrder, catalogCases.prices],
    ],
    ['overlaps its pages', 'pagesOverlap', [catalogCases.pages]],
    ['sorts by price without the specials', 'pricesWithoutSpecials', [catalogCases.prices]],
    ['lists no specials', 'noSpecialsInRows', [catalogCases.specials, catalogCases.row]],
    ['ignores sub-categories', 'ignoresSubCategories', [catalogCases.filters]],
    ['counts every product whatever the filter', 'countsEverything', [catalogCases.filters]],
    ['hands out records the store keeps', 'leaksRecords', [catalogCases.records]],
    ['answers empty when its store fails', 'swallowsFailures', [catalogCases.failure]],
    ['throws instead of rejecting when its store fails', 'throwsSynchronously', [catalogCases.failure]],
  ] as const)('catches a catalog that %s', async (_title, defect, expected) => {
    expectFailures(await runCatalogSuite(defect), expected);
  });
});

/** The stock suite's cases, by what they check. */
const stockCases = {
  moves:
    'a guarded move takes units out, an unguarded one puts them back, and the catalog reads each at once',
  values: "an option-value move changes that value's stock, not the product's or another value's",
  order: 'moves apply in the order given, each guarded move against what the earlier ones of the call left',
  refusal:
    'a refused call applies nothing and names each refused product or value once, with every unit asked',
  unknown:
    'a guarded move on a product or value that does not exist is refused; an unguarded one changes nothing',
  belowZero: 'an unguarded move is applied even when it leaves the stock below zero',
  cache: 'a catalog read before a move never hides it: no cache outlives a move',
  race: 'of 30 concurrent calls each taking 1 of the last 7 units, exactly 7 move and the stock ends at 0',
  failure: 'when its store has failed, move rejects with an Error in time',
} as const;

describe('the stock contract suite', () => {
  it('registers its cases under one describe, without hooks', () => {
    const cases = captureCases((t) =>
      describeStockContract(t, 'x', async () => {
        throw new Error('not called while registering');
      }),
    );
    expect(cases).toHaveLength(9);
    for (const c of cases) expect(c.path).toEqual(['Stock contract: x']);
  });

  it('passes a correct stock (its failed store rejecting)', async () => {
    expectFailures(await runStockSuite(), []);
  });

  it.each([
    [
      'applies moves one by one (the first stays when the second is refused)',
      'oneByOne',
      [stockCases.refusal],
    ],
    [
      'ignores guards',
      'ignoresGuards',
      [stockCases.order, stockCases.refusal, stockCases.unknown, stockCases.race],
    ],
    ['checks, then writes, and oversells under concurrency', 'checkThenAct', [stockCases.race]],
    ['names a product once per move', 'shortagePerMove', [stockCases.refusal]],
    ['skips moves on products that do not exist', 'skipsUnknown', [stockCases.unknown]],
    [
      'comes with a catalog that caches what it read',
      'cachingCatalog',
      [stockCases.moves, stockCases.values, stockCases.belowZero, stockCases.cache, stockCases.race],
    ],
    ['answers moved when its store fails', 'swallowsFailures', [stockCases.failure]],
  ] as const)('catches a stock that %s', async (_title, defect, expected) => {
    expectFailures(await runStockSuite(defect), expected);
  });
});

/** The failure case of the store-backed directories. */
const failureCase =
  'when its store has failed, every method rejects with an Error in time (never an empty answer)';
/** The record case of the store-backed directories. */
const recordCase = 'a record handed out cannot change the store: a change is refused or never read back';

/** Asserts that a suite registers `count` cases under one describe titled `title`. */
function expectRegistered(register: (t: TestApi) => void, title: string, count: number): void {
  const cases = captureCases(register);
  expect(cases).toHaveLength(count);
  for (const c of cases) expect(c.path).toEqual([title]);
}

/** A setup that must not run while the suite only registers its cases. */
const notCalled = async (): Promise<never> => {
  throw new Error('not called while registering');
};

describe('the customer-directory contract suite', () => {
  const byEmail = 'findCustomerByEmail matches the whole address without regard to case, whatever the status';
  const fields =
    'getCustomFields answers the enabled fields asked of the group, required as set for it, in sort order';

  it('registers its cases under one describe, and passes a correct directory', async () => {
    expectRegistered(
      (t) => describeCustomerDirectoryContract(t, 'x', notCalled),
      'CustomerDirectory contract: x',
      9,
    );
    expectFailures(await runCustomerSuite(), []);
  });

  it.each([
    ['matches e-mails with regard to case', 'emailCaseSensitive', [byEmail]],
    [
      'matches e-mails as patterns',
      'emailAsPattern',
      ['findCustomerByEmail treats every character literally (no wildcards)'],
    ],
    ['matches the start of an e-mail', 'emailPrefix', [byEmail]],
    [
      'hides disabled accounts',
      'hidesDisabled',
      [byEmail, 'getCustomer answers the account as seeded, whatever its status, or undefined'],
    ],
    ["reads a field's required flag of another group", 'requiredOfFirstGroup', [fields]],
    ['answers fields out of sort order', 'fieldsUnsorted', [fields, recordCase]],
    [
      'leaves spent points out of the balance',
      'balanceWithoutSpending',
      ['getRewardBalance sums every ledger entry of the customer, spent points included; 0 for none'],
    ],
    ['hands out records the store keeps', 'leaksRecords', [recordCase]],
    ['answers empty when its store fails', 'swallowsFailures', [failureCase]],
  ] as const)('catches a directory that %s', async (_title, defect, expected) => {
    expectFailures(await runCustomerSuite(defect), expected);
  });
});

describe('the geo-directory contract suite', () => {
  const country = 'getCountry answers the country as seeded, whatever its status, with every zone';
  const zones = 'getGeoZones answers every geo zone with its members, one without members too';

  it('registers its cases under one describe, and passes a correct directory', async () => {
    expectRegistered((t) => describeGeoDirectoryContract(t, 'x', notCalled), 'GeoDirectory contract: x', 4);
    expectFailures(await runGeoSuite(), []);
  });

  it.each([
    ['hides disabled countries', 'hidesDisabledCountries', [country]],
    ['drops disabled zones', 'dropsDisabledZones', [country, recordCase]],
    ['drops geo zones without members', 'dropsEmptyGeoZones', [zones, recordCase]],
    ['hands out records the store keeps', 'leaksRecords', [recordCase]],
    ['answers empty when its store fails', 'swallowsFailures', [failureCase]],
  ] as const)('catches a directory that %s', async (_title, defect, expected) => {
    expectFailures(await runGeoSuite(defect), expected);
  });
});

describe('the tax-rates contract suite', () => {
  const asSeeded = 'getTaxTable answers every rule of the asked classes and the rates they name, as seeded';
  const once = 'a rate named by several classes, or a class asked twice, comes once';
  const table = 'a table handed out cannot change the store: a change is refused or never read back';

  it('registers its cases under one describe, and passes correct tax rates', async () => {
    expectRegistered((t) => describeTaxRatesContract(t, 'x', notCalled), 'TaxRates contract: x', 5);
    expectFailures(await runTaxSuite(), []);
  });

  it.each([
    ['repeats a rate for every rule naming it', 'ratePerRule', [asSeeded, once, table]],
    [
      'answers every class whatever is asked',
      'everyClass',
      [asSeeded, once, table, 'unknown classes, and no classes, contribute nothing'],
    ],
    ['hands out tables the store keeps', 'leaksRecords', [table]],
    [
      'answers empty when its store fails',
      'swallowsFailures',
      ['when its store has failed, getTaxTable rejects with an Error in time (never an empty table)'],
    ],
  ] as const)('catches tax rates that %s', async (_title, defect, expected) => {
    expectFailures(await runTaxSuite(defect), expected);
  });
});

describe('the coupon-directory contract suite', () => {
  const byCode = 'getCoupon finds a coupon by its exact code, as seeded, whatever its status or dates';

  it('registers its cases under one describe, and passes a correct directory', async () => {
    expectRegistered(
      (t) => describeCouponDirectoryContract(t, 'x', notCalled),
      'CouponDirectory contract: x',
      5,
    );
    expectFailures(await runCouponSuite(), []);
  });

  it.each([
    ['finds codes without regard to case', 'codeIgnoresCase', [byCode, recordCase]],
    [
      'finds codes as patterns',
      'codeAsPattern',
      [byCode, recordCase, 'getCoupon treats every character literally (no wildcards)'],
    ],
    ['hides disabled coupons', 'hidesDisabled', [byCode]],
    [
      'counts the uses of every guest for a guest',
      'countsGuests',
      ['countUses counts the recorded uses in total and by the customer, never by a guest'],
    ],
    ['hands out records the store keeps', 'leaksRecords', [recordCase]],
    ['answers empty when its store fails', 'swallowsFailures', [failureCase]],
  ] as const)('catches a directory that %s', async (_title, defect, expected) => {
    expectFailures(await runCouponSuite(defect), expected);
  });
});

describe('the API-user directory contract suite', () => {
  const byName = 'findByUsername matches the username exactly, case included, whatever the status';
  const byId = 'getApiUser answers the user as seeded, signing settings included, whatever the status';

  it('registers its cases under one describe, and passes a correct directory', async () => {
    expectRegistered(
      (t) => describeApiUserDirectoryContract(t, 'x', notCalled),
      'ApiUserDirectory contract: x',
      5,
    );
    expectFailures(await runApiUserSuite(), []);
  });

  it.each([
    ['finds usernames without regard to case', 'usernameIgnoresCase', [byName, recordCase]],
    ['hides disabled users', 'hidesDisabled', [byName, byId]],
    ['drops the signing settings', 'dropsSigning', [byName, byId, recordCase]],
    ['hands out records the store keeps', 'leaksRecords', [recordCase]],
    ['answers empty when its store fails', 'swallowsFailures', [failureCase]],
  ] as const)('catches a directory that %s', async (_title, defect, expected) => {
    expectFailures(await runApiUserSuite(defect), expected);
  });
});

describe('the notifier contract suite', () => {
  const once = 'every event is delivered once, as given, in the order notify was called';
  const long = 'a long run of events keeps its order and loses or repeats none';
  const changed = 'an event its sender changes after notify resolved is delivered as it was';

  it('registers its cases under one describe, and passes a correct notifier', async () => {
    expectRegistered((t) => describeNotifierContract(t, 'x', notCalled), 'Notifier contract: x', 4);
    expectFailures(await runNotifierSuite(), []);
  });

  it.each([
    ['drops every second event', 'dropsEverySecond', [once, long, changed]],
    ['delivers each event twice', 'deliversTwice', [once, long, changed]],
    ['resolves at once and delivers later, out of order', 'deliversLate', [once, long, changed]],
    ['keeps the event its sender can still change', 'keepsTheEvent', [changed]],
    [
      'resolves when its destination fails',
      'swallowsFailures',
      ['when its destination has failed, notify rejects with an Error in time (the engine logs it)'],
    ],
  ] as const)('catches a notifier that %s', async (_title, defect, expected) => {
    expectFailures(await runNotifierSuite(defect), expected);
  });
});

describe('the shipping-method contract suite', () => {
  const shape = 'in every context it applies to, it answers a well-formed quote group of its own code';
  const excluded = 'in every context it does not apply to, it answers null';
  const same = 'the same context gets the same answer, and the context is left as it was';

  it('registers its cases under one describe, and passes a correct method', async () => {
    expectRegistered(
      (t) => describeShippingMethodContract(t, 'x', notCalled),
      'ShippingMethod contract: x',
      5,
    );
    expectFailures(await runShippingSuite(), []);
  });

  it.each([
    [
      'has a dot in its code',
      'dottedCode',
      ['its code is non-empty, without dots (quote codes are <code>.<quote>)'],
    ],
    ['answers a group of another code', 'groupOfAnotherCode', [shape]],
    ['codes its quotes without its own code', 'quoteCodesWithoutMethod', [shape]],
    ['costs in another currency', 'costInEuros', [shape]],
    ['quotes outside its zone', 'quotesEverywhere', [excluded]],
    ['changes its context', 'changesItsContext', [shape, excluded, same]],
    ['quotes a different cost each time', 'randomCost', [same]],
    ['answers what JSON cannot keep', 'quotesADate', [shape]],
    [
      'answers null when its service fails',
      'swallowsFailures',
      ['when its service has failed, quote rejects with an Error in time (never a null)'],
    ],
  ] as const)('catches a method that %s', async (_title, defect, expected) => {
    expectFailures(await runShippingSuite(defect), expected);
  });
});

describe('the payment-method contract suite', () => {
  const shape = 'in every context it applies to, it answers a well-formed offer of its own code';
  const excluded = 'in every context it does not apply to, it answers null';
  const same = 'the same context gets the same answer, and the context is left as it was';

  it('registers its cases under one describe, and passes a correct method', async () => {
    expectRegistered((t) => describePaymentMethodContract(t, 'x', notCalled), 'PaymentMethod contract: x', 5);
    expectFailures(await runPaymentSuite(), []);
  });

  it.each([
    ['answers an offer of another code', 'offerOfAnotherCode', [shape]],
    ['codes its options without its own code', 'optionCodesWithoutMethod', [shape]],
    ['is offered where it does not apply', 'offeredEverywhere', [excluded]],
    ['changes its context', 'changesItsContext', [shape, excluded, same]],
    ['answers what JSON cannot keep', 'offersAFunction', [shape, same]],
    [
      'answers null when its service fails',
      'swallowsFailures',
      ['when its service has failed, offer rejects with an Error in time (never a null)'],
    ],
  ] as const)('catches a method that %s', async (_title, defect, expected) => {
    expectFailures(await runPaymentSuite(defect), expected);
  });
});

describe('the fraud-check contract suite', () => {
  const flags = 'it answers the status it names for every order it must flag, the same when asked again';
  const passes = 'it answers null for every order it must let pass';

  it('registers its cases under one describe, and passes a correct check', async () => {
    expectRegistered((t) => describeFraudCheckContract(t, 'x', notCalled), 'FraudCheck contract: x', 5);
    expectFailures(await runFraudSuite(), []);
  });

  it.each([
    ['never flags', 'neverFlags', [flags]],
    ['flags every order', 'flagsEverything', [passes]],
    ['answers status 0', 'answersZero', [flags]],
    ['changes the order', 'changesTheOrder', [flags, passes, 'the order it checks is left as it was']],
    [
      'lets orders pass when its service fails',
      'swallowsFailures',
      ['when its service has failed, check rejects with an Error in time (never a null)'],
    ],
  ] as const)('catches a check that %s', async (_title, defect, expected) => {
    expectFailures(await runFraudSuite(defect), expected);
  });
});

describe('the total-calculator contract suite', () => {
  const appends = 'apply answers synchronously, appending lines at its own sort order to those it was given';
  const currency = "every amount of the state it answers is in the store's default currency";
  const pure = 'the same input gives the same state, and nothing it was given changes';

  it('registers its cases under one describe, and passes a correct calculator', async () => {
    expectRegistered(
      (t) => describeTotalCalculatorContract(t, 'x', notCalled),
      'TotalCalculator contract: x',
      4,
    );
    expectFailures(await runTotalsSuite(), []);
  });

  it.each([
    ['answers a promise', 'asynchronous', [appends, currency, pure]],
    ['rewrites the lines of earlier steps', 'rewritesEarlierLines', [appends]],
    ['appends lines at another sort order', 'linesAtAnotherSortOrder', [appends]],
    ['totals in another currency', 'totalInEuros', [currency]],
    ['depends on the time', 'dependsOnTheTime', [pure]],
    ['changes the state it was given', 'changesItsState', [currency, pure]],
  ] as const)('catches a calculator that %s', async (_title, defect, expected) => {
    expectFailures(await runTotalsSuite(defect), expected);
  });
});

describe('the clock contract suite', () => {
  const valid = 'now answers a valid Date synchronously, one with an ISO-8601 form';
  const fresh = 'a Date it answered, changed by the caller, never changes what it reads next';
  const near = 'it reads within ten years of the system time';

  it('registers its cases under one describe, and passes the system clock', async () => {
    expectRegistered((t) => describeClockContract(t, 'x', notCalled), 'Clock contract: x', 2);
    expectRegistered(
      (t) => describeClockContract(t, 'x', notCalled, { nearSystemTime: true }),
      'Clock contract: x',
      3,
    );
    expectFailures(await runClockSuite(), []);
  });

  it.each([
    ['hands out one Date it keeps', 'sharesItsDate', [fresh]],
    ['answers an invalid Date', 'invalidDate', [valid, fresh, near]],
    ['answers text', 'answersText', [valid, fresh, near]],
    ['reads far from the system time', 'farFromNow', [near]],
  ] as const)('catches a clock that %s', async (_title, defect, expected) => {
    expectFailures(await runClockSuite(defect), expected);
  });
});

describe('the id-generator contract suite', () => {
  const random = 'session ids carry at least 128 bits of randomness';

  it('registers its cases under one describe, and passes the random generator', async () => {
    expectRegistered((t) => describeIdGeneratorContract(t, 'x', notCalled), 'IdGenerator contract: x', 4);
    expectFailures(await runIdSuite(), []);
  });

  it.each([
    ['counts (the test generator)', 'sequential', [random]],
    [
      'repeats itself',
      'repeats',
      [
        'session ids are non-empty strings that never repeat',
        'cart ids are non-empty strings that never repeat',
        random,
      ],
    ],
    ['writes base64 with + and /', 'base64', ['session ids use [A-Za-z0-9_-] only']],
    ['draws 64 bits', 'sixtyFourBits', [random]],
    ['writes UUIDs (122 random bits)', 'uuid', [random]],
  ] as const)('catches a generator that %s', async (_title, defect, expected) => {
    expectFailures(await runIdSuite(defect), expected);
  });
});
