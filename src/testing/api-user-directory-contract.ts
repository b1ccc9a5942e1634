/**
 * The contract suite every {@link ApiUserDirectory} adapter must pass: run it from the adapter's test file with the
 * host's test runner.
 * @module
 */
import assert from 'node:assert/strict';
import type { ApiUser } from '../domain/records/api-user.js';
import type { ApiUserDirectory } from '../ports/api-user-directory.js';
import { type ApiUserSeed, seedApiUsers } from './directory-contracts/api-user-seed.js';
import type { FailableFixture } from './directory-contracts/failing-store.js';
import { expectEveryCallRejects, failedStore } from './port-failures.js';
import { seededCase } from './seeded-case.js';
import { tamper } from './tamper.js';
import type { TestApi } from './test-api.js';

/** An API-user directory over freshly seeded data, for one case. */
export interface ApiUserDirectoryFixture extends FailableFixture<ApiUserDirectory> {
  /** The directory under test, reading exactly the seed it was set up with. */
  readonly apiUsers: ApiUserDirectory;
}

/** Stores `seed` (replacing whatever an earlier case stored) and answers the directory over it. */
export type ApiUserDirectorySetup = (seed: ApiUserSeed) => Promise<ApiUserDirectoryFixture>;

/**
 * The user as plain data with its addresses in order: an optional field left out and one set to `undefined` read
 * alike, and the port promises no order of addresses.
 */
function comparable(user: ApiUser | undefined): unknown {
  if (user === undefined) return undefined;
  return JSON.parse(JSON.stringify({ ...user, ips: [...user.ips].sort() }));
}

/**
 * Registers the {@link ApiUserDirectory} contract cases under one `describe`. Every case builds the API-user
 * seed (`demo` and a disabled `Demo`, a user that signs its requests, `shop_bot`), calls `setup` with it for a
 * fresh fixture and calls its `cleanup` afterwards. Assertions use `node:assert/strict`.
 *
 * The cases check what the port promises: a user found by exactly its username (case included, no wildcards)
 * or by id, whatever its status, with its key hash, addresses and signing settings as stored; records that
 * cannot change the store; and, when the fixture offers a failed store, rejections with an `Error` in time.
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the adapter in the suite title.
 * @param setup - Stores the seed (replacing what an earlier case stored) and builds the directory over it.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { describeApiUserDirectoryContract } from 'cartwright/testing';
 *
 * describeApiUserDirectoryContract({ describe, it }, 'my API users', async (seed) => ({
 *   apiUsers: createMyApiUsers(await tablesHolding(seed)),
 * }));
 * ```
 */
export function describeApiUserDirectoryContract(
  t: TestApi,
  name: string,
  setup: ApiUserDirectorySetup,
): void {
  const test = seededCase(t, seedApiUsers, setup);
  const seeded = (seed: ApiUserSeed, apiId: number) =>
    comparable(seed.apiUsers.find((u) => u.apiId === apiId));

  t.describe(`ApiUserDirectory contract: ${name}`, () => {
    test('findByUsername matches the username exactly, case included, whatever the status', async ({
      apiUsers,
    }, seed) => {
      assert.deepStrictEqual(comparable(await apiUsers.findByUsername('demo')), seeded(seed, 1), 'demo');
      assert.deepStrictEqual(
        comparable(await apiUsers.findByUsername('Demo')),
        seeded(seed, 2),
        'the disabled Demo',
      );
      assert.deepStrictEqual(comparable(await apiUsers.findByUsername('signer')), seeded(seed, 3), 'signer');
      assert.equal(await apiUsers.findByUsername('DEMO'), undefined, 'a username in another case');
      assert.equal(await apiUsers.findByUsername('dem'), undefined, 'a prefix of a username');
      assert.equal(await apiUsers.findByUsername(''), undefined, 'no username');
    });

    test('findByUsername treats every character literally (no wildcards)', async ({ apiUsers }) => {
      assert.equal((await apiUsers.findByUsername('shop_bot'))?.apiId, 4, 'a username holding _');
      assert.equal(await apiUsers.findByUsername('shopxbot'), undefined, '_ matched as any character');
      assert.equal(await apiUsers.findByUsername('%'), undefined, '% alone');
    });

    test('getApiUser answers the user as seeded, signing settings included, whatever the status', async ({
      apiUsers,
    }, seed) => {
      for (const apiId of [1, 2, 3, 4]) {
        assert.deepStrictEqual(
          comparable(await apiUsers.getApiUser(apiId)),
          seeded(seed, apiId),
          `user ${apiId}`,
        );
      }
      assert.equal(await apiUsers.getApiUser(99), undefined, 'an unknown user');
    });

    test('a record handed out cannot change the store: a change is refused or never read back', async ({
      apiUsers,
    }, seed) => {
      tamper(await apiUsers.findByUsername('signer'));
      tamper(await apiUsers.getApiUser(1));
      assert.deepStrictEqual(comparable(await apiUsers.findByUsername('signer')), seeded(seed, 3), 'user 3');
      assert.deepStrictEqual(comparable(await apiUsers.getApiUser(1)), seeded(seed, 1), 'user 1');
    });

    test('when its store has failed, every method rejects with an Error in time (never an empty answer)', async (fixture) => {
      const apiUsers = await failedStore(fixture);
      await expectEveryCallRejects([
        ['findByUsername', () => apiUsers.findByUsername('demo')],
        ['getApiUser', () => apiUsers.getApiUser(1)],
      ]);
    });
  });
}
