/**
 * The Redis session store.
 * @module
 */
import { CartwrightInvariantError } from '../../domain/errors.js';
import type { CheckoutSession } from '../../domain/machine/session.js';
import type { Clock } from '../../ports/clock.js';
import type { SaveOutcome, SessionLookup, SessionStore } from '../../ports/session-store.js';
import { deadlineOption, withinDeadline } from '../deadline.js';
import type { RedisClientLike } from './client.js';
import { slotSafePrefix } from './key-prefix.js';
import { GET_SCRIPT, SAVE_SCRIPT, TOUCH_SCRIPT } from './scripts.js';

/** Options of {@link createRedisSessionStore}. */
export interface RedisSessionStoreOptions {
  /** The host's connected client (an ioredis `Redis` as it is; node-redis through a small wrapper). */
  readonly client: RedisClientLike;
  /**
   * Put before every session id to make its key. Default `'cartwright:session:'`. Must not contain `{` or `}`,
   * which would put every session in one Redis Cluster slot (the factory throws).
   */
  readonly prefix?: string | undefined;
  /**
   * The longest a session may stay live in Redis after its last save or touch, in seconds: a key's TTL is the
   * time to the session's `expiresAt`, at most `ttlSeconds`, plus `retentionSeconds`. A guard against an
   * `expiresAt` far in the future; keep it at or above the engine's `sessionTtlSeconds`, or sessions vanish
   * (`missing`) before they expire. Default: no limit (the key follows `expiresAt`).
   */
  readonly ttlSeconds?: number | undefined;
  /** Judges expiry; the store never reads Redis's time. Default: the system clock. */
  readonly clock?: Clock | undefined;
  /**
   * How long an expired session is still answered as `expired` before it is forgotten (then `missing`), in
   * seconds. Default 86400 (one day), as the memory store.
   */
  readonly retentionSeconds?: number | undefined;
  /**
   * The longest one call (one Redis command) may take, in milliseconds; default 2000. Past it the call rejects
   * and the engine answers `unavailable` (503), however long Redis stays silent. A command already sent may
   * still run when Redis wakes up: a save is a compare-and-set, so a late one never overwrites a newer session.
   * Set the client's own timeout too (ioredis `commandTimeout`), so that it stops waiting as well.
   */
  readonly deadlineMs?: number | undefined;
}

/** The key prefix used when none is given. */
export const DEFAULT_REDIS_SESSION_PREFIX = 'cartwright:session:';
const DEFAULT_RETENTION_SECONDS = 86_400;
/** Stands for an unreadable `expiresAt`: long past, so such a session is never found (as in the memory store). */
const UNREADABLE_INSTANT_MS = Number.MIN_SAFE_INTEGER;
const systemClock: Clock = { now: () => new Date() };

/** Milliseconds of an ISO-8601 instant; an unreadable one counts as long past, so it can never be `found`. */
function instantMs(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? UNREADABLE_INSTANT_MS : ms;
}

/** Checks a duration option: a whole number of seconds, at least `min`. */
function seconds(value: number | undefined, fallback: number, min: number, name: string): number {
  const chosen = value ?? fallback;
  if (!Number.isSafeInteger(chosen) || chosen < min) {
    throw new CartwrightInvariantError(
      `createRedisSessionStore: ${name} must be an integer of at least ${min}, got ${String(value)}`,
    );
  }
  return chosen;
}

/** The session stored under `key`, from the reply of {@link GET_SCRIPT}. */
function parseStored(key: string, json: string, expiresAt: string): CheckoutSession {
  const parsed: unknown = JSON.parse(json);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`cartwright: the value of ${key} is not a stored checkout session`);
  }
  // `touch` moves only the `expiresAt` field of the hash, so that field wins over the JSON's.
  return { ...(parsed as CheckoutSession), expiresAt };
}

/** A field of a Redis reply that must be a string (or absent), else the key holds something else. */
function field(reply: unknown, index: number, key: string): string | null {
  const value: unknown = Array.isArray(reply) ? reply[index] : undefined;
  if (value === null || typeof value === 'string') return value;
  throw new Error(`cartwright: unexpected Redis reply for ${key}`);
}

/**
 * A {@link SessionStore} in Redis, shared by every process of the host.
 *
 * - Each session is one hash at `prefix + id` (fields `version`, `expiresAtMs`, `expiresAt`, `session` JSON).
 * - `save` is compare-and-set in one Lua script: it writes only if the stored `version` is `expectedVersion`
 *   (0: none stored), so of any number of concurrent saves over one version exactly one succeeds, across processes.
 * - Expiry is judged by `clock` against the session's `expiresAt`, never by Redis's time. The key's TTL is the
 *   time left until `expiresAt` plus `retentionSeconds`, renewed by every save and touch (sliding), so an expired
 *   session answers `expired` for the retention period and is then dropped by Redis (`missing`).
 * - `touch` moves `expiresAt` later in one Lua script, without a new version and without rewriting the session.
 * - Methods reject when Redis does (connection lost, a foreign value at a session key) and when Redis has not
 *   answered within `deadlineMs` (default 2 s); the engine reports that as `unavailable` (503).
 *
 * @example
 * ```ts
 * import { Redis } from 'ioredis';
 * import { createRedisSessionStore } from 'cartwright/adapters/redis';
 *
 * const sessions = createRedisSessionStore({ client: new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') });
 * ```
 */
export function createRedisSessionStore(options: RedisSessionStoreOptions): SessionStore {
  const { client } = options;
  const deadlineMs = deadlineOption(options.deadlineMs, 'createRedisSessionStore');
  /** Sends one command, within the deadline. */
  const send = <T>(command: string, run: () => Promise<T>): Promise<T> =>
    withinDeadline(run, deadlineMs, `redis ${command}`);
  const prefix = slotSafePrefix(options.prefix ?? DEFAULT_REDIS_SESSION_PREFIX, 'createRedisSessionStore');
  const clock = options.clock ?? systemClock;
  const retentionMs =
    seconds(options.retentionSeconds, DEFAULT_RETENTION_SECONDS, 0, 'retentionSeconds') * 1000;
  const maxLiveMs =
    options.ttlSeconds === undefined
      ? Number.POSITIVE_INFINITY
      : seconds(options.ttlSeconds, 0, 1, 'ttlSeconds') * 1000;

  /** The key's TTL for a session expiring at `expiresAtMs`: live time left (capped) plus retention, at least 1 ms. */
  const keyTtlMs = (expiresAtMs: number, nowMs: number): number =>
    Math.max(1, Math.min(expiresAtMs - nowMs, maxLiveMs) + retentionMs);

  return {
    async get(id: string): Promise<SessionLookup> {
      const key = prefix + id;
      const reply = await send('session get', () => client.eval(GET_SCRIPT, 1, key));
      const storedMs = field(reply, 0, key);
      const expiresAt = field(reply, 1, key);
      const json = field(reply, 2, key);
      if (storedMs === null || expiresAt === null || json === null) return { status: 'missing' };
      const nowMs = clock.now().getTime();
      const expiresAtMs = Number(storedMs);
      if (nowMs >= expiresAtMs + retentionMs) return { status: 'missing' };
      if (nowMs >= expiresAtMs) return { status: 'expired' };
      return { status: 'found', session: parseStored(key, json, expiresAt) };
    },

    async save(session: CheckoutSession, expectedVersion: number): Promise<SaveOutcome> {
      const nowMs = clock.now().getTime();
      const expiresAtMs = instantMs(session.expiresAt);
      const reply = await send('session save', () =>
        client.eval(
          SAVE_SCRIPT,
          1,
          prefix + session.id,
          expectedVersion,
          session.version,
          expiresAtMs,
          session.expiresAt,
          JSON.stringify(session),
          nowMs - retentionMs,
          keyTtlMs(expiresAtMs, nowMs),
        ),
      );
      return Number(reply) === 1 ? 'saved' : 'conflict';
    },

    async touch(id: string, expiresAt: string): Promise<void> {
      const nowMs = clock.now().getTime();
      const expiresAtMs = instantMs(expiresAt);
      if (expiresAtMs <= nowMs) return; // never live: it could only expire the session, which touch must not do
      await send('session touch', () =>
        client.eval(
          TOUCH_SCRIPT,
          1,
          prefix + id,
          expiresAtMs,
          expiresAt,
          nowMs,
          keyTtlMs(expiresAtMs, nowMs),
        ),
      );
    },

    async delete(id: string): Promise<void> {
      await send('session delete', () => client.del(prefix + id));
    },
  };
}
