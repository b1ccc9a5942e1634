/**
 * The in-memory replay guard.
 * @module
 */
import type { Clock } from '../../ports/clock.js';
import type { ReplayGuard } from '../../ports/replay-guard.js';

/** Options of {@link createMemoryReplayGuard}. */
export interface MemoryReplayGuardOptions {
  /** Judges expiry; the guard never reads the system clock. */
  readonly clock: Clock;
}

/**
 * A {@link ReplayGuard} in a `Map`: one process's memory, so several servers behind one address need a shared
 * guard instead (the Redis one), or a request accepted by one server could be replayed to another. No timers:
 * expired keys are swept when the map has doubled since the last sweep, so memory stays proportional to the
 * signed requests of one window.
 *
 * @example
 * ```ts
 * const replayGuard = createMemoryReplayGuard({ clock: createSystemClock() });
 * createFetchHandler(checkout, { ...options, signedRequests: { replayGuard } });
 * ```
 */
export function createMemoryReplayGuard(options: MemoryReplayGuardOptions): ReplayGuard {
  const { clock } = options;
  const seen = new Map<string, number>();
  let sweepAt = 1024;

  function sweep(nowMs: number): void {
    for (const [key, expiresMs] of seen) if (expiresMs <= nowMs) seen.delete(key);
    sweepAt = Math.max(1024, seen.size * 2);
  }

  return {
    async claim(key: string, expiresAt: Date): Promise<boolean> {
      const nowMs = clock.now().getTime();
      const known = seen.get(key);
      if (known !== undefined && known > nowMs) return false;
      if (seen.size >= sweepAt) sweep(nowMs);
      seen.set(key, expiresAt.getTime());
      return true;
    },
  };
}
