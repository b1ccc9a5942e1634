/**
 * The contract suite every {@link CustomerDirectory} adapter must pass: run it from the adapter's test file with
 * the host's test runner.
 * @module
 */
import assert from 'node:assert/strict';
import type { CustomerDirectory } from '../ports/customer-directory.js';
import { type CustomerSeed, seedCustomers } from './directory-contracts/customer-seed.js';
import type { FailableFixture } from './directory-contracts/failing-store.js';
import { expectEveryCallRejects, failedStore } from './port-failures.js';
import { type SeededCase, seededCase } from './seeded-case.js';
import { tamper } from './tamper.js';
import type { TestApi } from './test-api.js';

/** A customer directory over freshly seeded data, for one case. */
export interface CustomerDirectoryFixture extends FailableFixture<CustomerDirectory> {
  /** The directory under test, reading exactly the seed it was set up with. */
  readonly customers: CustomerDirectory;
}

/** Stores `seed` (replacing whatever an earlier case stored) and answers the directory over it. */
export type CustomerDirectorySetup = (seed: CustomerSeed) => Promise<CustomerDirectoryFixture>;

type CustomerCase = SeededCase<CustomerDirectoryFixture, CustomerSeed>;

/** The seeded customer with this id. */
function seededCustomer(seed: CustomerSeed, customerId: number) {
  return seed.customers.find((c) => c.customerId === customerId);
}

/** The ids and `required` flags of the fields a group is asked, in the directory's order. */
async function fieldsOf(customers: CustomerDirectory, customerGroupId: number): Promise<[number, boolean][]> {
  return (await customers.getCustomFields(customerGroupId)).map((f) => [f.customFieldId, f.required]);
}

/** Registers the look-up cases. */
function registerLookUpCases(test: CustomerCase): void {
  test('getCustomer answers the account as seeded, whatever its status, or undefined', async ({
    customers,
  }, seed) => {
    assert.deepStrictEqual(await customers.getCustomer(1), seededCustomer(seed, 1), 'customer 1');
    assert.deepStrictEqual(
      await customers.getCustomer(2),
      seededCustomer(seed, 2),
      'the disabled customer 2',
    );
    assert.deepStrictEqual(await customers.getCustomer(5), seededCustomer(seed, 5), 'customer 5');
    assert.equal(await customers.getCustomer(99), undefined, 'an unknown customer');
  });

  test('findCustomerByEmail matches the whole address without regard to case, whatever the status', async ({
    customers,
  }) => {
    const idOf = async (email: string) => (await customers.findCustomerByEmail(email))?.customerId;
    assert.equal(await idOf('grace@example.com'), 1, 'as stored');
    assert.equal(await idOf('GRACE@Example.COM'), 1, 'in other case');
    assert.equal(await idOf('ada.lovelace@example.org'), 2, 'the disabled account');
    assert.equal(await idOf('grace@example.com.au'), 5, 'a longer address');
    assert.equal(await idOf('grace@example.co'), undefined, 'a prefix of an address');
    assert.equal(await idOf('race@example.com'), undefined, 'a suffix of an address');
    assert.equal(await idOf('nobody@example.com'), undefined, 'an unknown address');
  });

  test('findCustomerByEmail treats every character literally (no wildcards)', async ({ customers }) => {
    const idOf = async (email: string) => (await customers.findCustomerByEmail(email))?.customerId;
    assert.equal(await idOf('a_b@example.com'), 3, 'an address holding _');
    assert.equal(await idOf('axb@example.com'), undefined, '_ matched as any character');
    assert.equal(await idOf('100%@example.com'), 4, 'an address holding %');
    assert.equal(await idOf('100@example.com'), undefined, '% matched as any text');
    assert.equal(await idOf('%'), undefined, '% alone');
    assert.equal(await idOf('_%'), undefined, '_% alone');
  });

  test('getCustomerGroup answers the group as seeded, or undefined', async ({ customers }, seed) => {
    for (const group of seed.customerGroups) {
      assert.deepStrictEqual(await customers.getCustomerGroup(group.customerGroupId), group);
    }
    assert.equal(await customers.getCustomerGroup(99), undefined, 'an unknown group');
  });

  test('getAffiliate answers the account as seeded, whatever its status, or undefined', async ({
    customers,
  }, seed) => {
    for (const affiliate of seed.affiliates) {
      assert.deepStrictEqual(await customers.getAffiliate(affiliate.customerId), affiliate);
    }
    assert.equal(await customers.getAffiliate(3), undefined, 'a customer who is no affiliate');
  });
}

/** Registers the custom-field, reward, record and failure cases. */
function registerAccountCases(test: CustomerCase): void {
  test('getCustomFields answers the enabled fields asked of the group, required as set for it, in sort order', async ({
    customers,
  }, seed) => {
    assert.deepStrictEqual(await fieldsOf(customers, 1), [
      [22, false],
      [21, true],
    ]);
    assert.deepStrictEqual(await fieldsOf(customers, 2), [[21, false]], 'group 2: required differs');
    assert.deepStrictEqual(await fieldsOf(customers, 3), [[24, true]], 'group 3');
    assert.deepStrictEqual(await fieldsOf(customers, 99), [], 'an unknown group');
    const [newsletter] = await customers.getCustomFields(1);
    const field =
      seed.customFields.find((f) => f.customFieldId === 22) ?? assert.fail('the seed has no field 22');
    assert.deepStrictEqual(
      newsletter,
      {
        customFieldId: 22,
        name: field.name,
        location: field.location,
        type: field.type,
        validation: field.validation,
        required: false,
        sortOrder: field.sortOrder,
        values: field.values,
      },
      'field 22 as group 1 sees it',
    );
  });

  test('getRewardBalance sums every ledger entry of the customer, spent points included; 0 for none', async ({
    customers,
  }) => {
    assert.equal(await customers.getRewardBalance(1), 755, 'customer 1: 1000 - 250 + 5');
    assert.equal(await customers.getRewardBalance(2), -10, 'customer 2');
    assert.equal(await customers.getRewardBalance(3), 0, 'a customer with no entries');
    assert.equal(await customers.getRewardBalance(99), 0, 'an unknown customer');
  });

  test('a record handed out cannot change the store: a change is refused or never read back', async ({
    customers,
  }, seed) => {
    tamper(await customers.getCustomer(1));
    tamper(await customers.findCustomerByEmail('grace@example.com'));
    tamper(await customers.getCustomerGroup(1));
    tamper(await customers.getCustomFields(1));
    tamper(await customers.getAffiliate(1));
    assert.deepStrictEqual(await customers.getCustomer(1), seededCustomer(seed, 1), 'customer 1');
    assert.deepStrictEqual(await customers.getCustomerGroup(1), seed.customerGroups[0], 'group 1');
    assert.deepStrictEqual(await fieldsOf(customers, 1), [
      [22, false],
      [21, true],
    ]);
    assert.equal((await customers.getCustomFields(1))[0]?.name, 'Newsletter', 'the name of field 22');
    assert.deepStrictEqual(await customers.getAffiliate(1), seed.affiliates[0], 'affiliate 1');
  });

  test('when its store has failed, every method rejects with an Error in time (never an empty answer)', async (fixture) => {
    const customers = await failedStore(fixture);
    await expectEveryCallRejects([
      ['getCustomer', () => customers.getCustomer(1)],
      ['findCustomerByEmail', () => customers.findCustomerByEmail('grace@example.com')],
      ['getCustomerGroup', () => customers.getCustomerGroup(1)],
      ['getCustomFields', () => customers.getCustomFields(1)],
      ['getRewardBalance', () => customers.getRewardBalance(1)],
      ['getAffiliate', () => customers.getAffiliate(1)],
    ]);
  });
}

/**
 * Registers the {@link CustomerDirectory} contract cases under one `describe`. Every case builds the customer
 * seed (five accounts, one disabled and two whose e-mails hold `_` and `%`; three groups; four custom fields set
 * per group, one disabled; reward ledgers with spent points; two affiliates), calls `setup` with it for a fresh
 * fixture and calls its `cleanup` afterwards. Assertions use `node:assert/strict`.
 *
 * The cases check what the port promises: look-ups by id whatever the status; e-mails matched whole, without
 * regard to case and with no wildcards; the enabled fields of a group with `required` as set for it, in sort
 * order; balances summing every entry; records that cannot change the store; and, when the fixture offers a
 * failed store, rejections with an `Error` in time. That the balance counts the points orders spend is the
 * order-repository suite's to check.
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the adapter in the suite title.
 * @param setup - Stores the seed (replacing what an earlier case stored) and builds the directory over it.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { describeCustomerDirectoryContract } from 'cartwright/testing';
 *
 * describeCustomerDirectoryContract({ describe, it }, 'my customers', async (seed) => {
 *   const db = await freshDatabase();
 *   await writeMyTables(db, seed);
 *   return { customers: createMyCustomerDirectory(db), cleanup: () => db.close() };
 * });
 * ```
 */
export function describeCustomerDirectoryContract(
  t: TestApi,
  name: string,
  setup: CustomerDirectorySetup,
): void {
  const test = seededCase(t, seedCustomers, setup);
  t.describe(`CustomerDirectory contract: ${name}`, () => {
    registerLookUpCases(test);
    registerAccountCases(test);
  });
}
