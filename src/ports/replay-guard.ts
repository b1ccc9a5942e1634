/**
 * The replay-guard port.
 * @module
 */

/**
 * Remembers the signed requests already accepted, so that a captured one cannot be sent again: a signature is
 * valid for a window of time, and within it only its first use counts. Keys are opaque to the guard (the HTTP
 * layer passes the API user's id and the signature).
 *
 * Contract: `claim` is atomic. Of any number of concurrent claims of one key, exactly one answers true; after
 * that every claim answers false until `expiresAt` has passed (by the guard's clock), when the key may be claimed
 * anew. Keys are independent of each other.
 */
export interface ReplayGuard {
  /**
   * Records `key` until `expiresAt` and answers true; answers false, recording nothing, when it is already
   * recorded and has not expired. A rejection is a failed port (the request is answered 503).
   */
  claim(key: string, expiresAt: Date): Promise<boolean>;
}
