/**
 * Migration 9: an order's payment record and the stock held for it while the payment is open.
 * @module
 */
import type { Migration } from './migration.js';

/**
 * `order_payment` keeps the payment record as JSONB (amounts are decimal strings in it, exact), with the columns
 * the sweeps and the webhook look-up search by, and the header of the order's stock hold (its time, and how and
 * when it ended). `order_stock_hold` lists the held units; they are out of the `quantity` of their product or
 * option value while the hold holds, and go back when it ends (unless it became the order's stock move).
 */
export const orderPaymentsMigration: Migration = {
  version: 9,
  name: 'order payments',
  sql: `
CREATE TABLE order_payment (
  order_id INTEGER PRIMARY KEY REFERENCES orders ON DELETE CASCADE,
  provider_code TEXT NOT NULL,
  reference TEXT,
  status TEXT NOT NULL,
  record JSONB NOT NULL,
  hold_expires_at TIMESTAMPTZ,
  hold_ended_at TIMESTAMPTZ,
  hold_ended_how TEXT CHECK (hold_ended_how IN ('released', 'expired', 'converted')),
  CHECK ((hold_ended_at IS NULL) = (hold_ended_how IS NULL)),
  CHECK (hold_expires_at IS NOT NULL OR hold_ended_at IS NULL)
);
CREATE INDEX order_payment_reference_idx ON order_payment (provider_code, reference);
CREATE INDEX order_payment_holding_idx ON order_payment (hold_expires_at) WHERE hold_ended_at IS NULL;
CREATE INDEX order_payment_open_idx ON order_payment (hold_expires_at)
  WHERE status IN ('pending', 'requires_action');

CREATE TABLE order_stock_hold (
  order_id INTEGER NOT NULL REFERENCES order_payment ON DELETE CASCADE,
  position INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  product_option_value_id INTEGER,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (order_id, position)
);
`,
};
