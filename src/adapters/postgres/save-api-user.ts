/**
 * `saveApiUser(pool, user)`: writes one API user (key hash, status, allowed IPs, signing secret) over whatever
 * is stored.
 * @module
 */
import type { ApiUser } from '../../domain/records/api-user.js';
import { qualifiedTables, type Tables } from './identifiers.js';
import type { PgClientLike, PgPoolLike } from './pool.js';
import { inTransaction } from './transaction.js';

/** Writes the user's signing row, or removes it when the user does not sign. */
async function saveSigning(client: PgClientLike, t: Tables, user: ApiUser): Promise<void> {
  const { signing, signingSecret } = user;
  if (signing === undefined || signingSecret === undefined || signingSecret === '') {
    await client.query(`DELETE FROM ${t.api_signing} WHERE api_id = $1`, [user.apiId]);
    return;
  }
  await client.query(
    `INSERT INTO ${t.api_signing} (api_id, scheme, secret) VALUES ($1, $2, $3)
     ON CONFLICT (api_id) DO UPDATE SET scheme = EXCLUDED.scheme, secret = EXCLUDED.secret`,
    [user.apiId, signing, signingSecret],
  );
}

/** Options of {@link saveApiUser}. */
export interface SaveApiUserOptions {
  /** The schema `migrate` created the tables in; see `PostgresAdapterOptions.schema`. */
  readonly schema?: string | undefined;
}

/**
 * Inserts the API user `user.apiId`, or replaces its username, key hash, status, allowed IPs (in the given
 * order) and signing (its `api_signing` row: written when the user signs with a secret, removed otherwise), in
 * one transaction; nothing else is touched, so orders and sessions made by the user stay valid.
 * Hosts use it to put the key and IPs of their configuration in force on every start, over data loaded on an
 * earlier one (`loadDemoStore(…, { mode: 'if-empty' })` keeps what is stored).
 *
 * @param pool - The host's pool.
 * @param user - The user as it should be stored; `keyHash` as `hashApiKey` makes it (which refuses a key shorter
 * than 32 characters: `generateApiKey()` makes one).
 * @example
 * ```ts
 * import { generateApiKey, hashApiKey } from 'cartwright';
 * import { saveApiUser } from 'cartwright/adapters/postgres';
 *
 * const key = process.env.SHOP_API_KEY ?? generateApiKey();
 * const user = { apiId: 1, username: 'demo', keyHash: hashApiKey(key), status: true, ips: ['127.0.0.1'] };
 * await saveApiUser(pool, user, { schema: 'shop' });
 * ```
 */
export async function saveApiUser(
  pool: PgPoolLike,
  user: ApiUser,
  options: SaveApiUserOptions = {},
): Promise<void> {
  const t = qualifiedTables(options.schema);
  // One position per address, first wins: the table's key is (api_id, ip), and the directory reads them back
  // in this order.
  const ips = [...new Set(user.ips)];
  await inTransaction(pool, undefined, 'save API user', async (client) => {
    await client.query(
      `INSERT INTO ${t.api} (api_id, username, key_hash, status) VALUES ($1, $2, $3, $4)
       ON CONFLICT (api_id) DO UPDATE
         SET username = EXCLUDED.username, key_hash = EXCLUDED.key_hash, status = EXCLUDED.status`,
      [user.apiId, user.username, user.keyHash, user.status],
    );
    await client.query(`DELETE FROM ${t.api_ip} WHERE api_id = $1`, [user.apiId]);
    await client.query(
      `INSERT INTO ${t.api_ip} (api_id, ip, position)
       SELECT $1, ip, position::int - 1 FROM unnest($2::text[]) WITH ORDINALITY AS u(ip, position)`,
      [user.apiId, ips],
    );
    await saveSigning(client, t, user);
    return { commit: true, value: undefined };
  });
}
