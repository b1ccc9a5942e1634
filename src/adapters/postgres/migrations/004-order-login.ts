/**
 * Migration 4: the account an order's reward points and coupon use are recorded against.
 * @module
 */
import type { Migration } from './migration.js';

/**
 * `orders.logged_in_customer_id` (the draft's `loggedInCustomerId`): the account the session was logged in as
 * at confirm, 0 for none. Orders written before this migration had none recorded, hence the default 0.
 */
export const orderLoginMigration: Migration = {
  version: 4,
  name: 'order login',
  sql: `
ALTER TABLE orders ADD COLUMN logged_in_customer_id INTEGER NOT NULL DEFAULT 0;
`,
};
