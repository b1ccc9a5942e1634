/**
 * The contract suite every {@link TotalCalculator} must pass: run it from the calculator's test file with the
 * host's test runner.
 * @module
 */
import assert from 'node:assert/strict';
import type {
  TaxAmount,
  TotalCalculator,
  TotalsContext,
  TotalsState,
} from '../domain/pricing/totals/calculator.js';
import type { Money } from '../money/index.js';
import { onFrozenInput } from './method-contract-checks.js';
import { type CleanableFixture, fixtureCase, type TestApi } from './test-api.js';

/** One input of a calculator: the state it continues and the context it reads. */
export interface TotalsInput {
  readonly state: TotalsState;
  readonly context: TotalsContext;
}

/** A total calculator and the inputs to run it on, for one case. */
export interface TotalCalculatorFixture extends CleanableFixture {
  /** The calculator under test. */
  readonly calculator: TotalCalculator;
  /** Inputs it is run on (at least one): the states and contexts of the carts it must price. */
  readonly inputs: readonly TotalsInput[];
}

/** A deep copy of plain data, functions kept as they are (a context's `taxesOn`). */
function copy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copy) as T;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, copy(child)])) as T;
}

/** A deep copy, frozen all the way down: a calculator that changes its input then throws. */
function frozen<T>(value: T): T {
  const result = copy(value);
  const freeze = (item: unknown): void => {
    if (typeof item !== 'object' || item === null) return;
    for (const child of Object.values(item)) freeze(child);
    Object.freeze(item);
  };
  freeze(result);
  return result;
}

/** The input's plain data (the context without its function), for comparing before and after. */
function plain(input: TotalsInput): unknown {
  const { taxesOn: _, ...context } = input.context;
  return JSON.parse(JSON.stringify({ state: input.state, context }));
}

/** Asserts that `amount` is money in `currency`. */
function expectCurrency(amount: Money | undefined, currency: string, what: string): void {
  assert.ok(typeof amount === 'object' && amount !== null, `${what} must be an amount of money`);
  assert.equal(amount.currency, currency, `${what} must be in the default currency`);
}

/** Runs the calculator, asserting that it answered synchronously. */
function applied(calculator: TotalCalculator, input: TotalsInput, what: string): TotalsState {
  const result: unknown = calculator.apply(input.state, input.context);
  assert.ok(
    typeof result === 'object' &&
      result !== null &&
      typeof (result as { then?: unknown }).then !== 'function',
    `${what}: apply must answer the next state synchronously, not a promise`,
  );
  return result as TotalsState;
}

/**
 * Registers the {@link TotalCalculator} contract cases under one `describe`. Every case calls `setup` for a fresh
 * fixture and calls its `cleanup` afterwards; `sampleTotalsContext`, `sampleTotalsState` and `samplePricedLine`
 * help build the inputs. Assertions use `node:assert/strict`.
 *
 * The cases check what the port promises: a code and a finite sort order; `apply` answers the next state
 * synchronously; it appends lines, leaving the incoming ones as they were, and the lines it appends carry a code,
 * a title and its sort order (a fee after the `tax` step appends its own `tax` lines); every amount of the state it answers is in the store's default currency; the same input
 * gives the same state; and it changes nothing it was given.
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the calculator in the suite title.
 * @param setup - Builds the calculator and the inputs to run it on.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { describeTotalCalculatorContract, sampleTotalsContext, sampleTotalsState } from 'cartwright/testing';
 *
 * describeTotalCalculatorContract({ describe, it }, 'gift wrap', async () => ({
 *   calculator: createGiftWrapTotal({ fee: '2.50', sortOrder: 4 }),
 *   inputs: [{ state: sampleTotalsState('202.00'), context: sampleTotalsContext() }],
 * }));
 * ```
 */
export function describeTotalCalculatorContract(
  t: TestApi,
  name: string,
  setup: () => Promise<TotalCalculatorFixture>,
): void {
  const test = fixtureCase<TotalCalculatorFixture>(t, setup);

  t.describe(`TotalCalculator contract: ${name}`, () => {
    test('it has a code and a finite sort order', async ({ calculator }) => {
      assert.equal(typeof calculator.code, 'string', 'the code must be a string');
      assert.notEqual(calculator.code, '', 'the code must not be empty');
      assert.ok(Number.isFinite(calculator.sortOrder), 'the sortOrder must be a finite number');
    });

    test('apply answers synchronously, appending lines at its own sort order to those it was given', async ({
      calculator,
      inputs,
    }) => {
      assert.ok(inputs.length > 0, 'the fixture must give at least one input');
      for (const [i, input] of inputs.entries()) {
        const next = applied(calculator, input, `input ${i}`);
        const before = input.state.lines.length;
        assert.deepStrictEqual(
          next.lines.slice(0, before),
          [...input.state.lines],
          `input ${i}: earlier lines changed`,
        );
        for (const line of next.lines.slice(before)) {
          assert.ok(
            typeof line.code === 'string' && line.code !== '',
            `input ${i}: an appended line needs a code`,
          );
          assert.equal(typeof line.title, 'string', `input ${i}: an appended line needs a title`);
          assert.equal(
            line.sortOrder,
            calculator.sortOrder,
            `input ${i}: an appended line must carry its sort order`,
          );
        }
      }
    });

    test("every amount of the state it answers is in the store's default currency", async ({
      calculator,
      inputs,
    }) => {
      for (const [i, input] of inputs.entries()) {
        const next = applied(calculator, input, `input ${i}`);
        const currency = input.context.settings.currency;
        expectCurrency(next.total, currency, `input ${i}: the total`);
        for (const line of next.lines) expectCurrency(line.value, currency, `input ${i}: line ${line.code}`);
        for (const [key, tax] of Object.entries(next.taxes)) {
          expectCurrency((tax as Partial<TaxAmount> | null)?.amount, currency, `input ${i}: tax ${key}`);
        }
      }
    });

    test('the same input gives the same state, and nothing it was given changes', async ({
      calculator,
      inputs,
    }) => {
      for (const [i, input] of inputs.entries()) {
        const before = plain(input);
        const given = { state: frozen(input.state), context: frozen(input.context) };
        const first = await onFrozenInput(`input ${i}`, async () => applied(calculator, given, `input ${i}`));
        const second = applied(calculator, input, `input ${i}`);
        assert.deepStrictEqual(second, first, `input ${i}: a second run answered another state`);
        assert.deepStrictEqual(plain(input), before, `input ${i}: apply changed its input`);
      }
    });
  });
}
