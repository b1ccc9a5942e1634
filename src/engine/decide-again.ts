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
 * retries are spent, the answer is the `conflict` that `lost` makes.
 */
export async function decideAgain<T>(
  context: EngineContext,
  turn: SessionTurn,
  lost: () => CheckoutError,
  attempt: (round: number) => Answer<Attempt<T>>,
): Answer<T> {
  for (let round = 0; ; round += 1) {
    const outcome = await attempt(round);
    if (outcome.isErr()) return err(outcome.error);
    if (outcome.value.won) return ok(outcome.value.answer);
    turn.lostRace();
    if (round >= context.contention.retries) return err(lost());
    await backoff(context, round);
  }
}
