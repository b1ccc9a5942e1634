/**
 * A {@link TestApi} that records the cases a contract suite registers, so a test can run them itself and see
 * which ones fail.
 */
import type { TestApi, TestBody } from '../../../src/testing/index.js';

/** One registered case. */
export interface CapturedCase {
  /** The describe titles around the case, outermost first. */
  readonly path: readonly string[];
  readonly name: string;
  readonly fn: TestBody;
}

/** What running one case gave: `error` is undefined when it passed; `skipped` is its note when it was skipped. */
export interface CaseResult {
  readonly name: string;
  readonly error: unknown;
  readonly skipped?: string;
}

/** Calls `register` with a capturing {@link TestApi} and returns the cases it registered, in order. */
export function captureCases(register: (t: TestApi) => void): CapturedCase[] {
  const cases: CapturedCase[] = [];
  const path: string[] = [];
  const api: TestApi = {
    describe(name, fn) {
      path.push(name);
      try {
        fn();
      } finally {
        path.pop();
      }
    },
    it(name, fn) {
      cases.push({ path: [...path], name, fn });
    },
    beforeEach() {
      throw new Error('the contract suites must not need beforeEach');
    },
    afterEach() {
      throw new Error('the contract suites must not need afterEach');
    },
  };
  register(api);
  return cases;
}

/**
 * Runs every case one after the other and reports each outcome. Each case is handed a runner context whose
 * `skip(note)` marks it skipped and returns, as node:test's does.
 */
export async function runCases(cases: readonly CapturedCase[]): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const c of cases) {
    let skipped: string | undefined;
    const context = {
      skip(note: string) {
        skipped = note;
      },
    };
    try {
      await c.fn(context);
      results.push({ name: c.name, error: undefined, ...(skipped === undefined ? {} : { skipped }) });
    } catch (error) {
      results.push({ name: c.name, error });
    }
  }
  return results;
}

/** The names of the skipped cases, sorted. */
export function skippedNames(results: readonly CaseResult[]): string[] {
  return results
    .filter((result) => result.skipped !== undefined)
    .map((result) => result.name)
    .sort();
}

/** The names of the failed cases, sorted. */
export function failedNames(results: readonly CaseResult[]): string[] {
  return results
    .filter((result) => result.error !== undefined)
    .map((result) => result.name)
    .sort();
}
