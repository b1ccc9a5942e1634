/**
 * A catalog kept the way many shops keep one: a product row with its scalar fields, and each of its lists
 * (options with their values and stock, discounts, specials, rewards, subscription plans, categories) in a JSONB
 * column. PostgreSQL hands JSONB objects back with their keys in its own order (by length, then bytes), not the
 * order they were written in: a correct adapter reads the same records with their keys reordered.
 */
import type pg from 'pg';
import type { CatalogSeed } from '../../../../src/testing/index.js';

/** The quoted, schema-qualified names of the tables. */
export interface JsonbTables {
  readonly product: string;
  readonly manufacturer: string;
  readonly category: string;
}

/** The tables of `schema`. */
export function tablesOf(schema: string): JsonbTables {
  const name = (table: string) => `"${schema.replaceAll('"', '""')}"."${table}"`;
  return { product: name('product'), manufacturer: name('manufacturer'), category: name('category') };
}

/** Creates the schema and its tables (idempotent). */
export async function createTables(pool: pg.Pool, schema: string): Promise<void> {
  const t = tablesOf(schema);
  await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replaceAll('"', '""')}"`);
  await pool.query(`
    CREATE TABLE IF NOT EXISTS ${t.product} (
      product_id INTEGER PRIMARY KEY,
      master_id INTEGER NOT NULL,
      name TEXT NOT NULL,
      model TEXT NOT NULL,
      description TEXT NOT NULL,
      image TEXT NOT NULL,
      manufacturer_id INTEGER NOT NULL,
      price NUMERIC(15, 4) NOT NULL,
      currency CHAR(3) NOT NULL,
      quantity INTEGER NOT NULL,
      minimum INTEGER NOT NULL,
      maximum INTEGER NOT NULL,
      subtract BOOLEAN NOT NULL,
      shipping BOOLEAN NOT NULL,
      points INTEGER NOT NULL,
      tax_class_id INTEGER NOT NULL,
      weight TEXT NOT NULL,
      weight_class_id INTEGER NOT NULL,
      length TEXT NOT NULL,
      width TEXT NOT NULL,
      height TEXT NOT NULL,
      length_class_id INTEGER NOT NULL,
      status BOOLEAN NOT NULL,
      date_available DATE NOT NULL,
      sort_order INTEGER NOT NULL,
      category_ids JSONB NOT NULL,
      options JSONB NOT NULL,
      discounts JSONB NOT NULL,
      specials JSONB NOT NULL,
      rewards JSONB NOT NULL,
      subscription_plans JSONB NOT NULL
    );
    CREATE TABLE IF NOT EXISTS ${t.manufacturer} (
      manufacturer_id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      description TEXT NOT NULL,
      image TEXT NOT NULL,
      sort_order INTEGER NOT NULL,
      meta_title TEXT NOT NULL,
      meta_description TEXT NOT NULL,
      meta_keyword TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS ${t.category} (
      category_id INTEGER PRIMARY KEY,
      parent_id INTEGER NOT NULL,
      name TEXT NOT NULL,
      sort_order INTEGER NOT NULL
    );`);
}

/** Replaces whatever the tables hold with `seed`, in one transaction. */
export async function writeSeed(pool: pg.Pool, schema: string, seed: CatalogSeed): Promise<void> {
  const t = tablesOf(schema);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`TRUNCATE ${t.product}, ${t.manufacturer}, ${t.category}`);
    for (const p of seed.products) {
      await client.query(
        `INSERT INTO ${t.product} VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
           $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31)`,
        [
          p.productId,
          p.masterId,
          p.name,
          p.model,
          p.description,
          p.image,
          p.manufacturerId,
          p.price.amount,
          p.price.currency,
          p.quantity,
          p.minimum,
          p.maximum,
          p.subtract,
          p.shipping,
          p.points,
          p.taxClassId,
          p.weight,
          p.weightClassId,
          p.length,
          p.width,
          p.height,
          p.lengthClassId,
          p.status,
          p.dateAvailable,
          p.sortOrder,
          JSON.stringify(p.categoryIds),
          JSON.stringify(p.options),
          JSON.stringify(p.discounts),
          JSON.stringify(p.specials),
          JSON.stringify(p.rewards),
          JSON.stringify(p.subscriptionPlans),
        ],
      );
    }
    for (const m of seed.manufacturers) {
      await client.query(`INSERT INTO ${t.manufacturer} VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
        m.manufacturerId,
        m.name,
        m.description,
        m.image,
        m.sortOrder,
        m.metaTitle,
        m.metaDescription,
        m.metaKeyword,
      ]);
    }
    for (const c of seed.categories) {
      await client.query(`INSERT INTO ${t.category} VALUES ($1, $2, $3, $4)`, [
        c.categoryId,
        c.parentId,
        c.name,
        c.sortOrder,
      ]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
