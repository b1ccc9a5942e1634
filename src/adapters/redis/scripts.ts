/**
 * The Lua scripts of the Redis session store. Each runs atomically on the server; each touches one key only, so
 * they work on Redis Cluster too.
 *
 * A session is a hash with four fields:
 * - `version`: the session's `version`, the compare-and-set token;
 * - `expiresAtMs`: its `expiresAt` in milliseconds since the epoch, which the scripts compare;
 * - `expiresAt`: its `expiresAt` as given (ISO-8601), which `touch` replaces without rewriting `session`;
 * - `session`: the session as JSON, as it was saved (its `expiresAt` may be older than the field's).
 *
 * The scripts never read Redis's own time: "now" arrives from the store's clock in `ARGV`, so the injected clock
 * alone decides what is expired. The key's TTL only makes Redis drop what the store would treat as gone anyway.
 * @module
 */

/**
 * Reads a session: replies `[expiresAtMs, expiresAt, session]`, all nil when the key is missing.
 *
 * `KEYS[1]`: the session key.
 */
export const GET_SCRIPT = `return redis.call('HMGET', KEYS[1], 'expiresAtMs', 'expiresAt', 'session')`;

/**
 * Compare-and-set save: writes the session only when the stored version equals the expected one (0: none
 * stored, or one forgotten after its retention), then sets the key's TTL. Replies 1 when saved, 0 on conflict.
 *
 * `KEYS[1]`: the session key. `ARGV`: expected version, new version, `expiresAtMs`, `expiresAt`, session JSON,
 * the instant at or before which an `expiresAtMs` counts as forgotten (now − retention), the key's TTL in ms.
 */
export const SAVE_SCRIPT = `
local stored = redis.call('HMGET', KEYS[1], 'version', 'expiresAtMs')
local expiresAtMs = tonumber(stored[2])
local current = 0
if expiresAtMs ~= nil and expiresAtMs > tonumber(ARGV[6]) then
  current = tonumber(stored[1])
end
if current ~= tonumber(ARGV[1]) then
  return 0
end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'expiresAtMs', ARGV[3], 'expiresAt', ARGV[4], 'session', ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[7])
return 1
`;

/**
 * Sliding expiry: moves `expiresAt` later and renews the key's TTL, without a version change. Does nothing for a
 * missing or expired session, or for an instant not later than the stored one. Replies 1 when moved, else 0.
 *
 * `KEYS[1]`: the session key. `ARGV`: new `expiresAtMs`, new `expiresAt`, now in ms, the key's new TTL in ms.
 */
export const TOUCH_SCRIPT = `
local stored = tonumber(redis.call('HGET', KEYS[1], 'expiresAtMs'))
if stored == nil then
  return 0
end
local moved = tonumber(ARGV[1])
if tonumber(ARGV[3]) >= stored or moved <= stored then
  return 0
end
redis.call('HSET', KEYS[1], 'expiresAtMs', ARGV[1], 'expiresAt', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
`;
