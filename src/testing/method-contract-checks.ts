/**
 * Checks shared by the shipping-method and payment-method contract suites.
 * @module
 */
import assert from 'node:assert/strict';
import type { Money } from '../money/index.js';

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
