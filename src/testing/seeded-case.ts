/**
 * Cases that run on a fixture the host builds over a seed the suite hands it.
 * @module
 */
import { type CleanableFixture, runCase, type TestApi, withFixture } from './test-api.js';

/** Registers one case that runs on a fresh fixture, given the seed it was built over. */
export type SeededCase<F, S> = (title: string, body: (fixture: F, seed: S) => Promise<void>) => void;

/**
 * A {@link SeededCase} registrar: each case makes a fresh seed, hands it to `setup`, runs on the fixture with a
 * second copy of the seed (what the host was given may have been kept, frozen or changed) and cleans up. A case
 * that cannot run (`cannotRun`) is reported skipped with its reason.
 */
export function seededCase<F extends CleanableFixture, S>(
  t: TestApi,
  makeSeed: () => S,
  setup: (seed: S) => Promise<F>,
): SeededCase<F, S> {
  return (title, body) =>
    t.it(title, (...runner) =>
      runCase(runner[0], () =>
        withFixture(
          () => setup(makeSeed()),
          (fixture) => body(fixture, makeSeed()),
        ),
      ),
    );
}
