/**
 * The contract suite every {@link FraudCheck} must pass: run it from the check's test file with the host's test
 * runner.
 * @module
 */
import assert from 'node:assert/strict';
import type { OrderRecord } from '../domain/records/order.js';
import type { FraudCheck } from '../ports/fraud-check.js';
import { frozenCopy, onFrozenInput } from './method-contract-checks.js';
import { expectEveryCallRejects, failedStore } from './port-failures.js';
import { type CleanableFixture, fixtureCase, type TestApi } from './test-api.js';

/** A fraud check and the orders it must flag and let pass, for one case. */
export interface FraudCheckFixture extends CleanableFixture {
  /** The check under test. */
  readonly check: FraudCheck;
  /** Orders it must flag (at least one), each with the status it must answer. */
  readonly flagged: readonly { readonly order: OrderRecord; readonly orderStatusId: number }[];
  /** Orders it must let pass (answer null). */
  readonly passed: readonly OrderRecord[];
  /**
   * Optional: the same check in a failed state (a block list it could not read). When given, the suite checks
   * that `check` then throws an `Error` rather than letting the order pass.
   */
  unavailable?(): Promise<FraudCheck>;
}

/** The check's answer, which must come at once: a fraud check is a synchronous rule, never a remote call. */
function ruleOf(check: FraudCheck, order: OrderRecord): number | null {
  const answer: unknown = check.check(order);
  assert.ok(
    answer === null || typeof answer === 'number',
    `the check answered ${typeof answer}; a fraud check answers a status id or null, synchronously`,
  );
  return answer;
}

/**
 * Registers the {@link FraudCheck} contract cases under one `describe`. Every case calls `setup` for a fresh
 * fixture and calls its `cleanup` afterwards; `sampleOrderRecord` helps build the orders. Assertions use
 * `node:assert/strict`.
 *
 * The cases check what the port promises: a non-empty code; the status it names (a positive whole number) for
 * every order it must flag, null for every order it must let pass, the same answer when asked again; the order
 * left as it was; and, when the fixture offers a failed service, a rejection with an `Error` in time (never a
 * null, which would let a suspect order through unchecked without anyone knowing).
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the check in the suite title.
 * @param setup - Builds the check and the orders it must flag and let pass.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { describeFraudCheckContract, sampleOrderRecord } from 'cartwright/testing';
 *
 * describeFraudCheckContract({ describe, it }, 'large orders to review', async () => ({
 *   check: createLargeOrderReview({ above: money('5000.00', 'USD'), orderStatusId: 8 }),
 *   flagged: [{ order: sampleOrderRecord({ total: money('9999.00', 'USD') }), orderStatusId: 8 }],
 *   passed: [sampleOrderRecord()],
 * }));
 * ```
 */
export function describeFraudCheckContract(
  t: TestApi,
  name: string,
  setup: () => Promise<FraudCheckFixture>,
): void {
  const test = fixtureCase<FraudCheckFixture>(t, setup);

  t.describe(`FraudCheck contract: ${name}`, () => {
    test('its code is a non-empty text', async ({ check }) => {
      assert.equal(typeof check.code, 'string', 'the code must be a string');
      assert.notEqual(check.code, '', 'the code must not be empty');
    });

    test('it answers the status it names for every order it must flag, the same when asked again', async ({
      check,
      flagged,
    }) => {
      assert.ok(flagged.length > 0, 'the fixture must give at least one order to flag');
      for (const [i, { order, orderStatusId }] of flagged.entries()) {
        const verdict = await onFrozenInput(`flagged order ${i}`, async () =>
          ruleOf(check, frozenCopy(order)),
        );
        assert.ok(
          Number.isSafeInteger(verdict) && (verdict ?? 0) > 0,
          `flagged order ${i}: a status id, got ${verdict}`,
        );
        assert.equal(verdict, orderStatusId, `flagged order ${i}`);
        assert.equal(ruleOf(check, frozenCopy(order)), orderStatusId, `flagged order ${i}, asked again`);
      }
    });

    test('it answers null for every order it must let pass', async ({ check, passed }) => {
      for (const [i, order] of passed.entries()) {
        const verdict = await onFrozenInput(`passed order ${i}`, async () =>
          ruleOf(check, frozenCopy(order)),
        );
        assert.equal(verdict, null, `passed order ${i}`);
      }
    });

    test('the order it checks is left as it was', async ({ check, flagged, passed }) => {
      for (const [i, order] of [...flagged.map((f) => f.order), ...passed].entries()) {
        const given = structuredClone(order);
        ruleOf(check, given);
        assert.deepStrictEqual(given, structuredClone(order), `order ${i}: the check changed it`);
      }
    });

    test('when it fails, check throws an Error (never a null that lets the order through)', async (fixture) => {
      const check = await failedStore(fixture);
      const orders = [...fixture.flagged.map((f) => f.order), ...fixture.passed];
      await expectEveryCallRejects(
        orders.map(
          (order, i) => [`check of order ${i}`, async () => check.check(frozenCopy(order))] as const,
        ),
      );
    });
  });
}
