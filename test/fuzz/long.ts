/**
 * The long fuzz run: `npm run fuzz -- --requests 100000 [--store memory|stores|both] [--seed N]
 * [--runs-per-round N] [--max-steps N] [--path P] [--shrink-seconds N]`. The same properties as the bounded suite, in rounds of
 * seeded runs (round r uses seed + r) until the request budget is spent on each store mode; every failure is
 * shrunk and printed with its seed, path and curl script as it is found. Ends with the counts of requests,
 * statuses, 5xx, requests without an answer and crashes per store mode, and exits 1 when anything but a known
 * defect broke a promise.
 */
import { parseArgs } from 'node:util';
import { type FuzzReport, fuzz } from './support/fuzz.js';
import type { StoreMode } from './support/world.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '100000' },
    store: { type: 'string', default: 'both' },
    seed: { type: 'string' },
    'runs-per-round': { type: 'string', default: '100' },
    'max-steps': { type: 'string', default: '40' },
    path: { type: 'string' },
    'shrink-seconds': { type: 'string', default: '120' },
  },
});

/** A positive integer option, or the process ends with a message. */
function count(name: string, text: string | undefined): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number, got ${text}`);
    process.exit(2);
  }
  return n;
}

const modes: StoreMode[] =
  values.store === 'both'
    ? ['memory', 'stores']
    : values.store === 'memory' || values.store === 'stores'
      ? [values.store]
      : [];
if (modes.length === 0) {
  console.error(`--store must be memory, stores or both, got ${values.store}`);
  process.exit(2);
}
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : count('seed', values.seed);
const requests = count('requests', values.requests);

const reports: FuzzReport[] = [];
for (const mode of modes) {
  console.log(`fuzz (${mode}): ${requests} requests from seed ${seed}`);
  let last = Date.now();
  const report = await fuzz({
    mode,
    seed,
    requests,
    runsPerRound: count('runs-per-round', values['runs-per-round']),
    maxSteps: count('max-steps', values['max-steps']),
    path: values.path,
    shrinkMs: count('shrink-seconds', values['shrink-seconds']) * 1000,
    log: (line) => console.log(line),
    progress: (stats) => {
      if (Date.now() - last < 10_000) return;
      last = Date.now();
      console.log(`  … ${stats.requests} requests, ${stats.runs} runs, ${stats.fiveXX} 5xx`);
    },
  });
  reports.push(report);
  console.log(report.lines.join('\n'));
}

console.log('\n== summary ==');
for (const report of reports) console.log(report.lines.join('\n'), '\n');
const broken = reports.some((r) => r.failures.length > 0 || r.stats.crashes > 0);
console.log(
  broken ? 'FAILED: see the failures above.' : 'No promise broken beyond the known defects listed.',
);
process.exit(broken ? 1 : 0);
