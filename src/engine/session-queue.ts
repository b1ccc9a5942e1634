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
 *
 * A write made with compare-and-set (a session saved over its version, a history entry appended at its order's
 * revision) that another process won anyway is decided again on fresh facts, after a wait, a bounded number of
 * times, before the client hears `conflict` ({@link decideAgain}): the shell absorbs a lost race so, for
 * sessions and orders alike.
 * @module
 */
import { err, ok } from 'neverthrow';
import type { CheckoutError } from '../domain/errors.js';
import type { Answer, EngineContext } from './context.js';

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

/** One session's line: where it ends, whether another process writes the session too, and its running turn. */
interface Line {
  tail: Promise<void>;
  shared: boolean;
  /**
   * Starts the running turn's time limit, when no command was waiting as it began: a turn nobody waits for needs
   * no timer, so one is set only once another command arrives.
   */
  arm: (() => void) | undefined;
}

/** A queue whose turns last at most `turnMs` milliseconds each. */
export function createSessionQueue(turnMs: number): SessionQueue {
  const lines = new Map<string, Line>();
  return {
    async run(sessionId, task) {
      const known = lines.get(sessionId);
      const waited = known !== undefined;
      const line = known ?? { tail: Promise.resolve(), shared: false, arm: undefined };
      const before = line.tail;
      let endTurn = () => {};
      const turn = new Promise<void>((resolve) => {
        endTurn = resolve;
      });
      line.tail = turn;
      if (!waited) lines.set(sessionId, line);
      // The running turn must now end within its limit: this command waits for it.
      line.arm?.();
      // A new line has nothing to wait for: its command starts at once.
      if (waited) await before;
      const startedAt = Date.now();
      let overrun: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        if (overrun === undefined) overrun = setTimeout(endTurn, turnMs - (Date.now() - startedAt));
      };
      if (line.tail === turn) line.arm = arm;
      else arm();
      let attemptStart = startedAt;
      const lostRace = () => {
        line.shared = true;
        attemptStart = Date.now();
      };
      try {
        return await task({ waited, lostRace });
      } finally {
        if (overrun !== undefined) clearTimeout(overrun);
        if (line.arm === arm) line.arm = undefined;
        const last = line.tail === turn;
        if (last) lines.delete(sessionId);
        if (line.shared && !last) setTimeout(endTurn, Math.min(Date.now() - attemptStart, turnMs));
        else endTurn();
      }
    },
    size: () => lines.size,
  };
}

/** Waits out a lost race before deciding again (the policy's wait for `attempt`). */
function backoff(context: EngineContext, attempt: number): Promise<void> {
  const ms = context.contention.backoffMs(attempt);
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/**
 * An attempt's end: its answer once its write was made; `lost` when another write won the race; or a stage of
 * the operation done (`next`), the next to be decided at once.
 */
export type Attempt<T> =
  | { readonly won: true; readonly answer: T }
  | { readonly won: false; readonly next?: true };

/** An attempt whose write lost the race. */
export const lostRace: Attempt<never> = { won: false };

/** An attempt that did one stage of its operation: the next is decided at once, no race lost. */
export const nextStage: Attempt<never> = { won: false, next: true };

/** An attempt whose write was made, with its answer. */
export function won<T>(answer: T): Attempt<T> {
  return { won: true, answer };
}

/**
 * Runs `attempt` (round 0 first) until its write is made, deciding the next stage at once after an attempt
 * that did one stage of a longer operation; after each lost race it tells the turn (so the engine
 * takes turns with the other process), waits the policy's backoff and runs it again on fresh facts. Once the
 * retries are spent, the answer is the `conflict` that `lost` makes; with `untilMs` (a `Date.now()` instant), not
 * before then either.
 *
 * Why a time as well as a count, for writes to an order: a lost race means another process's write to the same
 * order was made, so the order is moving and deciding again is never in vain. That process may have a long line
 * of commands for the order, saved back to back, and it cannot tell that this one is waiting (a process that
 * never loses never pauses between its turns), so a count alone can run out while the line is still draining.
 */
export async function decideAgain<T>(
  context: EngineContext,
  turn: SessionTurn,
  lost: () => CheckoutError,
  attempt: (round: number) => Answer<Attempt<T>>,
  untilMs?: number,
): Answer<T> {
  let losses = 0;
  for (let round = 0; ; round += 1) {
    const outcome = await attempt(round);
    if (outcome.isErr()) return err(outcome.error);
    if (outcome.value.won) return ok(outcome.value.answer);
    if (outcome.value.next === true) continue;
    turn.lostRace();
    const spent = losses >= context.contention.retries;
    if (spent && (untilMs === undefined || Date.now() >= untilMs)) return err(lost());
    await backoff(context, Math.min(losses, context.contention.retries));
    losses += 1;
  }
}
