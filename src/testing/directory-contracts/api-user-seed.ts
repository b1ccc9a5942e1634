/**
 * What the API-user directory contract suite seeds: users whose names differ only in case or hold a pattern's
 * wildcards, one disabled, one that signs its requests.
 * @module
 */
import type { ApiUser } from '../../domain/records/api-user.js';

/** What the API-user suite asks the host to store before a case. */
export interface ApiUserSeed {
  readonly apiUsers: readonly ApiUser[];
}

/** A key hash in `hashApiKey`'s form (its salt and hash are made up: the suite never checks a key). */
const keyHash = (n: number) => `scrypt$${'0'.repeat(31)}${n}$${'a'.repeat(63)}${n}`;

/** A fresh copy of the API-user seed. */
export function seedApiUsers(): ApiUserSeed {
  return {
    apiUsers: [
      { apiId: 1, username: 'demo', keyHash: keyHash(1), status: true, ips: ['127.0.0.1', '::1'] },
      { apiId: 2, username: 'Demo', keyHash: keyHash(2), status: false, ips: [] },
      {
        apiId: 3,
        username: 'signer',
        keyHash: keyHash(3),
        status: true,
        ips: ['203.0.113.7'],
        signing: 'opencart',
        signingSecret: 'a signing secret with spaces & symbols',
      },
      { apiId: 4, username: 'shop_bot', keyHash: keyHash(4), status: true, ips: ['2001:db8::1'] },
    ],
  };
}
