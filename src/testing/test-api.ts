/**
 * The test-runner surface the contract suites need, and how they run a case on a fresh fixture.
 * @module
 */

/** A test body: synchronous, or a promise that settles when the case is done. */
export type TestBody = () => Promise<void> | void;

/**
 * The few functions of a test runner that the contract suites call. Vitest's and Jest's globals satisfy it
 * (`describeSessionStoreContract({ describe, it }, …)`), so do `node:test`'s; the suites never import a runner and
 * assert with `node:assert/strict`, so a failing case throws an `AssertionError` the runner reports.
 *
 * The suites create a fresh fixture inside every case (and call its `cleanup`), so they never need the hooks;
 * `beforeEach` and `afterEach` are part of the type only so that a runner's whole API object can be passed in.
 */
export interface TestApi {
  /** Groups cases under a title; `fn` registers them synchronously. */
  describe(name: string, fn: () => void): void;
  /** Registers one case. */
  it(name: string, fn: TestBody): void;
  /** Registers a hook run before each case (not used by the suites). */
  beforeEach?(fn: TestBody): void;
  /** Registers a hook run after each case (not used by the suites). */
  afterEach?(fn: TestBody): void;
}

/** A fixture that may hold resources: `cleanup` (when present) releases them after the case. */
export interface CleanableFixture {
  /** Releases what the fixture holds (connections, rows, keys). Called once per case, pass or fail. */
  cleanup?(): Promise<void>;
}

/** Builds a fresh fixture, runs `body` on it and always cleans it up (a cleanup error never hides the case's). */
export async function withFixture<F extends CleanableFixture>(
  setup: () => Promise<F>,
  body: (fixture: F) => Promise<void>,
): Promise<void> {
  const fixture = await setup();
  let failure: { readonly error: unknown } | undefined;
  try {
    await body(fixture);
  } catch (error) {
    failure = { error };
  }
  if (fixture.cleanup !== undefined) {
    try {
      await fixture.cleanup();
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure !== undefined) throw failure.error;
}
