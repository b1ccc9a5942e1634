/**
 * The sessions, login throttle and replay guard a store keeps in this process's memory until an overlay such as
 * `redisSessions` takes them: shared by every store bundle, so no store adapter has to reach into another's
 * folder for them. One process only: several processes behind one load balancer need an overlay.
 * @module
 */
import type { Clock } from '../ports/clock.js';
import type { LoginThrottle } from '../ports/login-throttle.js';
import type { ReplayGuard } from '../ports/replay-guard.js';
import type { SessionStore } from '../ports/session-store.js';
import { createMemoryLoginThrottle } from './memory/login-throttle.js';
import { createMemoryReplayGuard } from './memory/replay-guard.js';
import { createMemorySessionStore } from './memory/session-store.js';

/** The three in-process ports a store bundle starts with. */
export interface InProcessSessions {
  readonly sessions: SessionStore;
  readonly loginThrottle: LoginThrottle;
  readonly replayGuard: ReplayGuard;
}

/** Makes the sessions, login throttle and replay guard kept in this process's memory, on `clock`. */
export function inProcessSessions(clock: Clock): InProcessSessions {
  return {
    sessions: createMemorySessionStore({ clock }),
    loginThrottle: createMemoryLoginThrottle({ clock }),
    replayGuard: createMemoryReplayGuard({ clock }),
  };
}
