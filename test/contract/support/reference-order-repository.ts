/**
 * A small, obviously correct order repository over the demo-store figures the contract relies on, with
 * switchable defects, to prove that the order-repository contract suite passes a correct repository and catches
 * each defect. Every method body runs synchronously (one "transaction") unless a defect adds an await.
 */

import type { Product } from '../../../src/domain/records/catalog.js';
import type { OrderDraft, OrderRecord } from '../../../src/domain/records/order.js';
import type { Catalog } from '../../../src/ports/catalog.js';
import type { CouponDirectory } from '../../../src/ports/coupon-directory.js';
import type { CustomerDirectory } from '../../../src/ports/customer-directory.js';
import type {
  CreateOrderOutcome,
  HistoryWrite,
  IdempotencyClaim,
  IdempotencyClaims,
  OrderRepository,
  Redemption,
  StockMove,
  StockShortage,
} from '../../../src/ports/order-repository.js';
import type { OrderRepositoryFixture } from '../../../src/testing/index.js';
import { coupon2222, referenceProducts } from './reference-demo-records.js';

/** Defects to switch on. */
export interface OrderRepositoryDefects {
  /** Applies stock moves one at a time and stops at the first refused one, leaving the earlier ones applied. */
  readonly stockMovesOneByOne?: boolean;
  /** Ignores the idempotency claim: every create writes a new order. */
  readonly ignoreIdempotency?: boolean;
  /** Checks the stock, yields, then writes: concurrent creates all pass the check and oversell. */
  readonly checkThenActStock?: boolean;
  /** `releaseRedemptions` deletes the uses of every order, not only its own. */
  readonly releaseEveryOrder?: boolean;
  /** A guarded move on a product or option value that does not exist is skipped instead of refused. */
  readonly skipsUnknownTargets?: boolean;
}

/** A fresh reference fixture (the demo figures the contract relies on) with the given defects. */
export function createReferenceOrderFixture(defects: OrderRepositoryDefects = {}): OrderRepositoryFixture {
  const products = new Map(referenceProducts().map((p) => [p.productId, p]));
  /** Stock by target: `p<productId>` or `v<productOptionValueId>`. */
  const stock = new Map<string, number>();
  for (const p of products.values()) {
    stock.set(`p${p.productId}`, p.quantity);
    for (const o of p.options) for (const v of o.values) stock.set(`v${v.productOptionValueId}`, v.quantity);
  }
  const orders = new Map<number, OrderRecord>();
  const claims = new Map<string, { readonly fingerprint: string; readonly orderId: number }>();
  let uses: { readonly orderId: number; readonly redemption: Redemption }[] = [];
  let lastOrderId = 0;
  let lastHistoryId = 0;

  const target = (move: StockMove) =>
    move.productOptionValueId === null ? `p${move.productId}` : `v${move.productOptionValueId}`;

  /** The shortages of `moves` against the current stock (running per target), or none. */
  const shortagesOf = (moves: readonly StockMove[]): StockShortage[] => {
    const running = new Map<string, number>();
    const shortages: StockShortage[] = [];
    for (const move of moves) {
      const key = target(move);
      if (defects.skipsUnknownTargets === true && !stock.has(key)) continue;
      const available = running.get(key) ?? stock.get(key) ?? 0;
      if (move.guard && available + move.delta < 0) {
        shortages.push({
          productId: move.productId,
          productOptionValueId: move.productOptionValueId,
          available,
          requested: -move.delta,
        });
      }
      running.set(key, available + move.delta);
    }
    return shortages;
  };

  const applyMoves = (moves: readonly StockMove[]): void => {
    for (const move of moves) stock.set(target(move), (stock.get(target(move)) ?? 0) + move.delta);
  };

  /** Applies the moves (one by one with that defect) or returns the shortages; synchronous. */
  const moveStock = (moves: readonly StockMove[]): StockShortage[] => {
    if (defects.stockMovesOneByOne === true) {
      for (const move of moves) {
        const shortages = shortagesOf([move]);
        if (shortages.length > 0) return shortages;
        applyMoves([move]);
      }
      return [];
    }
    const shortages = shortagesOf(moves);
    if (shortages.length === 0) applyMoves(moves);
    return shortages;
  };

  /**
   * With the check-then-act defect: checks the stock, then yields to other calls before the caller re-checks its
   * own preconditions (revision, claim) and applies the moves without checking the stock again.
   */
  const checkThenYield = async (moves: readonly StockMove[]): Promise<StockShortage[]> => {
    const shortages = shortagesOf(moves);
    if (shortages.length === 0) await new Promise((resolve) => setImmediate(resolve));
    return shortages;
  };

  const recordUses = (orderId: number, history: HistoryWrite): void => {
    if (history.releaseRedemptions) {
      uses = defects.releaseEveryOrder === true ? [] : uses.filter((use) => use.orderId !== orderId);
    }
    for (const redemption of history.redemptions) uses.push({ orderId, redemption });
  };

  const entry = (history: HistoryWrite) => {
    lastHistoryId += 1;
    const { orderStatusId, comment, notify, dateAdded } = history;
    return { orderHistoryId: lastHistoryId, orderStatusId, comment, notify, dateAdded };
  };

  const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

  const claimsOf = (idempotency: IdempotencyClaims | undefined): readonly IdempotencyClaim[] =>
    ([] as readonly IdempotencyClaim[]).concat(idempotency ?? []);
  const keyOf = (claim: IdempotencyClaim) => `${claim.scope}\u0000${claim.key}`;
  /** What the first used claim answers, or undefined when all are free. */
  const replayOf = (wanted: readonly IdempotencyClaim[]) => {
    for (const claim of wanted) {
      const claimed = claims.get(keyOf(claim));
      if (claimed === undefined) continue;
      if (claimed.fingerprint !== claim.fingerprint) return { status: 'idempotency_conflict' } as const;
      return { status: 'replayed', order: clone(orders.get(claimed.orderId) as OrderRecord) } as const;
    }
    return undefined;
  };

  const write = async (
    orderId: number,
    draft: OrderDraft | undefined,
    history: HistoryWrite,
    revision: number,
  ) => {
    const check = () => {
      const current = orders.get(orderId);
      if (current === undefined) return { status: 'not_found' } as const;
      if (current.revision !== revision) return { status: 'conflict' } as const;
      return current;
    };
    let current = check();
    if ('status' in current) return current;
    if (defects.checkThenActStock === true) {
      const shortages = await checkThenYield(history.stockMoves);
      if (shortages.length > 0) return { status: 'insufficient_stock', shortages } as const;
      current = check();
      if ('status' in current) return current;
      applyMoves(history.stockMoves);
    } else {
      const shortages = moveStock(history.stockMoves);
      if (shortages.length > 0) return { status: 'insufficient_stock', shortages } as const;
    }
    recordUses(orderId, history);
    const order: OrderRecord = clone({
      ...current,
      ...(draft ?? {}),
      orderId,
      orderStatusId: history.orderStatusId,
      revision: current.revision + 1,
      history: [...current.history, entry(history)],
    });
    orders.set(orderId, order);
    return { status: 'written', order: clone(order) } as const;
  };

  const repository: OrderRepository = {
    async create(draft, history, idempotency) {
      const wanted = defects.ignoreIdempotency === true ? [] : claimsOf(idempotency);
      const replay = (): CreateOrderOutcome | undefined => replayOf(wanted);
      const early = replay();
      if (early !== undefined) return early;
      if (defects.checkThenActStock === true) {
        const shortages = await checkThenYield(history.stockMoves);
        if (shortages.length > 0) return { status: 'insufficient_stock', shortages };
        const late = replay();
        if (late !== undefined) return late;
        applyMoves(history.stockMoves);
      } else {
        const shortages = moveStock(history.stockMoves);
        if (shortages.length > 0) return { status: 'insufficient_stock', shortages };
      }
      lastOrderId += 1;
      const orderId = lastOrderId;
      const order: OrderRecord = clone({
        ...draft,
        orderId,
        orderStatusId: history.orderStatusId,
        revision: 1,
        history: [entry(history)],
      });
      orders.set(orderId, order);
      recordUses(orderId, history);
      for (const claim of wanted) claims.set(keyOf(claim), { fingerprint: claim.fingerprint, orderId });
      return { status: 'created', order: clone(order) };
    },
    async update(orderId, draft, history, expectedRevision, idempotency) {
      const wanted = defects.ignoreIdempotency === true ? [] : claimsOf(idempotency);
      const replayed = orders.has(orderId) ? replayOf(wanted) : undefined;
      if (replayed !== undefined) return replayed;
      const outcome = await write(orderId, draft, history, expectedRevision);
      if (outcome.status === 'written') {
        for (const claim of wanted) claims.set(keyOf(claim), { fingerprint: claim.fingerprint, orderId });
      }
      return outcome;
    },
    addHistory: (orderId, history, expectedRevision) => write(orderId, undefined, history, expectedRevision),
    async claim(orderId, claim) {
      const order = orders.get(orderId);
      if (order === undefined) return { status: 'not_found' };
      if (defects.ignoreIdempotency === true) return { status: 'claimed', order: clone(order) };
      const used = replayOf([claim]);
      if (used !== undefined) return used;
      claims.set(keyOf(claim), { fingerprint: claim.fingerprint, orderId });
      return { status: 'claimed', order: clone(order) };
    },
    async get(orderId) {
      const order = orders.get(orderId);
      return order === undefined ? undefined : clone(order);
    },
  };

  const withStock = (p: Product): Product => ({
    ...p,
    quantity: stock.get(`p${p.productId}`) ?? 0,
    options: p.options.map((o) => ({
      ...o,
      values: o.values.map((v) => ({ ...v, quantity: stock.get(`v${v.productOptionValueId}`) ?? 0 })),
    })),
  });

  const catalog: Catalog = {
    async getProducts(ids) {
      return [...new Set(ids)].flatMap((id) => {
        const p = products.get(id);
        return p === undefined ? [] : [withStock(p)];
      });
    },
    getManufacturer: async () => undefined,
    listManufacturers: async () => [],
    countManufacturers: async () => 0,
    listProducts: async () => [],
    countProducts: async () => 0,
    getCategories: async () => [],
  };

  const coupons: CouponDirectory = {
    getCoupon: async (code) => (code === coupon2222.code ? coupon2222 : undefined),
    async countUses(couponId, customerId) {
      const mine = uses.flatMap(({ redemption }) =>
        redemption.kind === 'coupon' && redemption.couponId === couponId ? [redemption] : [],
      );
      return {
        total: mine.length,
        customer: customerId === 0 ? 0 : mine.filter((r) => r.customerId === customerId).length,
      };
    },
  };

  const customers: CustomerDirectory = {
    getCustomer: async () => undefined,
    findCustomerByEmail: async () => undefined,
    getCustomerGroup: async () => undefined,
    getCustomFields: async () => [],
    async getRewardBalance(customerId) {
      const base = customerId === 1 ? 1000 : 0;
      return uses.reduce(
        (sum, { redemption }) =>
          redemption.kind === 'reward' && redemption.customerId === customerId
            ? sum + redemption.points
            : sum,
        base,
      );
    },
    getAffiliate: async () => undefined,
  };

  return { orders: repository, catalog, coupons, customers };
}
