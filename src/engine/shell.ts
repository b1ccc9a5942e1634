/**
 * The one pass every operation on a session takes: take the session (loaded once, or as the host's authorization
 * loaded it) → parse → decide (gathering the facts first) → perform → deliver events → answer. What an attempt
 * decided says what is performed: a new version of the session (a step, compare-and-set over the version it was
 * decided on), only the session's slid expiry (a read, a look-up or payment_complete's payment move, whose
 * writes outside the session the attempt made itself), nothing (what a refused request shows beside its error),
 * or a list of effects (confirm's write, its record on the session, its events and card payment; a history entry
 * with its payment's move and events) that the one effect interpreter (`effects.ts`) performs in order, the answer
 * made from what they reached; or one stage of an operation that takes several (a refund: reserved, asked,
 * recorded), whose effects the interpreter performs before the operation is decided again at once, on fresh
 * facts, told what they reached. The shell adds nothing the decision did not say; a test may watch each
 * decision through the context's `observe`.
 *
 * Operations that save a version run in their session's turn (see `session-queue.ts`), so they never race each
 * other at the store within one engine; one that still loses a compare-and-set race (to another process) is
 * decided again on the fresh session, a bounded number of times, before the client hears `conflict`. An
 * operation that writes one order at its revision (history_add, payment_refund) runs in that order's turn
 * instead, and an attempt whose write the interpreter reports lost is decided again on the fresh order alike.
 * Nothing is saved unless every step before the save succeeded, and a refused request never slides the expiry.
 @module
 */
import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { CheckoutError } from '../domain/errors.js';
import type { DomainEvent } from '../domain/machine/events.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import type { MessageCatalog } from '../domain/messages.js';
import type { Effect } from '../domain/order/effects.js';
import { type Answer, type EngineContext, readClock } from './context.js';
import { type Performed, performEffects, runEvents } from './effects.js';
import { timeFactsAt } from './facts.js';
import { orderConflict } from './payment-settle.js';
import {
  conflict,
  inSessionTurn,
  type SessionTarget,
  slideExpiry,
  storeSession,
  type TakenSession,
  takeSession,
} from './session-access.js';
import { type Attempt, decideAgain, lostRace, nextStage, won } from './session-queue.js';

/** What one attempt decided, and so what the shell saves before it answers. */
export type Outcome<T> =
  /** A new version of the session, saved over the version it was decided on, and the events to deliver. */
  | {
      readonly save: 'version';
      readonly session: CheckoutSession;
      readonly events: readonly DomainEvent[];
      readonly answer: T;
    }
  /**
   * The session's expiry, slid from `at` (the request's instant). `committed`: the attempt made a write outside
   * the session (payment_complete's payment move), so a failing slide must not turn the answer into an error, or
   * the client would retry and write it twice; the session then keeps its old expiry.
   */
  | { readonly save: 'expiry'; readonly at: Date; readonly committed?: boolean; readonly answer: T }
  /** Nothing: a refused request never keeps a session alive. */
  | { readonly save: 'nothing'; readonly answer: T }
  /**
   * Effects, performed in order by the one effect interpreter (see `effects.ts`), with the events delivered
   * where they say; the answer is made from the order they reached. The session is saved by an effect (confirm
   * records its order after the write, over whatever version the session has by then), so such an attempt never
   * loses a race on the session; a history entry's append may lose one at its order's revision (the interpreter
   * says so, nothing written), and is then decided again on the fresh order.
   */
  | {
      readonly save: 'effects';
      readonly effects: readonly Effect[];
      readonly events: readonly DomainEvent[];
      readonly answer: (performed: Performed) => T;
    }
  /**
   * One stage of an operation that takes several (a refund: its reservation, the provider's answer, the answer
   * recorded): the effects are performed by the one effect interpreter, then the operation is decided again at
   * once, on fresh facts, told what the effects reached. A write among them that loses its race is a lost race
   * like any other.
   */
  | { readonly save: 'stage'; readonly effects: readonly Effect[] };

/** One operation as the shell runs it. */
export interface Pass<C, T> {
  /** Whether it may save a new version of the session (then it runs in the session's turn). */
  readonly saves: boolean;
  /**
   * The order whose revision the command's effects write at (history_add's): its attempts then run in that
   * order's turn, and one whose write lost the race is decided again on the fresh order (the session as taken
   * stands). Only for an operation that saves no version of the session.
   */
  readonly order?: (command: C) => number;
  /** The command, parsed from the posted input in the session's language. */
  readonly parse: (posted: unknown, messages: MessageCatalog) => Result<C, CheckoutError>;
  /**
   * Decides the command on the session as taken (gathering its facts first); `previous`: what the effects of
   * the stage decided just before reached, when that attempt decided a `stage`.
   */
  readonly attempt: (
    taken: TakenSession,
    command: C,
    messages: MessageCatalog,
    previous?: Performed,
  ) => Answer<Outcome<T>>;
}

/** Saves an attempt's outcome: true once it is saved (or needs no save), false when another save won. */
async function perform<T>(
  context: EngineContext,
  outcome: Exclude<Outcome<T>, { readonly save: 'effects' | 'stage' }>,
  taken: TakenSession,
  messages: MessageCatalog,
): Answer<boolean> {
  if (outcome.save === 'version') {
    const saved = await storeSession(context, outcome.session, taken.session.version, messages);
    if (saved.isErr() || !saved.value) return saved;
    if (outcome.events.length > 0) await runEvents(context, outcome.events);
    return ok(true);
  }
  if (outcome.save === 'expiry') {
    const touched = await slideExpiry(context, taken.session, outcome.at);
    if (touched.isErr() && outcome.committed !== true) return err(touched.error);
  }
  return ok(true);
}

/**
 * Takes the session, parses the command and runs attempts until one is saved: after a lost race, on the fresh
 * session (or the fresh order, for an operation that writes one), up to the retries.
 */
async function pass<C, T>(
  context: EngineContext,
  operation: Pass<C, T>,
  target: SessionTarget,
  posted: unknown,
  turn: Parameters<typeof decideAgain>[1] | undefined,
): Answer<T> {
  const taken = await takeSession(context, target);
  if (taken.isErr()) return err(taken.error);
  const messages = context.messagesFor(taken.value.session.language);
  const command = operation.parse(posted, messages);
  if (command.isErr()) return err(command.error);
  let live: TakenSession = taken.value;
  let previous: Performed | undefined;
  const once = async (round: number): Answer<Attempt<T>> => {
    if (round > 0 && turn !== undefined) {
      const fresh = await takeSession(context, live.session.id);
      if (fresh.isErr()) return err(fresh.error);
      live = fresh.value;
    }
    const outcome = await operation.attempt(live, command.value, messages, previous);
    previous = undefined;
    if (outcome.isErr()) return err(outcome.error);
    const decided = outcome.value;
    context.observe?.(decided);
    if (decided.save === 'stage') {
      const performed = await performEffects(context, live.session, decided.effects, [], messages);
      if (performed.isErr()) return err(performed.error);
      if (performed.value.lost) return ok(lostRace);
      previous = performed.value;
      return ok(nextStage);
    }
    if (decided.save === 'effects') {
      const { effects, events } = decided;
      const performed = await performEffects(context, live.session, effects, events, messages);
      if (performed.isErr()) return err(performed.error);
      return ok(performed.value.lost ? lostRace : won(decided.answer(performed.value)));
    }
    const saved = await perform(context, decided, live, messages);
    if (saved.isErr()) return err(saved.error);
    return ok(saved.value ? won(decided.answer) : lostRace);
  };
  if (turn !== undefined) return decideAgain(context, turn, () => conflict(messages), once);
  const orderId = operation.order?.(command.value);
  if (orderId !== undefined) {
    // Each attempt reads the order afresh: a lost race needs the fresh order, not the fresh session.
    // A history write that loses keeps deciding again, past the retries, for as long as a turn may last.
    return context.orderQueue.run(String(orderId), (orderTurn) =>
      decideAgain(
        context,
        orderTurn,
        () => orderConflict(messages),
        once,
        Date.now() + context.contention.turnMs,
      ),
    );
  }
  const outcome = await once(0);
  if (outcome.isErr()) return err(outcome.error);
  // Without a version to save there is no race to lose.
  return outcome.value.won ? ok(outcome.value.answer) : err(conflict(messages));
}

/** Runs an operation through the one pass: in its session's turn when it may save a new version. */
export function runPass<C, T>(
  context: EngineContext,
  operation: Pass<C, T>,
  target: SessionTarget,
  posted: unknown,
): ResultAsync<T, CheckoutError> {
  if (!operation.saves) return new ResultAsync(pass(context, operation, target, posted, undefined));
  return inSessionTurn(context, target, (current, turn) => pass(context, operation, current, posted, turn));
}

/** A live session for a read, its texts and the day of the read. */
export interface ReadAccess {
  readonly session: CheckoutSession;
  readonly messages: MessageCatalog;
  /** `YYYY-MM-DD` of the read. */
  readonly today: string;
  /** The instant of the read, read once from the clock. */
  readonly now: Date;
}

/**
 * The access of a read: the session as taken, with the instant it was loaded at, or the clock's now for a
 * session handed over (loaded by the host, at an instant this request never read).
 */
export function readAccess(
  context: EngineContext,
  taken: TakenSession,
  messages: MessageCatalog,
): Result<ReadAccess, CheckoutError> {
  const now = taken.now === undefined ? readClock(context, messages) : ok(taken.now);
  if (now.isErr()) return err(now.error);
  const today = timeFactsAt(context, now.value).today;
  return ok({ session: taken.session, messages, today, now: now.value });
}

/** What a read computes from its access. */
type Compute<T> = (access: ReadAccess) => Answer<T> | ResultAsync<T, CheckoutError>;

/** Parses nothing: an operation that reads its input itself, after its access. */
const takeAsPosted = <C>(posted: unknown): Result<C, CheckoutError> => ok(posted as C);

/**
 * A read through the one pass: computes from the session and slides its expiry only once the read has succeeded
 * (`slide`), or leaves it alone (a peek). `committed`: see {@link Outcome}.
 */
function readPass<T>(
  context: EngineContext,
  compute: Compute<T>,
  save: 'expiry' | 'nothing',
  committed: boolean,
): Pass<undefined, T> {
  return {
    saves: false,
    parse: takeAsPosted,
    attempt: async (taken, _command, messages) => {
      const access = readAccess(context, taken, messages);
      if (access.isErr()) return err(access.error);
      const answer = await compute(access.value);
      if (answer.isErr()) return err(answer.error);
      return ok(
        save === 'expiry'
          ? { save, at: access.value.now, committed, answer: answer.value }
          : { save, answer: answer.value },
      );
    },
  };
}

/**
 * Takes the session, computes a read from it, and slides the session's expiry only once the read has succeeded
 * (a refused read leaves it alone). `committed` marks a compute that writes outside the session: see
 * {@link Outcome}.
 */
export function readSession<T>(
  context: EngineContext,
  target: SessionTarget,
  compute: Compute<T>,
  committed = false,
): ResultAsync<T, CheckoutError> {
  return runPass(context, readPass(context, compute, 'expiry', committed), target, undefined);
}

/**
 * Takes the session and computes a read from it without sliding its expiry: for what a refused request shows
 * next to its error, since a refused request never keeps a session alive.
 */
export function peekSession<T>(
  context: EngineContext,
  target: SessionTarget,
  compute: Compute<T>,
): ResultAsync<T, CheckoutError> {
  return runPass(context, readPass(context, compute, 'nothing', false), target, undefined);
}
