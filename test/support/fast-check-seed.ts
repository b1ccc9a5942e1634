/**
 * The seed of every fast-check property in a test run, chosen once and printed before the tests start, so that a
 * failing or hanging property can be replayed: `FC_SEED=<seed> npm test` (or the one file). fast-check prints its
 * own seed when a property fails; a property cut off by the test's timeout prints nothing, so this one is printed
 * first. A property with a seed of its own keeps it.
 */
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  interface ProvidedContext {
    /** The fast-check seed of this run. */
    fastCheckSeed: number;
  }
}

/** The seed from `FC_SEED`, or a fresh one. */
function chooseSeed(): number {
  const given = Number(process.env.FC_SEED);
  return process.env.FC_SEED !== undefined && Number.isSafeInteger(given)
    ? given
    : Math.floor(Math.random() * 2 ** 31);
}

/** Vitest's global set-up: picks the seed, prints it, and hands it to every test file. */
export default function provideSeed(project: TestProject): void {
  const seed = chooseSeed();
  console.log(`fast-check seed ${seed} for every property (replay with FC_SEED=${seed})`);
  project.provide('fastCheckSeed', seed);
}
