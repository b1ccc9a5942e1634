/**
 * Who may use a checkout: its API users, the login throttle, how keys are checked, signed requests and the API
 * users whose IP list is not checked. The composition root fills it from the store; the HTTP handler enforces it.
 * @module
 */

import type { ApiUserDirectory } from './api-user-directory.js';
import type { Clock } from './clock.js';
import type { LoginThrottle } from './login-throttle.js';
import type { ReplayGuard } from './replay-guard.js';

/**
 * Checks an API key against the API user's stored hash: true when it matches. Called with `undefined` when the
 * username is unknown, and must then take as long as a real check and answer false, so that the time a login
 * takes does not tell which usernames exist. A rejection is a failed port (503), not a wrong key.
 */
export type ApiKeyVerifier = (key: string, keyHash: string | undefined) => Promise<boolean>;

/** How OpenCart 4.1's signed requests are accepted. */
export interface SignedRequestAccess {
  /** Remembers the signatures accepted within the window, so that none is accepted twice. */
  readonly replayGuard: ReplayGuard;
  /** Judges a request's `time`. */
  readonly clock?: Clock | undefined;
  /** How far a request's `time` may be from the clock, either way, in seconds; default 300. */
  readonly windowSeconds?: number | undefined;
}

/** Who may use a checkout, and how they prove it. */
export interface CheckoutAccess {
  /** The API users who may log in or sign requests. */
  readonly apiUsers: ApiUserDirectory;
  /** Counts failed logins per username and client address, and per address. */
  readonly loginThrottle: LoginThrottle;
  /** Checks a login's key against the user's stored hash. */
  readonly verifyApiKey: ApiKeyVerifier;
  /** Signed requests: accepted from API users whose `signing` says so. */
  readonly signedRequests: SignedRequestAccess;
  /**
   * Usernames of API users whose allowed-IP list is not checked (for hosts that cannot know the client's
   * address); the HTTP handler warns about them when it is made.
   */
  readonly allowAnyIp: readonly string[];
}
