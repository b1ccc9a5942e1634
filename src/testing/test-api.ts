/**
 * The test-runner surface the contract suites need, and how they run a case on a fresh fixture.
 *
 * **Cases that cannot run.** A case that cannot run with what the host gave (the failure cases, when the fixture
 * offers no failed store) calls {@link cannotRun} with the reason. Every case is registered through
 * {@link fixtureCase} (or `seededCase`), which turns that into the runner's own skip with the reason as its note
 * (`↓ … [the fixture offers no failed store …]` in vitest, `# SKIP …` in node:test), so a case that checked
 * nothing is never reported as passed. The runner's skip is found on the context it hands the case (vitest's
 * `context.skip(note)`, node:test's `t.skip(message)`); a runner that hands none (jest) reports such a case as
 * failed, with the reason, rather than as passed. A new suite follows the same pattern: register through
 * `fixtureCase`, and call `cannotRun(reason)` (or `failedStore(fixture)` from `port-failures.ts`) in the body.
 * @module
 */

/**
 * A test body, called by the runner. It may be handed the runner's context for the case (vitest's test context,
 * node:test's `TestContext`); the suites read only its `skip`, to report a case that cannot run as skipped.
 */
export type TestBody = (...runnerArguments: unknown[]) => Promise<void> | void;

/**
 * The few functions of a test runner that the contract suites call. Vitest's and Jest's globals satisfy it
 * (`describeSessionStoreContract({ describe, it }, …)`), so do `node:test`'s; the suites never import a runner and
 * assert with `node:assert/strict`, so a failing case throws an `AssertionError` the runner reports.
 *
 * The suites create a fresh fixture inside every case (and call its `cleanup`), so they never need the hooks;
 * `beforeEach` and `afterEach` are part of the type only so that a runner's whole API object can be passed in.
 * A wrapper of `it` (to give each case a longer timeout, say) must pass the runner's arguments on to the body,
 * `it: (name, fn) => it(name, fn, 30_000)`, so that a case that cannot run can be reported as skipped.
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

/** What a case throws when it cannot run: its reason becomes the runner's skip note. */
export class CaseCannotRun extends Error {
  /** Why the case cannot run, in words the reader of the test report follows. */
  readonly reason: string;

  constructor(reason: string) {
    super(`This case cannot run: ${reason}`);
    this.name = 'CaseCannotRun';
    this.reason = reason;
  }
}

/**
 * Stops the running case as one that cannot run, for `reason`: the runner reports it skipped with that note,
 * never passed. The fixture is still cleaned up.
 */
export function cannotRun(reason: string): never {
  throw new CaseCannotRun(reason);
}

/** The `skip` of the runner's context for the case, when it has one. */
function runnerSkip(context: unknown): ((note: string) => unknown) | undefined {
  // vitest's context is a function object, node:test's a class instance.
  const holder = typeof context === 'object' || typeof context === 'function' ? context : null;
  if (holder === null || !('skip' in holder)) return undefined;
  const { skip } = holder;
  return typeof skip === 'function' ? (note: string) => skip.call(holder, note) : undefined;
}

/**
 * Runs a case's `body`; when it {@link cannotRun}, reports it through the runner's skip with the reason (vitest's
 * skip throws its own signal, node:test's marks the case and returns). A runner without a skip on its context
 * gets a failure naming the reason: a case that checked nothing is never a pass.
 */
export async function runCase(context: unknown, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    if (!(error instanceof CaseCannotRun)) throw error;
    const skip = runnerSkip(context);
    if (skip === undefined) {
      throw new Error(
        `${error.message} (this test runner cannot skip a case while it runs, so it is reported as failed, not passed)`,
      );
    }
    skip(error.reason);
  }
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
      // A failed cleanup fails even a case that could not run; the case's own failure comes first.
      if (failure === undefined || failure.error instanceof CaseCannotRun) failure = { error };
    }
  }
  if (failure !== undefined) throw failure.error;
}

/** Registers one case that runs on a fresh fixture. */
export type FixtureCase<F> = (title: string, body: (fixture: F) => Promise<void>) => void;

/**
 * A {@link FixtureCase} registrar: each case builds a fresh fixture with `setup`, runs on it, cleans it up, and is
 * reported skipped, with the reason, when it {@link cannotRun}.
 */
export function fixtureCase<F extends CleanableFixture>(t: TestApi, setup: () => Promise<F>): FixtureCase<F> {
  return (title, body) => t.it(title, (...runner) => runCase(runner[0], () => withFixture(setup, body)));
}
