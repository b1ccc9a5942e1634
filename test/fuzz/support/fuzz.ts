/**
 * The fuzz property and its runner, shared by the bounded suite (`npm test`) and the long mode
 * (`npm run fuzz`): a world on one store mode, and fast-check runs of {@link runOf} sequences, seeded, each
 * failure shrunk to a short run and printed with its seed, its path and its curl script.
 */
import fc from 'fast-check';
import { catalogOf } from './catalog.js';
import { FuzzFailure, firstLogin, type RunContext, runSteps } from './exchange.js';
import { runOf } from './generators.js';
import { createStats, reportLines, type Stats } from './stats.js';
import { createAgent } from './wire.js';
import { type FuzzWorld, openWorld, type StoreMode } from './world.js';

/** What a fuzz session does. */
export interface FuzzOptions {
  readonly mode: StoreMode;
  readonly seed: number;
  /** Property runs per round. */
  readonly runsPerRound: number;
  /**
   * The request budget: rounds follow one another until this many requests were sent (the run in progress
   * ends, the rest of its round is skipped). Without one, a single round runs (the bounded suite).
   */
  readonly requests?: number | undefined;
  /** The longest run, in steps. */
  readonly maxSteps: number;
  /** Where progress and failures are told. */
  readonly log: (line: string) => void;
  /** Replays one counterexample: fast-check's path of a failure of the first round's seed. */
  readonly path?: string | undefined;
  /** Told after every run. */
  readonly progress?: ((stats: Stats) => void) | undefined;
  /** How long a failure is shrunk before the smallest run found so far is reported; default 2 minutes. */
  readonly shrinkMs?: number | undefined;
}

/** A shrunk failure. */
export interface FoundFailure {
  readonly seed: number;
  readonly path: string | undefined;
  readonly message: string;
}

/** What a fuzz session found. */
export interface FuzzReport {
  readonly mode: StoreMode;
  readonly stats: Stats;
  readonly failures: readonly FoundFailure[];
  /** What the server logged as unexpected. */
  readonly unexpected: readonly string[];
  readonly lines: readonly string[];
}

/** How long a failure is shrunk by default before the smallest run found so far is reported. */
export const defaultShrinkMs = 120_000;

/**
 * One round: `numRuns` property runs from `seed`; answers the shrunk failure, if any. Shrinking replays whole
 * runs over HTTP, thousands of them for a long run, so it is bounded: once `shrinkMs` have passed since the first
 * failure, every further candidate passes untried and the smallest failing run found so far is the one reported
 * (its seed and path replay it, and `FUZZ_PATH` resumes the shrinking from it).
 */
async function round(ctx: RunContext, options: FuzzOptions, seed: number): Promise<FoundFailure | undefined> {
  const spent = () => options.requests !== undefined && ctx.stats.requests >= options.requests;
  const shrinkMs = options.shrinkMs ?? defaultShrinkMs;
  let failedAt: number | undefined;
  const property = fc.asyncProperty(runOf(options.maxSteps), async (steps) => {
    if (spent()) return;
    if (failedAt !== undefined && Date.now() - failedAt > shrinkMs) return;
    try {
      await runSteps(ctx, steps, firstLogin);
    } catch (error) {
      if (failedAt === undefined) {
        failedAt = Date.now();
        options.log(
          `run ${ctx.stats.runs} of seed ${seed} failed; shrinking it for at most ${Math.round(shrinkMs / 1000)} s`,
        );
      }
      throw error;
    }
    options.progress?.(ctx.stats);
  });
  const replay = options.path === undefined ? {} : { path: options.path };
  const details = await fc.check(property, {
    seed,
    numRuns: options.runsPerRound,
    endOnFailure: false,
    ...replay,
  });
  if (!details.failed) return undefined;
  const error = details.errorInstance ?? `stopped after ${details.numRuns} runs`;
  const message =
    error instanceof FuzzFailure
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  return { seed, path: details.counterexamplePath ?? undefined, message };
}

/** Counts process crashes while the session runs (a crash is never the fuzzer's own failure). */
function watchCrashes(stats: Stats, log: (line: string) => void): () => void {
  const onCrash = (error: unknown) => {
    stats.crashes += 1;
    log(`CRASH: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  };
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  return () => {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
  };
}

/** Runs rounds on a fresh world until the request budget is spent; never throws for a finding. */
export async function fuzz(options: FuzzOptions): Promise<FuzzReport> {
  const stats = createStats();
  const unwatch = watchCrashes(stats, options.log);
  let world: FuzzWorld | undefined;
  const agent = createAgent();
  const failures: FoundFailure[] = [];
  try {
    // What the server logs becomes a violation of the request that caused it (printed with a failure, or
    // counted under its known defect), so it is not printed as it happens.
    world = await openWorld(options.mode);
    const { prepared } = world;
    const ctx: RunContext = { world, agent, catalog: catalogOf(prepared), stats };
    const rounds =
      options.requests === undefined || options.path !== undefined ? 1 : Number.POSITIVE_INFINITY;
    for (let r = 0; r < rounds && stats.requests < (options.requests ?? Number.POSITIVE_INFINITY); r++) {
      const seed = options.seed + r;
      const failure = await round(ctx, options, seed);
      if (failure !== undefined) {
        failures.push(failure);
        options.log(`FAILURE (seed ${failure.seed}, path ${failure.path}):\n${failure.message}`);
      }
    }
  } finally {
    agent.destroy();
    await world?.close();
    unwatch();
  }
  const unexpected = world?.unexpected ?? [];
  const lines = [
    `store mode: ${options.mode}, seed: ${options.seed}`,
    ...reportLines(stats, unexpected.length),
  ];
  return { mode: options.mode, stats, failures, unexpected, lines };
}

/** A seed from the environment (`FUZZ_SEED`), or a fresh one. */
export function seedFromEnvironment(): number {
  const given = Number(process.env.FUZZ_SEED);
  return Number.isSafeInteger(given) ? given : Math.floor(Math.random() * 2 ** 31);
}
