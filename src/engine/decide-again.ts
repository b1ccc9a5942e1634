/**
 * How the shell absorbs a lost race, for sessions and orders alike: a write made with compare-and-set (a session
 * saved over its version, a history entry appended at its order's revision) that another process won is decided
 * again on fresh facts, after a wait, a bounded number of times, before the client hears `conflict`.
 * @module
 */
import { err, ok } from 'neverthrow';
import type { CheckoutError } from '../domain/errors.js';
import { type Answer, backoff, type EngineContext } from './context.js';
import type { SessionTurn } from './session-queue.js';

/** An attempt's end: its answer once its write was made, or `lost` when another write won the race. */
export type Attempt<T> = { readonly won: true; readonly answer: T } | { readonly won: false };

/** An attempt whose write lost the race. */
export const lostRace: Attempt<never> = { won: false };

/** An attempt whose write was made, with its answer. */
export function won<T>(answer: T): Attempt<T> {
  return { won: true, answer };
}

/**
 * Runs `attempt` (round 0 first) until its write is made; after each lost race it tells the turn (so the engine
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
  for (let round = 0; ; round += 1) {
    const outcome = await attempt(round);
    if (outcome.isErr()) return err(outcome.error);
    if (outcome.value.won) return ok(outcome.value.answer);
    turn.lostRace();
    const spent = round >= context.contention.retries;
    if (spent && (untilMs === undefined || Date.now() >= untilMs)) return err(lost());
    await backoff(context, Math.min(round, context.contention.retries));
  }
}
