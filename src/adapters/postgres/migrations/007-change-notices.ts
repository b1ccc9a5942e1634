/**
 * Migration 7: change notices, so that a process keeping reference data in memory learns when it changes.
 * @module
 */
import type { Migration } from './migration.js';

/** Tables whose rows belong to one product: a change names the product. */
const productTables = [
  'product',
  'product_to_category',
  'product_option',
  'product_option_value',
  'product_discount',
  'product_special',
  'product_reward',
  'product_subscription',
] as const;

/** Reference tables whose changes name only the table. */
const referenceTables = [
  'subscription_plan',
  'category',
  'customer_group',
  'custom_field',
  'custom_field_value',
  'custom_field_customer_group',
  'country',
  'zone',
  'geo_zone',
  'zone_to_geo_zone',
  'tax_class',
  'tax_rate',
  'tax_rate_to_customer_group',
  'tax_rule',
  'api',
  'api_ip',
  'api_signing',
] as const;

/** A row-level trigger naming the product of each row written, and a TRUNCATE trigger naming the table. */
const productTriggers = (table: string) => `
CREATE TRIGGER cartwright_change AFTER INSERT OR UPDATE OR DELETE ON ${table}
  FOR EACH ROW EXECUTE FUNCTION cartwright_notify_product_change();
CREATE TRIGGER cartwright_truncate AFTER TRUNCATE ON ${table}
  FOR EACH STATEMENT EXECUTE FUNCTION cartwright_notify_change();`;

/** A statement-level trigger naming the table. */
const tableTrigger = (table: string) => `
CREATE TRIGGER cartwright_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
  FOR EACH STATEMENT EXECUTE FUNCTION cartwright_notify_change();`;

/**
 * Every write to a reference table sends a notice (`pg_notify`, delivered when the writing transaction commits)
 * on the channel `cartwright:<schema>` (cut to PostgreSQL's 63 bytes): the payload is the table's name, followed
 * by a space and the product id for the rows of one product (so that a stock change drops that product alone).
 * Orders, customers, coupons and ledgers send none: they are never kept in memory.
 */
export const changeNoticesMigration: Migration = {
  version: 7,
  name: 'change notices',
  sql: `
CREATE FUNCTION cartwright_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(left('cartwright:' || TG_TABLE_SCHEMA, 63), TG_TABLE_NAME);
  RETURN NULL;
END
$$;
CREATE FUNCTION cartwright_notify_product_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  channel TEXT := left('cartwright:' || TG_TABLE_SCHEMA, 63);
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify(channel, TG_TABLE_NAME || ' ' || OLD.product_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify(channel, TG_TABLE_NAME || ' ' || NEW.product_id);
  END IF;
  RETURN NULL;
END
$$;
${productTables.map(productTriggers).join('\n')}
${referenceTables.map(tableTrigger).join('\n')}
`,
};
