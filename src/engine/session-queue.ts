/**
 * Commands on one session take turns within one engine: each starts when the one before it on that session has
 * finished, so commands racing in one process never meet at the store's compare-and-set (only commands of other
 * processes can).
 *
 * - A line exists only while a command of its session is running or waiting: the last one to finish removes it.
 * - A command that throws or rejects ends its turn like any other.
 * - A command still running after `turnMs` (a port that never answers) lets the next one start anyway: one stuck
 *   command holds its session's line for no longer than that, and the compare-and-set still keeps the two from
 *   overwriting each other.
 * - Once a command of a line has lost a race to another process, the line is shared: a command that saves then
 *   hands its turn on only after as long again as its last attempt took. Without that pause a busy process
 *   would save its commands back to back and the other process's command, deciding again after its loss, would
 *   lose to each of them in turn; with it the two processes take turns too.
 * @module
 */

/** What a command learns of, and tells, its turn. */
export interface SessionTurn {
  /**
   * True when another command of this session was running or waiting as this one arrived: a session loaded
   * before the turn began may be out of date.
   */
  readonly waited: boolean;
  /** Says the command lost a compare-and-set race: another process writes this session too. */
  lostRace(): void;
}

/** The lines of commands waiting for their session, by session id. */
export interface SessionQueue {
  /**
   * Runs `task` in its turn on `sessionId`: once every command queued before it on that session has finished
   * (or held its turn for the longest a turn may last).
   */
  run<T>(sessionId: string, task: (turn: SessionTurn) => PromiseLike<T>): Promise<T>;
  /** How many sessions have a line now (a command running or waiting); zero when the engine is idle. */
  size(): number;
}

/** One session's line: where it ends, and whether another process writes the session too. */
interface Line {
  tail: Promise<void>;
  shared: boolean;
}

/** A queue whose turns last at most `turnMs` milliseconds each. */
export function createSessionQueue(turnMs: number): SessionQueue {
  const lines = new Map<string, Line>();
  return {
    async run(sessionId, task) {
      const line = lines.get(sessionId) ?? { tail: Promise.resolve(), shared: false };
      const waited = lines.has(sessionId);
      const before = line.tail;
      let endTurn = () => {};
      const turn = new Promise<void>((resolve) => {
        endTurn = resolve;
      });
      line.tail = turn;
      lines.set(sessionId, line);
      await before;
      const overrun = setTimeout(endTurn, turnMs);
      let attemptStart = Date.now();
      const lostRace = () => {
        line.shared = true;
        attemptStart = Date.now();
      };
      try {
        return await task({ waited, lostRace });
      } finally {
        clearTimeout(overrun);
        const last = line.tail === turn;
        if (last) lines.delete(sessionId);
        if (line.shared && !last) setTimeout(endTurn, Math.min(Date.now() - attemptStart, turnMs));
        else endTurn();
      }
    },
    size: () => lines.size,
  };
}
