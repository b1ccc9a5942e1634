/**
 * Claiming an idempotency key inside a create.
 * @module
 */
import type { IdempotencyClaim } from '../../ports/order-repository.js';
import type { Tables } from './identifiers.js';
import type { PgClientLike } from './pool.js';

/** What a claim found: the key is this write's now (with its order's id), or an earlier write's. */
export type ClaimResult =
  | { readonly status: 'claimed'; readonly orderId: number }
  | { readonly status: 'taken'; readonly fingerprint: string; readonly orderId: number };

/** SQL: the next order id, drawn from the `orders.order_id` identity. */
export const nextOrderId = (t: Tables) => `nextval(pg_get_serial_sequence('${t.orders}', 'order_id'))`;

/** How often a claim is retried when the key it collided with vanished (its order was deleted meanwhile). */
const MAX_ATTEMPTS = 3;

/**
 * Claims `(scope, key)` for order `orderId`, or for a new order when `orderId` is undefined (drawing its id). The insert waits while another transaction
 * holds the same key uncommitted (the primary key's uniqueness check), so of any number of concurrent creates
 * with one claim exactly one proceeds; the others see its committed claim and replay it, or, if it rolled back,
 * claim the key themselves. The claim references its order (a deferred foreign key, checked at commit) and is
 * deleted with it, so a key whose order is gone is free again, as in the memory repository.
 */
export async function claimKey(
  client: PgClientLike,
  t: Tables,
  claim: IdempotencyClaim,
  orderId?: number,
): Promise<ClaimResult> {
  const parameters = [claim.scope, claim.key, claim.fingerprint, ...(orderId === undefined ? [] : [orderId])];
  const idSql = orderId === undefined ? nextOrderId(t) : '$4::int';
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    // A key claimed and committed before is found without drawing an id; only a new key (or one being claimed
    // right now by another transaction) reaches the insert.
    const { rows } = await client.query(
      `WITH existing AS (
         SELECT fingerprint, order_id FROM ${t.order_idempotency} WHERE scope = $1 AND idempotency_key = $2
       ), inserted AS (
         INSERT INTO ${t.order_idempotency} (scope, idempotency_key, fingerprint, order_id)
         SELECT $1, $2, $3, ${idSql} WHERE NOT EXISTS (SELECT 1 FROM existing)
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

/** What claiming several keys found: all claimed for one order, or the first key already taken. */
export type ClaimsResult =
  | { readonly status: 'claimed'; readonly orderId: number }
  | { readonly status: 'replay'; readonly orderId: number }
  | { readonly status: 'conflict' };

/**
 * Claims every one of `claims` (at least one) for one order, in the order given, so concurrent writers lock the
 * keys in the same order and never deadlock. The first claim draws the new order's id unless `orderId` is
 * given; the others take the same id. The first key found taken ends the claiming, as a replay (same
 * fingerprint) or a conflict: the caller rolls back, which frees the keys claimed before it.
 */
export async function claimKeys(
  client: PgClientLike,
  t: Tables,
  claims: readonly [IdempotencyClaim, ...IdempotencyClaim[]],
  orderId?: number,
): Promise<ClaimsResult> {
  let id = orderId;
  for (const claim of claims) {
    const result = await claimKey(client, t, claim, id);
    if (result.status === 'taken') {
      return result.fingerprint === claim.fingerprint
        ? { status: 'replay', orderId: result.orderId }
        : { status: 'conflict' };
    }
    id = result.orderId;
  }
  if (id === undefined) throw new Error('cartwright postgres: claimKeys needs at least one claim');
  return { status: 'claimed', orderId: id };
}
