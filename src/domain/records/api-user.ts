/**
 * API user records: the trusted clients allowed to open sessions.
 * @module
 */

/** An API user (OpenCart's System > Users > API). The key is stored only as a hash. */
export interface ApiUser {
  readonly apiId: number;
  readonly username: string;
  /** Hash of the secret key in the form written by `hashApiKey` (`scrypt$<salt>$<hash>`). */
  readonly keyHash: string;
  readonly status: boolean;
  /** Addresses allowed to use this user's sessions (exact IPv4 / IPv6 text). */
  readonly ips: readonly string[];
}
