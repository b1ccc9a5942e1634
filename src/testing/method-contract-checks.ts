/**
 * Checks shared by the shipping-method and payment-method contract suites.
 * @module
 */
import assert from 'node:assert/strict';
import type { Money } from '../money/index.js';
import { expectEveryCallRejects, failedStore } from './port-failures.js';
import type { CleanableFixture } from './test-api.js';

/** Freezes a copy of `value` all the way down: a method that changes what it is given then throws. */
export function frozenCopy<T>(value: T): T {
  const copy = structuredClone(value);
  const freeze = (item: unknown): void => {
    if (typeof item !== 'object' || item === null || Object.isFrozen(item)) return;
    for (const child of Object.values(item)) freeze(child);
    Object.freeze(item);
  };
  freeze(copy);
  return copy;
}

/** Asserts that a method code is a non-empty text without a dot (option and quote codes are `<code>.<x>`). */
export function expectMethodCode(code: unknown, what: string): asserts code is string {
  assert.equal(typeof code, 'string', `${what}: the code must be a string`);
  assert.match(code as string, /^[^.\s]+$/, `${what}: the code must be non-empty, without dots or spaces`);
}

/** Asserts that `text` is a non-empty string. */
export function expectText(text: unknown, what: string): void {
  assert.equal(typeof text, 'string', `${what} must be a string`);
  assert.notEqual(text, '', `${what} must not be empty`);
}

/** Asserts that `code` is `<method>.<key>` for the entry `key` it is listed under. */
export function expectEntryCode(code: unknown, methodCode: string, key: string, what: string): void {
  assert.equal(code, `${methodCode}.${key}`, `${what}: the code must be "<method code>.<key>"`);
}

/** Asserts that an amount is money in `currency`, zero or more. */
export function expectAmount(amount: Money, currency: string, what: string): void {
  assert.equal(amount.currency, currency, `${what} must be in the store's default currency`);
  assert.match(amount.amount, /^[0-9]+(\.[0-9]+)?$/, `${what} must be a decimal amount of zero or more`);
}

/** Asserts that an answer is plain data: it comes back from JSON unchanged (the session stores it). */
export function expectPlainData(answer: unknown, what: string): void {
  assert.deepStrictEqual(JSON.parse(JSON.stringify(answer)), answer, `${what} must survive JSON unchanged`);
}

/**
 * Runs `call`, which hands a method frozen input: the `TypeError` a change to it throws is reported as the
 * change it is (a method must leave what it is given as it was).
 */
export async function onFrozenInput<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof TypeError) {
      assert.fail(`${what}: it tried to change what it was given, or failed on it (${error.message})`);
    }
    throw error;
  }
}

/** A method as the shipping and payment suites ask it: an optional remote read, then its synchronous rule. */
export interface GatheringMethod<C> {
  readonly code: string;
  gather?(context: C): Promise<unknown>;
}

/**
 * Asks `method` as the engine does: its `gather` first when it has one (the remote read, awaited), then its
 * rule on the context and what `gather` answered. The rule must answer at once, never a promise: a remote read
 * belongs in `gather`, which the engine asks while it gathers facts, never while it decides.
 */
export async function askRule<M extends GatheringMethod<C>, C, T>(
  method: M,
  context: C,
  rule: (method: M, context: C, gathered: unknown) => T,
  what: string,
): Promise<T> {
  const gathered = method.gather === undefined ? undefined : await method.gather(context);
  const answer = rule(method, context, gathered);
  assert.ok(
    answer === null || typeof (answer as { then?: unknown }).then !== 'function',
    `${what}: the method answered a promise; its rule must answer synchronously, with any remote read in gather()`,
  );
  return answer;
}

/** A method fixture as the shipping and payment suites take it: the method, and contexts in and out of its reach. */
export interface ContextFixture<M, C> extends CleanableFixture {
  /** The method under test. */
  readonly method: M;
  /** Contexts the method applies to: it must answer for each (at least one). */
  readonly applies: readonly C[];
  /** Contexts the method does not apply to (outside its zone, a cart it cannot take): it must answer null. */
  readonly excluded: readonly C[];
  /**
   * Optional, for a method that reads a remote service in `gather`: the same method whose service has failed (a
   * carrier's API down). When given, the suite checks that asking it then rejects with an `Error`, in time,
   * rather than answering null.
   */
  unavailable?(): Promise<M>;
}

/**
 * Registers the cases the shipping and payment suites share, for a method asked one question (`verb`, e.g.
 * `quote` or `offer`) of a context: null for every context it does not apply to; the same answer to the same
 * context, which it leaves as it was; and, when the fixture offers a failed service, a rejection with an `Error`
 * in time (never a null that reads "does not apply").
 */
export function registerContextCases<M, C, F extends ContextFixture<M, C>>(
  test: (title: string, body: (fixture: F) => Promise<void>) => void,
  verb: string,
  ask: (method: M, context: C) => Promise<unknown>,
): void {
  test('in every context it does not apply to, it answers null', async ({ method, excluded }) => {
    for (const [i, context] of excluded.entries()) {
      const answer = await onFrozenInput(`excluded context ${i}`, () => ask(method, frozenCopy(context)));
      assert.equal(answer, null, `excluded context ${i}`);
    }
  });

  test('the same context gets the same answer, and the context is left as it was', async (fixture) => {
    for (const [i, context] of [...fixture.applies, ...fixture.excluded].entries()) {
      const given = structuredClone(context);
      const first = await ask(fixture.method, given);
      const second = await ask(fixture.method, given);
      assert.deepStrictEqual(second, first, `context ${i}: a second ${verb} differs from the first`);
      assert.deepStrictEqual(given, structuredClone(context), `context ${i}: the method changed its context`);
    }
  });

  test(`when its service has failed, ${verb} rejects with an Error in time (never a null)`, async (fixture) => {
    const method = await failedStore(fixture);
    const [context] = fixture.applies;
    assert.ok(context !== undefined, 'the fixture must give at least one context the method applies to');
    await expectEveryCallRejects([[verb, () => ask(method, frozenCopy(context))]]);
  });
}
