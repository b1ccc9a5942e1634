/**
 * `loadDemoStore(pool)`: writes a memory store (by default `demoStore()`) into PostgreSQL.
 * @module
 */
import { type DemoStore, demoStore } from '../memory/demo-store.js';
import type { MemoryStoreData } from '../memory/store-data.js';
import { orderTables, qualifiedTables, type TableName, type Tables, tableNames } from './identifiers.js';
import { storeRows, type TableRows } from './load-rows.js';
import { draftRows } from './order-rows.js';
import { insertDraft } from './order-write.js';
import type { PgClientLike, PgPoolLike } from './pool.js';
import { inTransaction } from './transaction.js';

/** Options of {@link loadDemoStore}. */
export interface LoadDemoStoreOptions {
  /** The schema `migrate` created the tables in; see `PostgresAdapterOptions.schema`. */
  readonly schema?: string | undefined;
  /** The currency every amount must be in; default the store's own `settings.currency`. */
  readonly currency?: string | undefined;
  /**
   * `'replace'` (the default) empties every cartwright table, orders and ledgers included, and loads the
   * store; `'if-empty'` loads only when no product, customer, API user or order is stored yet, and otherwise
   * leaves everything as it is; `'keep-orders'` reloads the catalog and the directories (stock back to the
   * store's quantities, API users, coupons and the ledger entries not tied to an order as the store has them)
   * and keeps the orders with their history, idempotency keys and ledger entries.
   */
  readonly mode?: 'replace' | 'if-empty' | 'keep-orders' | undefined;
}

/** The ledgers: their entries tied to an order (order id other than 0) belong to the orders. */
const ledgerTables: ReadonlySet<TableName> = new Set<TableName>(['coupon_history', 'customer_reward']);

/** The identity columns whose sequences follow loaded ids, with the memory sequence each continues. */
const identities: readonly [TableName, string, keyof MemoryStoreData['sequences'] | null][] = [
  ['orders', 'order_id', 'orderId'],
  ['order_history', 'order_history_id', 'orderHistoryId'],
  ['coupon_history', 'coupon_history_id', 'couponHistoryId'],
  ['customer_reward', 'customer_reward_id', 'customerRewardId'],
  ['product_discount', 'product_discount_id', null],
  ['product_special', 'product_special_id', null],
  ['product_reward', 'product_reward_id', null],
  ['zone_to_geo_zone', 'zone_to_geo_zone_id', null],
  ['tax_rule', 'tax_rule_id', null],
  ['order_product', 'order_product_id', null],
  ['order_option', 'order_option_id', null],
  ['order_total', 'order_total_id', null],
];

/** Inserts `rows` (objects keyed by column) into `table` in one statement. */
async function insertRows(client: PgClientLike, table: string, rows: readonly Record<string, unknown>[]) {
  const columns = Object.keys(rows[0] ?? {}).join(', ');
  await client.query(
    `INSERT INTO ${table} (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)`,
    [JSON.stringify(rows)],
  );
}

/** Writes the orders of `data` with their history and claimed idempotency keys. */
async function loadOrders(client: PgClientLike, t: Tables, data: MemoryStoreData, currency: string) {
  const history: Record<string, unknown>[] = [];
  for (const order of data.orders.values()) {
    const { orderId, orderStatusId, revision } = order;
    await insertDraft(client, t, orderId, draftRows(order, currency), { orderStatusId, revision });
    for (const entry of order.history) {
      history.push({
        order_history_id: entry.orderHistoryId,
        order_id: orderId,
        order_status_id: entry.orderStatusId,
        notify: entry.notify,
        comment: entry.comment,
        date_added: entry.dateAdded,
      });
    }
  }
  if (history.length > 0) await insertRows(client, t.order_history, history);
  // A claim whose order is gone protects nothing (the memory repository treats it as free): not loaded.
  const claims = [...data.idempotencyKeys.values()]
    .filter((claim) => data.orders.has(claim.orderId))
    .map((claim) => ({
      scope: claim.scope,
      idempotency_key: claim.key,
      fingerprint: claim.fingerprint,
      order_id: claim.orderId,
    }));
  if (claims.length > 0) await insertRows(client, t.order_idempotency, claims);
}

/** Moves every identity sequence past the loaded ids (and past the store's own sequence counters), at once. */
async function syncSequences(client: PgClientLike, t: Tables, data: MemoryStoreData) {
  const floors = identities.map(([, , sequence]) => (sequence === null ? 0 : data.sequences[sequence]));
  const settings = identities.map(
    (
      [table, column],
      index,
    ) => `(SELECT setval(pg_get_serial_sequence('${t[table]}', '${column}'), GREATEST(m.last, 1), m.last > 0)
       FROM (SELECT GREATEST(COALESCE(max(${column}), 0), $${index + 1}::int) AS last FROM ${t[table]}) AS m)`,
  );
  await client.query(`SELECT ${settings.join(',\n')}`, floors);
}

/**
 * One statement deleting every row of every table, children before parents (with `keepOrders`, every row but
 * the orders' and the ledger entries tied to them). `DELETE` rather than `TRUNCATE`: on tables this small it
 * is many times faster (no new files to create and sync at commit), and the identity sequences are set
 * afterwards anyway.
 */
function emptyTables(t: Tables, keepOrders: boolean): string {
  const tables = tableNames
    .filter((name) => name !== 'cartwright_migrations' && !(keepOrders && orderTables.has(name)))
    .reverse();
  const deletes = tables.map((name, index) => {
    const where = keepOrders && ledgerTables.has(name) ? ' WHERE order_id = 0' : '';
    return `d${index} AS (DELETE FROM ${t[name]}${where})`;
  });
  return `WITH ${deletes.join(', ')} SELECT 1`;
}

/**
 * The rows to write. Keeping the orders, the store's ledger entries tied to an order are left out (the kept
 * orders have their own), and the others get new ids, so they can never clash with the kept entries'.
 */
function rowsToLoad(data: MemoryStoreData, currency: string, keepOrders: boolean): TableRows[] {
  const rows = storeRows(data, currency);
  if (!keepOrders) return rows;
  return rows.flatMap(({ table, rows: tableRows }) => {
    if (!ledgerTables.has(table)) return [{ table, rows: tableRows }];
    const free = tableRows
      .filter((row) => row.order_id === 0)
      .map(({ coupon_history_id: _c, customer_reward_id: _r, ...row }) => row);
    return free.length === 0 ? [] : [{ table, rows: free }];
  });
}

/** True when no product, customer, API user or order is stored. */
async function isEmpty(client: PgClientLike, t: Tables): Promise<boolean> {
  const { rows } = await client.query(
    `SELECT NOT (EXISTS (SELECT 1 FROM ${t.product}) OR EXISTS (SELECT 1 FROM ${t.customer})
       OR EXISTS (SELECT 1 FROM ${t.api}) OR EXISTS (SELECT 1 FROM ${t.orders})) AS empty`,
  );
  return rows[0]?.empty === true;
}

/**
 * Writes a memory store into the tables `migrate` created, in one transaction: every catalog and directory
 * table, the coupon and reward ledgers, and any orders with their history and idempotency keys (in
 * `'keep-orders'` mode the stored orders stay instead); identity sequences continue after the loaded ids.
 * Store settings and extension settings are not stored (the host passes them to `createCheckout`). Loads run
 * one at a time per schema (a transaction advisory lock).
 *
 * @param pool - The host's pool.
 * @param store - The store to write; `demoStore()` by default.
 * @returns Whether anything was written (`false` only in `'if-empty'` mode on a store that had data).
 * @example
 * ```ts
 * await migrate(pool, { schema: 'shop' });
 * await loadDemoStore(pool, demoStore({ apiKey: process.env.CARTWRIGHT_API_KEY }), { schema: 'shop' });
 * ```
 */
export async function loadDemoStore(
  pool: PgPoolLike,
  store: Pick<DemoStore, 'data'> = demoStore(),
  options: LoadDemoStoreOptions = {},
): Promise<boolean> {
  const t = qualifiedTables(options.schema);
  const { data } = store;
  const currency = options.currency ?? data.settings.currency;
  const keepOrders = options.mode === 'keep-orders';
  const rows = rowsToLoad(data, currency, keepOrders);
  return inTransaction(pool, undefined, 'load', async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('cartwright.load:' || $1, 0))`, [
      options.schema ?? '',
    ]);
    if (options.mode === 'if-empty' && !(await isEmpty(client, t))) return { commit: false, value: false };
    await client.query(emptyTables(t, keepOrders));
    for (const { table, rows: tableRows } of rows) await insertRows(client, t[table], tableRows);
    if (!keepOrders) await loadOrders(client, t, data, currency);
    await syncSequences(client, t, data);
    return { commit: true, value: true };
  });
}

/**
 * Writes a store snapshot (`demoSnapshot()` of `cartwright/demo`, or the host's own) into the tables `migrate`
 * made; answers whether it wrote anything (`mode: 'if-empty'` writes nothing over stored data).
 */
export function loadSnapshot(
  pool: PgPoolLike,
  snapshot: MemoryStoreData,
  options: LoadDemoStoreOptions = {},
): Promise<boolean> {
  return loadDemoStore(pool, { data: snapshot }, options);
}
