/**
 * The API-user port.
 * @module
 */
import type { ApiUser } from '../domain/records/api-user.js';

/** The trusted clients. Contract: look-ups return the user whatever its status; the rules judge status and IPs. */
export interface ApiUserDirectory {
  findByUsername(username: string): Promise<ApiUser | undefined>;
  getApiUser(apiId: number): Promise<ApiUser | undefined>;
}
