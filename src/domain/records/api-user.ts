/**
 * API user records: the trusted clients allowed to open sessions.
 * @module
 */

/** How an API user may sign requests instead of logging in: `opencart`, as OpenCart 4.1's API clients do. */
export type ApiSigning = 'opencart';

/** An API user (OpenCart's System > Users > API). The login key is stored only as a hash. */
export interface ApiUser {
  readonly apiId: number;
  readonly username: string;
  /**
   * Hash of the secret key, as the host's `verifyApiKey` reads it: with cartwright's, `sha256$<hex>` as
   * `hashApiKey` writes it (or `scrypt$<salt>$<hash>` of earlier releases, which still verifies).
   */
  readonly keyHash: string;
  readonly status: boolean;
  /** Addresses allowed to use this user's sessions (exact IPv4 / IPv6 text). */
  readonly ips: readonly string[];
  /**
   * `opencart`: the user's requests may be signed as OpenCart 4.1 signs them (HMAC-SHA1 with
   * {@link signingSecret}) and are then accepted without a login. Absent: the user logs in.
   */
  readonly signing?: ApiSigning | undefined;
  /**
   * The secret the signatures are made with, kept apart from {@link keyHash} and in the clear, because checking
   * an HMAC needs the secret itself (a hash cannot). Only for users with {@link signing}; store it where a
   * password would not be.
   */
  readonly signingSecret?: string | undefined;
}
