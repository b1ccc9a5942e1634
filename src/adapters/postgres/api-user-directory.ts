/**
 * The PostgreSQL API-user directory.
 * @module
 */

import { deepFreeze } from '../../domain/deep-freeze.js';
import type { ApiUser } from '../../domain/records/api-user.js';
import type { ApiUserDirectory } from '../../ports/api-user-directory.js';
import { type PostgresAdapterOptions, resolveOptions } from './options.js';
import { isStoredId, isStoredText, jsonColumn } from './values.js';

/**
 * An {@link ApiUserDirectory} over PostgreSQL, one statement per call. Usernames match exactly, case included
 * (of several users with one name the lowest id wins); the allowed IPs come in the order they were written; a
 * user with an `api_signing` row has its `signing` and `signingSecret`. Records are handed out frozen; with a
 * reference cache they come from memory while it listens (see `createPostgresReferenceCache`).
 */
export function createPostgresApiUserDirectory(options: PostgresAdapterOptions): ApiUserDirectory {
  const { db, tables: t, cache } = resolveOptions(options);
  // json_strip_nulls drops the signing fields of a user without a signing row (every other field is NOT NULL).
  const select = (where: string) => `SELECT json_strip_nulls(json_build_object(
      'apiId', a.api_id, 'username', a.username, 'keyHash', a.key_hash, 'status', a.status,
      'ips', COALESCE((
        SELECT json_agg(i.ip ORDER BY i.position, i.ip) FROM ${t.api_ip} i WHERE i.api_id = a.api_id
      ), '[]'::json),
      'signing', s.scheme, 'signingSecret', s.secret
    )) AS record
    FROM ${t.api} a LEFT JOIN ${t.api_signing} s ON s.api_id = a.api_id
    WHERE ${where} ORDER BY a.api_id LIMIT 1`;
  const byUsername = select('a.username = $1');
  const byId = select('a.api_id = $1');

  const one = (key: string, statement: string, value: unknown): Promise<ApiUser | undefined> =>
    cache.read('apiUsers', key, async () => {
      const { rows } = await db.query(statement, [value]);
      const [row] = rows;
      return row === undefined ? undefined : deepFreeze(jsonColumn<ApiUser>(row.record));
    });

  return {
    async findByUsername(username: string): Promise<ApiUser | undefined> {
      return isStoredText(username) ? one(`name:${username}`, byUsername, username) : undefined;
    },

    async getApiUser(apiId: number): Promise<ApiUser | undefined> {
      return isStoredId(apiId) ? one(`id:${apiId}`, byId, apiId) : undefined;
    },
  };
}
