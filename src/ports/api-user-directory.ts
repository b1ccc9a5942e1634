/**
 * The API-user port.
 * @module
 */
import type { ApiUser } from '../domain/records/api-user.js';

/**
 * The trusted clients. Contract (the `cartwright/testing` suite `describeApiUserDirectoryContract` checks every
 * point): look-ups return the user whatever its status, signing settings included; usernames match exactly (case
 * included, no wildcards); the rules judge status and IPs.
 */
export interface ApiUserDirectory {
  /** The API user with exactly this username (case-sensitive), or undefined. */
  findByUsername(username: string): Promise<ApiUser | undefined>;
  /** The API user with this id, or undefined. */
  getApiUser(apiId: number): Promise<ApiUser | undefined>;
}
