/**
 * Migration 5: quantity discounts carry a type, fixed price or percentage.
 * @module
 */
import type { Migration } from './migration.js';

/**
 * `product_discount.type`: `F` (the row's `price` is the unit price before options) or `P` (it is the
 * percentage taken off the unit price with its options), as OpenCart 4.1's discount rows have. Rows written
 * before this migration were fixed prices, hence the default `F` (OpenCart's own default is `P`, which would
 * have turned every existing price into a percentage).
 */
export const discountTypeMigration: Migration = {
  version: 5,
  name: 'discount type',
  sql: `
ALTER TABLE product_discount ADD COLUMN type TEXT NOT NULL DEFAULT 'F' CHECK (type IN ('F', 'P'));
`,
};
