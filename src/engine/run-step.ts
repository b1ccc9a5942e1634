/**
 * The one pass of a step: take the session (loaded once, or as the host's authorization loaded it) → parse →
 * gather facts (batched port reads) and price once → `decide` → re-check stale selections → build the answer →
 * save with the expected version → deliver events. Steps on one session take turns within the engine, so they
 * never race each other at the store; a save that still loses a compare-and-set race (to another process)
 * decides again on the fresh session, a bounded number of times, before the client hears `conflict`: requests
 * racing on one session are absorbed alike on every store. Nothing is saved unless every step before the save
 * succeeded.
 * @module
 */
import { err, ok, okAsync, type ResultAsync, safeTry } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { type Decision, decide, guardState } from '../domain/machine/decide.js';
import { paymentStepStands, recheckSelections } from '../domain/machine/selections.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import type { Pricing } from '../domain/pricing/pricing.js';
import type { Answers } from '../operations/answers.js';
import type { StepDescriptor } from '../operations/operation.js';
import { type StepAnswerKind, stepAnswer, summaryAnswer } from './answers.js';
import { callPort, type EngineContext } from './context.js';
import { coverTaxClasses, gatherFacts, readTimeFacts, viewPricing } from './facts.js';
import { paymentOffers, shippingOffers } from './offers.js';
import { runEvents } from './run-events.js';
import { readSession } from './run-read.js';
import { inSessionTurn, loadSession, type SessionTarget, sessionOf } from './session-access.js';
import type { SessionTurn } from './session-queue.js';

/** A session and the pricing it is priced with. */
interface Reconciled {
  readonly session: CheckoutSession;
  readonly pricing: Pricing;
}

/** Re-checks the chosen shipping method against fresh quotes (only when one is chosen). */
function recheckShipping(
  context: EngineContext,
  { session, pricing }: Reconciled,
  messages: MessageCatalog,
): ResultAsync<Reconciled, CheckoutError> {
  const { facts } = pricing;
  if (session.shippingMethod === null || facts.tax === undefined) return okAsync({ session, pricing });
  const { geoZones } = facts.tax;
  return shippingOffers(context, session, pricing.lines(session), facts.products, geoZones, messages).andThen(
    (shipping) => {
      const state = () => guardState(session, pricing);
      const next = recheckSelections(
        session,
        ['shipping_method'],
        state,
        { shipping },
        context.settings,
      ).session;
      const classIds = next.shippingMethod === null ? [] : [next.shippingMethod.taxClassId];
      return coverTaxClasses(context, pricing, classIds).map((wider) => ({ session: next, pricing: wider }));
    },
  );
}

/** Re-checks the chosen payment method against a fresh offer (after shipping: its cost moves the total). */
function recheckPayment(
  context: EngineContext,
  { session, pricing }: Reconciled,
  messages: MessageCatalog,
): ResultAsync<Reconciled, CheckoutError> {
  const { settings } = context;
  const tax = pricing.facts.tax;
  if (session.paymentMethod === null || tax === undefined) return okAsync({ session, pricing });
  const state = () => guardState(session, pricing);
  const offer = paymentStepStands(session, state, settings)
    ? paymentOffers(context, session, pricing.view(session), tax.geoZones, messages)
    : okAsync({});
  return offer.map((payment) => ({
    session: recheckSelections(session, ['payment_method'], state, { payment }, settings).session,
    pricing,
  }));
}

/** Applies the step table's re-checks of a decision: what a change made stale is re-offered or dropped. */
function reconcile(
  context: EngineContext,
  decision: Decision,
  pricing: Pricing,
  messages: MessageCatalog,
): ResultAsync<Reconciled, CheckoutError> {
  const start: Reconciled = { session: decision.session, pricing };
  const shipping = decision.rechecks.includes('shipping_method')
    ? recheckShipping(context, start, messages)
    : okAsync<Reconciled, CheckoutError>(start);
  return shipping.andThen((state) =>
    decision.rechecks.includes('payment_method') ? recheckPayment(context, state, messages) : okAsync(state),
  );
}

/** A step decided and re-checked on one version of the session, with its answer and events. */
interface Attempt<T> {
  readonly session: CheckoutSession;
  readonly answer: T;
  readonly decision: Decision;
}

/**
 * Decides the command once on `loaded`. The answer is built before the save: building it prices the cart and
 * formats quotes, and a port that handed over malformed data trips an invariant there. That throw must leave the
 * stored session as it was (a bug answers 500 with the session untouched), so nothing is saved until the answer
 * exists.
 */
function attempt<C, K extends StepAnswerKind>(
  context: EngineContext,
  operation: StepDescriptor & { readonly answer: K },
  loaded: CheckoutSession,
  command: C,
  messages: MessageCatalog,
): ResultAsync<Attempt<Answers[K]>, CheckoutError> {
  return safeTry(async function* () {
    const time = yield* readTimeFacts(context, messages);
    const plan = operation.facts(command, loaded);
    const { facts, pricing } = yield* gatherFacts(context, loaded, plan, time, messages);
    const decision = yield* decide(operation, loaded, command, facts, pricing, context.settings);
    const reconciled = yield* reconcile(context, decision, pricing, messages);
    const outcome = { loaded, ...reconciled, messages, success: decision.success };
    return ok({
      session: reconciled.session,
      answer: stepAnswer(context, operation.answer, outcome),
      decision,
    });
  });
}

/** Saves over `expectedVersion`: true when saved, false when another request saved first. */
function trySave(
  context: EngineContext,
  session: CheckoutSession,
  expectedVersion: number,
  messages: MessageCatalog,
): ResultAsync<boolean, CheckoutError> {
  return callPort('sessions', messages, () => context.deps.sessions.save(session, expectedVersion)).map(
    (outcome) => outcome === 'saved',
  );
}

/** Waits out a lost race before deciding again. */
function backoff(context: EngineContext, attempt: number): Promise<void> {
  const ms = context.contention.backoffMs(attempt);
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
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
  return readSession(context, session, ({ today }) =>
    viewPricing(context, session, messages, today).map((pricing) => {
      const success = operation.success(command);
      const summary = summaryAnswer({ loaded: session, session, pricing, messages, success });
      // Only an operation whose answer kind includes the summary (`cart`) says a command shows the cart.
      return summary as Answers[K];
    }),
  );
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
function decideAndSave<K extends StepAnswerKind>(
  context: EngineContext,
  operation: StepDescriptor & { readonly answer: K },
  target: SessionTarget,
  posted: unknown,
  turn: SessionTurn,
): ResultAsync<Answers[K], CheckoutError> {
  return safeTry(async function* () {
    let session = yield* sessionOf(context, target);
    const messages = context.messagesFor(session.language);
    const command = yield* operation.input
      .parse(posted, messages)
      .mapErr((fields: Readonly<Record<string, string>>) => checkoutError('validation', fields));
    if (operation.showsCart?.(command) === true) {
      return ok(yield* showCart(context, operation, session, command, messages));
    }
    for (let round = 0; ; round += 1) {
      const decided = yield* attempt(context, operation, session, command, messages);
      if (yield* trySave(context, decided.session, session.version, messages)) {
        await runEvents(context, decided.decision.events);
        return ok(decided.answer);
      }
      turn.lostRace();
      if (round >= context.contention.retries) {
        return err(checkoutError('conflict', { warning: messageText(messages, 'session.conflict') }));
      }
      await backoff(context, round);
      session = yield* loadSession(context, session.id);
    }
  });
}
