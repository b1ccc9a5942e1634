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
import { err, ok, type ResultAsync } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { type Decision, decide, guardState } from '../domain/machine/decide.js';
import { paymentStepStands, recheckSelections } from '../domain/machine/selections.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import type { MessageCatalog } from '../domain/messages.js';
import type { Pricing } from '../domain/pricing/pricing.js';
import type { Answers } from '../operations/answers.js';
import type { StepDescriptor } from '../operations/operation.js';
import { type StepAnswerKind, stepAnswer, summaryAnswer } from './answers.js';
import type { Answer, EngineContext } from './context.js';
import { type Attempt, decideAgain, lostRace, won } from './decide-again.js';
import { coverTaxClasses, gatherFacts, viewPricing } from './facts.js';
import { freezeAll } from './freeze-all.js';
import { paymentOffers, shippingOffers } from './offers.js';
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

/** A session and the pricing it is priced with. */
interface Reconciled {
  readonly session: CheckoutSession;
  readonly pricing: Pricing;
}

/**
 * Re-checks the chosen shipping method against fresh quotes (only when one is chosen). The quotes the session
 * held before the step are most often the same again, and then shared (see `shared-offers.ts`).
 */
async function recheckShipping(
  context: EngineContext,
  { session, pricing }: Reconciled,
  messages: MessageCatalog,
  loaded: CheckoutSession,
): Answer<Reconciled> {
  const { facts } = pricing;
  if (session.shippingMethod === null || facts.tax === undefined) return ok({ session, pricing });
  const { geoZones } = facts.tax;
  const lines = pricing.lines(session);
  const shipping = await shippingOffers(
    context,
    session,
    lines,
    facts.products,
    geoZones,
    messages,
    loaded.shippingMethods,
  );
  if (shipping.isErr()) return err(shipping.error);
  const state = () => guardState(session, pricing);
  const offers = { shipping: shipping.value };
  const next = recheckSelections(session, ['shipping_method'], state, offers, context.settings).session;
  const classIds = next.shippingMethod === null ? [] : [next.shippingMethod.taxClassId];
  const wider = await coverTaxClasses(context, pricing, classIds);
  return wider.isErr() ? err(wider.error) : ok({ session: next, pricing: wider.value });
}

/** Re-checks the chosen payment method against a fresh offer (after shipping: its cost moves the total). */
async function recheckPayment(
  context: EngineContext,
  { session, pricing }: Reconciled,
  messages: MessageCatalog,
  loaded: CheckoutSession,
): Answer<Reconciled> {
  const { settings } = context;
  const tax = pricing.facts.tax;
  if (session.paymentMethod === null || tax === undefined) return ok({ session, pricing });
  const state = () => guardState(session, pricing);
  let payment = {};
  if (paymentStepStands(session, state, settings)) {
    const view = pricing.view(session);
    const offer = await paymentOffers(context, session, view, tax.geoZones, messages, loaded.paymentMethods);
    if (offer.isErr()) return err(offer.error);
    payment = offer.value;
  }
  return ok({
    session: recheckSelections(session, ['payment_method'], state, { payment }, settings).session,
    pricing,
  });
}

/** Applies the step table's re-checks of a decision: what a change made stale is re-offered or dropped. */
async function reconcile(
  context: EngineContext,
  decision: Decision,
  pricing: Pricing,
  messages: MessageCatalog,
  loaded: CheckoutSession,
): Answer<Reconciled> {
  let state: Reconciled = { session: decision.session, pricing };
  if (decision.rechecks.includes('shipping_method')) {
    const shipped = await recheckShipping(context, state, messages, loaded);
    if (shipped.isErr()) return shipped;
    state = shipped.value;
  }
  return decision.rechecks.includes('payment_method')
    ? recheckPayment(context, state, messages, loaded)
    : ok(state);
}

/** A step decided and re-checked on one version of the session, with its answer and events. */
interface StepAttempt<T> {
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
  const gathered = await gatherFacts(context, loaded, plan, time.value, messages);
  if (gathered.isErr()) return err(gathered.error);
  const { facts, pricing } = gathered.value;
  const decision = decide(operation, loaded, command, facts, pricing, context.settings);
  if (decision.isErr()) return err(decision.error);
  // The decided cart is a value from here on: frozen, it can key the priced lines kept for the commands after
  // this one (the memory store would freeze it as it saves it anyway).
  freezeAll(decision.value.session.cart);
  const reconciled = await reconcile(context, decision.value, pricing, messages, loaded);
  if (reconciled.isErr()) return err(reconciled.error);
  const outcome = { loaded, ...reconciled.value, messages, success: decision.value.success };
  return ok({
    session: reconciled.value.session,
    answer: stepAnswer(context, operation.answer, outcome),
    decision: decision.value,
  });
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
    const success = operation.success(command);
    const summary = summaryAnswer({ loaded: session, session, pricing: pricing.value, messages, success });
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
