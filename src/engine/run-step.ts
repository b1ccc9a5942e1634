/**
 * The one pass of a step: take the session (loaded once, or as the host's authorization loaded it) → parse →
 * gather facts (batched port reads) → `decide` (which prices once, re-offers and re-checks the chosen methods)
 * → save with the expected version → deliver events → answer from what the decision returned. Steps on one session take turns within the engine, so they
 * never race each other at the store; a save that still loses a compare-and-set race (to another process)
 * decides again on the fresh session, a bounded number of times, before the client hears `conflict`: requests
 * racing on one session are absorbed alike on every store. Nothing is saved unless every step before the save
 * succeeded.
 * @module
 */
import { err, ok, type ResultAsync } from 'neverthrow';
import { type CheckoutError, checkoutError, invariant } from '../domain/errors.js';
import { type Decision, decide } from '../domain/machine/decide.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import { viewDigest } from '../domain/pricing/view-digest.js';
import type { Answers } from '../operations/answers.js';
import type { StepDescriptor } from '../operations/operation.js';
import { type StepAnswerKind, stepAnswer, summaryOf } from './answers.js';
import type { Answer, EngineContext } from './context.js';
import { type Attempt, decideAgain, lostRace, won } from './decide-again.js';
import { gatherFacts, viewPricing, widenFacts } from './facts.js';
import { runEvents } from './run-events.js';
import { readSession } from './run-read.js';
import {
  conflict,
  inSessionTurn,
  requestTime,
  type SessionTarget,
  storeSession,
  type TakenSession,
  takeSession,
} from './session-access.js';
import type { SessionTurn } from './session-queue.js';
import { shareSessionOffers } from './shared-offers.js';

/** How many times a step may widen its facts: a shipping re-check, then a payment re-check, each asking once. */
const maxWidenings = 4;

/** A step decided on one version of the session, with its answer and events. */
interface StepAttempt<T> {
  readonly session: CheckoutSession;
  readonly answer: T;
  readonly decision: Decision;
}

/**
 * Decides the command once on `loaded`: the facts gathered, `decide` run, and when the decision names facts it
 * lacked (a fresh quote's tax class, a remote method's answer for the next session), those gathered and the
 * command decided again. Nothing goes back to the ports or the domain after the last decision: its session is
 * saved and its answer built from what it returned.
 */
async function attemptStep<C, K extends StepAnswerKind>(
  context: EngineContext,
  operation: StepDescriptor & { readonly answer: K },
  taken: TakenSession,
  command: C,
  messages: MessageCatalog,
): Answer<StepAttempt<Answers[K]>> {
  const time = requestTime(context, taken, messages);
  if (time.isErr()) return err(time.error);
  const loaded = taken.session;
  const plan = operation.facts(command, loaded);
  let gathered = await gatherFacts(context, loaded, plan, time.value, messages);
  for (let round = 0; ; round += 1) {
    if (gathered.isErr()) return err(gathered.error);
    const { facts, pricing } = gathered.value;
    const decided = decide(operation, loaded, command, facts, pricing, context.settings);
    if (decided.isErr()) return err(decided.error);
    const decision = decided.value;
    if (decision.wanted === undefined) {
      const session = shareSessionOffers(context, loaded, decision.session);
      return ok({ session, answer: stepAnswer(operation.answer, decision, session), decision });
    }
    invariant(round < maxWidenings, 'run-step: a decision kept wanting facts');
    gathered = await widenFacts(context, gathered.value, decision.wanted);
  }
}

/**
 * Answers the session's cart as it is, for a command that asks for nothing else: priced once, never decided or
 * saved (so it cannot race another request); the session's expiry slides as a read's does.
 */
function showCart<C, K extends StepAnswerKind>(
  context: EngineContext,
  operation: StepDescriptor & { readonly answer: K },
  session: CheckoutSession,
  command: C,
  messages: MessageCatalog,
): ResultAsync<Answers[K], CheckoutError> {
  return readSession(context, session, async ({ today }) => {
    const pricing = await viewPricing(context, session, messages, today);
    if (pricing.isErr()) return err(pricing.error);
    const view = pricing.value.view(session);
    const text = messageText(messages, operation.success(command));
    const summary = summaryOf(text, [], view, viewDigest(view));
    // Only an operation whose answer kind includes the summary (`cart`) says a command shows the cart.
    return ok(summary as Answers[K]);
  });
}

/**
 * Runs a step on a session in the session's turn, and answers its result. The command is parsed once; each
 * attempt decides it on the session as it then is.
 */
export function runStep<K extends StepAnswerKind>(
  context: EngineContext,
  operation: StepDescriptor & { readonly answer: K },
  target: SessionTarget,
  posted: unknown,
): ResultAsync<Answers[K], CheckoutError> {
  return inSessionTurn(context, target, (current, turn) =>
    decideAndSave(context, operation, current, posted, turn),
  );
}

/** Decides and saves the step, deciding again on the fresh session after each lost race, up to the retries. */
async function decideAndSave<K extends StepAnswerKind>(
  context: EngineContext,
  operation: StepDescriptor & { readonly answer: K },
  target: SessionTarget,
  posted: unknown,
  turn: SessionTurn,
): Answer<Answers[K]> {
  const taken = await takeSession(context, target);
  if (taken.isErr()) return err(taken.error);
  const messages = context.messagesFor(taken.value.session.language);
  const command = operation.input.parse(posted, messages);
  if (command.isErr()) return err(checkoutError('validation', command.error));
  if (operation.showsCart?.(command.value) === true) {
    return showCart(context, operation, taken.value.session, command.value, messages);
  }
  let live: TakenSession = taken.value;
  return decideAgain(
    context,
    turn,
    () => conflict(messages),
    async (round): Answer<Attempt<Answers[K]>> => {
      if (round > 0) {
        const fresh = await takeSession(context, live.session.id);
        if (fresh.isErr()) return err(fresh.error);
        live = fresh.value;
      }
      const decided = await attemptStep(context, operation, live, command.value, messages);
      if (decided.isErr()) return err(decided.error);
      const saved = await storeSession(context, decided.value.session, live.session.version, messages);
      if (saved.isErr()) return err(saved.error);
      if (!saved.value) return ok(lostRace);
      await runEvents(context, decided.value.decision.events);
      return ok(won(decided.value.answer));
    },
  );
}
