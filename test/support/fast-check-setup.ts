/** Every fast-check property of the test file runs from the run's printed seed (see `fast-check-seed.ts`). */
import fc from 'fast-check';
import { inject } from 'vitest';

fc.configureGlobal({ seed: inject('fastCheckSeed') });
