/**
 * The contract suite every {@link TaxRates} adapter must pass: run it from the adapter's test file with the host's
 * test runner.
 * @module
 */
import assert from 'node:assert/strict';
import type { TaxRate, TaxRule, TaxTable } from '../domain/records/tax.js';
import type { TaxRates } from '../ports/tax-rates.js';
import type { FailableFixture } from './directory-contracts/failing-store.js';
import { seedTaxes, type TaxSeed } from './directory-contracts/tax-seed.js';
import { expectEveryCallRejects, failedStore } from './port-failures.js';
import { seededCase } from './seeded-case.js';
import { tamper } from './tamper.js';
import type { TestApi } from './test-api.js';

/** Tax rates over freshly seeded data, for one case. */
export interface TaxRatesFixture extends FailableFixture<TaxRates> {
  /** The port under test, reading exactly the seed it was set up with. */
  readonly taxes: TaxRates;
}

/** Stores `seed` (replacing whatever an earlier case stored) and answers the port over it. */
export type TaxRatesSetup = (seed: TaxSeed) => Promise<TaxRatesFixture>;

/** The table in one order (the port promises no order): rules by class, rate and basis; rates by id. */
function comparable(table: TaxTable): TaxTable {
  const rules = [...table.rules].sort(
    (a, b) => a.taxClassId - b.taxClassId || a.taxRateId - b.taxRateId || a.based.localeCompare(b.based),
  );
  const rates = [...table.rates]
    .sort((a, b) => a.taxRateId - b.taxRateId)
    .map((rate) => ({ ...rate, customerGroupIds: [...rate.customerGroupIds].sort((a, b) => a - b) }));
  return { rules, rates };
}

/** What the seed holds for `classes`: their rules and each rate they name, once. */
function expectedTable(seed: TaxSeed, classes: readonly number[]): TaxTable {
  const rules: TaxRule[] = seed.taxRules.filter((rule) => classes.includes(rule.taxClassId));
  const named = new Set(rules.map((rule) => rule.taxRateId));
  const rates: TaxRate[] = seed.taxRates.filter((rate) => named.has(rate.taxRateId));
  return comparable({ rules, rates });
}

/**
 * Registers the {@link TaxRates} contract cases under one `describe`. Every case builds the tax seed (four
 * rates, percentage and fixed, one for no group, one named by no rule; five rules over classes 9, 10 and 11 by
 * every basis), calls `setup` with it for a fresh fixture and calls its `cleanup` afterwards. Assertions use
 * `node:assert/strict`.
 *
 * The cases check what the port promises: every rule of the asked classes and every rate those rules name, each
 * once however many classes name it or however often a class is asked; nothing for unknown classes or none;
 * records that cannot change the store; and, when the fixture offers a failed store, a rejection with an `Error`
 * in time. Which rule applies is the pure tax rule's to decide, not the port's.
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the adapter in the suite title.
 * @param setup - Stores the seed (replacing what an earlier case stored) and builds the port over it.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { describeTaxRatesContract } from 'cartwright/testing';
 *
 * describeTaxRatesContract({ describe, it }, 'my tax rates', async (seed) => ({
 *   taxes: createMyTaxRates(await tablesHolding(seed)),
 * }));
 * ```
 */
export function describeTaxRatesContract(t: TestApi, name: string, setup: TaxRatesSetup): void {
  const test = seededCase(t, seedTaxes, setup);
  const tableOf = async (taxes: TaxRates, classes: readonly number[]) =>
    comparable(await taxes.getTaxTable(classes));

  t.describe(`TaxRates contract: ${name}`, () => {
    test('getTaxTable answers every rule of the asked classes and the rates they name, as seeded', async ({
      taxes,
    }, seed) => {
      assert.deepStrictEqual(await tableOf(taxes, [9]), expectedTable(seed, [9]), 'class 9');
      assert.deepStrictEqual(await tableOf(taxes, [11]), expectedTable(seed, [11]), 'class 11');
      assert.deepStrictEqual(
        await tableOf(taxes, [10, 9, 11]),
        expectedTable(seed, [9, 10, 11]),
        'three classes',
      );
    });

    test('a rate named by several classes, or a class asked twice, comes once', async ({ taxes }) => {
      const table = await taxes.getTaxTable([10, 9, 9, 10]);
      assert.deepStrictEqual(
        table.rates.map((rate) => rate.taxRateId).sort((a, b) => a - b),
        [86, 87, 88],
        'the rates',
      );
      assert.equal(table.rules.length, 4, 'each rule of classes 9 and 10 once');
    });

    test('unknown classes, and no classes, contribute nothing', async ({ taxes }) => {
      assert.deepStrictEqual(await tableOf(taxes, [12, 0, -1]), { rules: [], rates: [] }, 'unknown classes');
      assert.deepStrictEqual(await tableOf(taxes, []), { rules: [], rates: [] }, 'no classes');
      assert.deepStrictEqual(
        (await tableOf(taxes, [12, 11])).rules.map((rule) => rule.taxRateId),
        [88],
        'an unknown class beside a known one',
      );
    });

    test('a table handed out cannot change the store: a change is refused or never read back', async ({
      taxes,
    }, seed) => {
      tamper(await taxes.getTaxTable([9, 10]));
      assert.deepStrictEqual(await tableOf(taxes, [9, 10]), expectedTable(seed, [9, 10]));
    });

    test('when its store has failed, getTaxTable rejects with an Error in time (never an empty table)', async (fixture) => {
      const taxes = await failedStore(fixture);
      await expectEveryCallRejects([['getTaxTable', () => taxes.getTaxTable([9])]]);
    });
  });
}
