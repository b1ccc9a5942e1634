/**
 * What a port must do when its store fails: reject, with an `Error`, in time. A fixture offers a failed store
 * through its optional `unavailable()`; a fixture without one cannot run the failure cases, which are then
 * reported skipped with that reason ({@link failedStore}), never passed.
 * @module
 */
import assert from 'node:assert/strict';
import { cannotRun } from './test-api.js';

/** A fixture that may offer a port of the same kind over a store that has failed. */
export interface FailableStore<P> {
  /**
   * Optional: the port over a store that has failed (stopped, unreachable, or stalled past the adapter's
   * deadline), or a service that is down. Without it the failure cases cannot run and are reported skipped.
   */
  unavailable?(): Promise<P>;
}

/** Why a failure case is skipped when the fixture gives no failed store. */
export const NO_FAILED_STORE =
  'the fixture offers no failed store or service (`unavailable`), so there is no failure to check';

/** The fixture's failed store, or the case stops as one that cannot run (skipped, with the reason). */
export async function failedStore<P>(fixture: FailableStore<P>): Promise<P> {
  if (fixture.unavailable === undefined) return cannotRun(NO_FAILED_STORE);
  return fixture.unavailable();
}

/** How long a call on a failed store may take to reject before the suite calls it a hang. */
export const FAILURE_WAIT_MS = 10_000;

/** One call of a port method, named for failure messages. */
export type NamedCall = readonly [name: string, call: () => Promise<unknown>];

/** How a call on a failed store ended. */
type Ending =
  | { readonly kind: 'resolved'; readonly value: unknown }
  | { readonly kind: 'rejected'; readonly error: unknown }
  | { readonly kind: 'hung' };

/** Waits for `promise`, at most {@link FAILURE_WAIT_MS}. */
async function settle(promise: Promise<unknown>): Promise<Ending> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<Ending>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'hung' }), FAILURE_WAIT_MS);
  });
  const ended = promise.then(
    (value): Ending => ({ kind: 'resolved', value }),
    (error: unknown): Ending => ({ kind: 'rejected', error }),
  );
  try {
    return await Promise.race([ended, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Asserts that every call rejects with an `Error` within {@link FAILURE_WAIT_MS}: never a synchronous throw (a
 * port method returns a promise), never an answer (an empty list or `undefined` would read as "nothing there",
 * not as a failure), never a hang. The engine turns such a rejection into `unavailable` (503).
 */
export async function expectEveryCallRejects(calls: readonly NamedCall[]): Promise<void> {
  for (const [name, call] of calls) {
    let promise: Promise<unknown>;
    try {
      promise = call();
    } catch (error) {
      assert.fail(
        `${name} threw synchronously on a failed store (${String(error)}): it must return a rejected promise`,
      );
    }
    const ending = await settle(promise);
    if (ending.kind === 'hung')
      assert.fail(
        `${name} did not settle within ${FAILURE_WAIT_MS} ms on a failed store: it must reject in time`,
      );
    if (ending.kind === 'resolved')
      assert.fail(
        `${name} answered ${JSON.stringify(ending.value)} on a failed store: it must reject, not answer as if the store were empty`,
      );
    assert.ok(
      ending.error instanceof Error,
      `${name} rejected with ${String(ending.error)} on a failed store: it must reject with an Error`,
    );
  }
}
