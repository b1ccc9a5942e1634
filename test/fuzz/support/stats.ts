/**
 * The counts a fuzz run reports: requests, statuses, 5xx, requests that got no answer, unexpected failures the
 * server logged, process crashes, model checks, and how often each known defect was set aside.
 */

export interface Stats {
  requests: number;
  readonly statuses: Map<number, number>;
  fiveXX: number;
  noAnswer: number;
  /** Model checks of accepted requests (a predicted view compared with the stored one). */
  acceptedChecks: number;
  /** Model checks of refused requests (the stored session compared before and after). */
  refusedChecks: number;
  /** Property runs (each a fresh login and a sequence of steps). */
  runs: number;
  /** Runs that ended in a violation (before shrinking). */
  failedRuns: number;
  /** Uncaught exceptions and unhandled rejections in the process. */
  crashes: number;
  readonly knownDefects: Map<string, number>;
  /** Accepted operations by route (what the runs reached). */
  readonly accepted: Map<string, number>;
  readonly startedAt: number;
}

export function createStats(): Stats {
  return {
    requests: 0,
    statuses: new Map(),
    fiveXX: 0,
    noAnswer: 0,
    acceptedChecks: 0,
    refusedChecks: 0,
    runs: 0,
    failedRuns: 0,
    crashes: 0,
    knownDefects: new Map(),
    accepted: new Map(),
    startedAt: Date.now(),
  };
}

/** Counts one answer. */
export function countAnswer(stats: Stats, status: number): void {
  stats.requests += 1;
  stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
  if (status >= 500) stats.fiveXX += 1;
  if (status === 0) stats.noAnswer += 1;
}

/** The report, as lines. */
export function reportLines(stats: Stats, unexpectedLogs: number): string[] {
  const seconds = (Date.now() - stats.startedAt) / 1000;
  const statuses = [...stats.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status === 0 ? 'none' : status}: ${count}`)
    .join(', ');
  const known = [...stats.knownDefects.entries()].map(([name, count]) => `  ${count} × ${name}`);
  return [
    `requests: ${stats.requests} in ${seconds.toFixed(1)} s (${(stats.requests / Math.max(seconds, 0.001)).toFixed(0)}/s), runs: ${stats.runs}, failed runs: ${stats.failedRuns}`,
    `statuses: ${statuses}`,
    `5xx: ${stats.fiveXX}, no answer: ${stats.noAnswer}, crashes: ${stats.crashes}, unexpected failures logged: ${unexpectedLogs}`,
    `model checks: ${stats.acceptedChecks} accepted, ${stats.refusedChecks} refused`,
    `accepted by route: ${[...stats.accepted.entries()].map(([route, n]) => `${route} ${n}`).join(', ')}`,
    ...(known.length > 0 ? ['set aside as known defects:', ...known] : []),
  ];
}
