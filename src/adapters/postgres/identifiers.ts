/**
 * Schema names: validated, quoted, and turned into the qualified table names every statement uses. Nothing
 * else is ever interpolated into SQL text; values always travel as parameters.
 * @module
 */
import { CartwrightInvariantError } from '../../domain/errors.js';

/** What a schema name may look like: a plain lower-case SQL identifier, at most 63 bytes (PostgreSQL's limit). */
const SCHEMA_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

/** Checks a schema name and returns it double-quoted, or throws for anything that is not a plain identifier. */
export function quoteSchema(schema: string): string {
  if (!SCHEMA_PATTERN.test(schema) || schema.startsWith('pg_')) {
    throw new CartwrightInvariantError(
      `postgres: schema name ${JSON.stringify(schema)} must match ${SCHEMA_PATTERN} and not start with pg_`,
    );
  }
  return `"${schema}"`;
}

/** Every table the adapters use. */
export const tableNames = [
  'cartwright_migrations',
  'manufacturer',
  'category',
  'product',
  'product_to_category',
  'product_option',
  'product_option_value',
  'product_discount',
  'product_special',
  'product_reward',
  'subscription_plan',
  'product_subscription',
  'customer_group',
  'customer',
  'custom_field',
  'custom_field_value',
  'custom_field_customer_group',
  'customer_affiliate',
  'customer_reward',
  'country',
  'zone',
  'geo_zone',
  'zone_to_geo_zone',
  'tax_class',
  'tax_rate',
  'tax_rate_to_customer_group',
  'tax_rule',
  'coupon',
  'coupon_product',
  'coupon_category',
  'coupon_history',
  'api',
  'api_ip',
  'api_signing',
  'orders',
  'order_product',
  'order_option',
  'order_subscription',
  'order_total',
  'order_tax',
  'order_history',
  'order_idempotency',
  'order_payment',
  'order_stock_hold',
  'outbox_event',
  'outbox_delivery',
  'outbox_mark',
] as const;

/** One of {@link tableNames}. */
export type TableName = (typeof tableNames)[number];

/**
 * The tables of the orders: each order with everything hanging off it, its idempotency keys and the events its
 * writes reported included.
 */
export const orderTables: ReadonlySet<TableName> = new Set<TableName>(
  tableNames.filter((name) => name === 'orders' || name.startsWith('order_') || name.startsWith('outbox_')),
);

/** Table name → the name to write in SQL: `"schema".table`, or the bare name without a schema. */
export type Tables = Readonly<Record<TableName, string>>;

/**
 * The SQL names of every table in `schema`. Without a schema, names are unqualified and resolve through the
 * connection's `search_path` (normally `public`).
 */
export function qualifiedTables(schema: string | undefined): Tables {
  const prefix = schema === undefined ? '' : `${quoteSchema(schema)}.`;
  return Object.fromEntries(tableNames.map((name) => [name, `${prefix}${name}`])) as Record<
    TableName,
    string
  >;
}

/** The routines the migrations create, which the adapters call. */
export type RoutineName = 'cartwright_write_events';

/** A routine's name to write in SQL: in the schema of `tables` (`"schema".name`), or bare without a schema. */
export function routineName(tables: Tables, name: RoutineName): string {
  const table = tables.outbox_event;
  return `${table.slice(0, table.length - 'outbox_event'.length)}${name}`;
}
