/**
 * Claiming an idempotency key inside a create.
 * @module
 */
import type { IdempotencyClaim } from '../../ports/order-repository.js';
import type { Tables } from './identifiers.js';
import type { PgClientLike } from './pool.js';

/** What a claim found: the key is this create's now (with the new order's id), or an earlier create's. */
export type ClaimResult =
  | { readonly status: 'claimed'; readonly orderId: number }
  | { readonly status: 'taken'; readonly fingerprint: string; readonly orderId: number };

/** SQL: the next order id, drawn from the `orders.order_id` identity. */
export const nextOrderId = (t: Tables) => `nextval(pg_get_serial_sequence('${t.orders}', 'order_id'))`;

/** How often a claim is retried when the key it collided with vanished (its order was deleted meanwhile). */
const MAX_ATTEMPTS = 3;

/**
 * Claims `(scope, key)` for a new order, drawing the order's id. The insert waits while another transaction
 * holds the same key uncommitted (the primary key's uniqueness check), so of any number of concurrent creates
 * with one claim exactly one proceeds; the others see its committed claim and replay it, or, if it rolled back,
 * claim the key themselves. The claim references its order (a deferred foreign key, checked at commit) and is
 * deleted with it, so a key whose order is gone is free again, as in the memory repository.
 */
export async function claimKey(
  client: PgClientLike,
  t: Tables,
  claim: IdempotencyClaim,
): Promise<ClaimResult> {
  const parameters = [claim.scope, claim.key, claim.fingerprint];
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    // A key claimed and committed before is found without drawing an id; only a new key (or one being claimed
    // right now by another transaction) reaches the insert.
    const { rows } = await client.query(
      `WITH existing AS (
         SELECT fingerprint, order_id FROM ${t.order_idempotency} WHERE scope = $1 AND idempotency_key = $2
       ), inserted AS (
         INSERT INTO ${t.order_idempotency} (scope, idempotency_key, fingerprint, order_id)
         SELECT $1, $2, $3, ${nextOrderId(t)} WHERE NOT EXISTS (SELECT 1 FROM existing)
         ON CONFLICT (scope, idempotency_key) DO NOTHING
         RETURNING order_id
       )
       SELECT 'claimed' AS status, order_id, NULL AS fingerprint FROM inserted
       UNION ALL
       SELECT 'taken', order_id, fingerprint FROM existing`,
      parameters,
    );
    let [row] = rows;
    if (row === undefined) {
      // Another transaction claimed the key meanwhile: the insert waited for it to commit. Read its claim.
      const existing = await client.query(
        `SELECT 'taken' AS status, order_id, fingerprint FROM ${t.order_idempotency}
         WHERE scope = $1 AND idempotency_key = $2`,
        [claim.scope, claim.key],
      );
      [row] = existing.rows;
    }
    if (row?.status === 'claimed') return { status: 'claimed', orderId: Number(row.order_id) };
    if (row?.status === 'taken') {
      return { status: 'taken', fingerprint: String(row.fingerprint), orderId: Number(row.order_id) };
    }
  }
  throw new Error(`cartwright postgres: idempotency key could not be claimed in ${MAX_ATTEMPTS} attempts`);
}
