/**
 * The bounded fuzz suite of one store mode, as `npm test` runs it: a fixed number of property runs from a
 * printed seed (`FUZZ_SEED` replays one, with `FUZZ_PATH` its shrunk counterexample alone; `FUZZ_RUNS` changes
 * the count), failing with each shrunk counterexample as a curl script.
 */
import { expect, it } from 'vitest';
import { fuzz, seedFromEnvironment } from './fuzz.js';
import type { StoreMode } from './world.js';

/** Defines the suite's test for `mode` with `runs` property runs (about `runs` × 20 requests). */
export function fuzzSuite(mode: StoreMode, runs: number): void {
  it(`no 5xx, only documented answers, and sessions that follow the model (${mode})`, async () => {
    const seed = seedFromEnvironment();
    console.log(`fuzz (${mode}): seed ${seed}; replay with FUZZ_SEED=${seed}`);
    const report = await fuzz({
      mode,
      seed,
      runsPerRound: Number(process.env.FUZZ_RUNS ?? runs),
      path: process.env.FUZZ_PATH,
      maxSteps: 40,
      log: (line) => console.log(line),
    });
    console.log(report.lines.join('\n'));
    expect(report.failures.map((f) => `seed ${f.seed}, path ${f.path}:\n${f.message}`)).toEqual([]);
    expect(report.stats.crashes).toBe(0);
  }, 600_000);
}
