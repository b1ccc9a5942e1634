/**
 * The in-memory API-user directory.
 * @module
 */

import { deepFreeze } from '../../domain/deep-freeze.js';
import type { ApiUser } from '../../domain/records/api-user.js';
import type { ApiUserDirectory } from '../../ports/api-user-directory.js';
import type { MemoryStoreData } from './store-data.js';

/**
 * An {@link ApiUserDirectory} over the memory tables. Usernames match exactly (case included): a login names
 * one user, and the throttle, which counts per username, cannot be sidestepped by changing case.
 */
export function createMemoryApiUserDirectory(data: MemoryStoreData): ApiUserDirectory {
  return {
    async findByUsername(username: string): Promise<ApiUser | undefined> {
      for (const user of data.apiUsers.values()) if (user.username === username) return deepFreeze(user);
      return undefined;
    },

    async getApiUser(apiId: number): Promise<ApiUser | undefined> {
      const user = data.apiUsers.get(apiId);
      return user === undefined ? undefined : deepFreeze(user);
    },
  };
}
