/**
 * The Lua scripts of the Redis login throttle. Each runs atomically on the server, so concurrent failures
 * from any number of servers are all counted. Both keys of an attempt carry the address as their hash tag, so
 * they live in one slot and the scripts work on Redis Cluster too.
 *
 * A counter is a sorted set of failures, each scored by its instant in milliseconds. "Now" arrives from the
 * throttle's clock in `ARGV`, as in the session store's scripts: Redis's own time only drives the keys' TTL.
 * @module
 */

/**
 * Counts one failure on both counters: drops the failures that left the window, adds this one, keeps only the
 * newest `limit` (older ones can no longer decide anything) and lets the key expire a window after it.
 *
 * `KEYS`: the username-and-address counter, the address counter. `ARGV`: now in ms, the window in ms, the
 * failure's member (unique), the username-and-address limit, the address limit. Replies 1.
 */
export const RECORD_FAILURE_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limits = { tonumber(ARGV[4]), tonumber(ARGV[5]) }
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('ZREMRANGEBYRANK', key, 0, -(limits[i] + 1))
  redis.call('PEXPIRE', key, window)
end
return 1
`;

/**
 * How long an attempt must wait, in ms (0 or less: it may go ahead). A counter is full when its newest
 * `limit` failures are all still in the window; it frees up when the oldest of them leaves it. Writes
 * nothing.
 *
 * `KEYS`: as {@link RECORD_FAILURE_SCRIPT}. `ARGV`: now in ms, the window in ms, the username-and-address
 * limit, the address limit.
 */
export const CHECK_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limits = { tonumber(ARGV[3]), tonumber(ARGV[4]) }
local wait = 0
for i, key in ipairs(KEYS) do
  local newest = redis.call('ZREVRANGE', key, 0, limits[i] - 1, 'WITHSCORES')
  if #newest == 2 * limits[i] then
    wait = math.max(wait, tonumber(newest[#newest]) + window - now)
  end
end
return wait
`;
