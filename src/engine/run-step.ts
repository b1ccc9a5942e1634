/**
 * A step as the one pass (`shell.ts`) runs it: gather facts (batched port reads) → `decide` (which prices once,
 * re-offers and re-checks the chosen methods, and works out what the answer shows) → the new version of the
 * session to save, its events, and the answer built from what the decision returned.
 *
 * A step's answer is of the kind its descriptor names: the success text and what the step dropped; after the
 * method and extension steps the cart and totals too; the offers of the offer steps. Each is read from what
 * `decide` returned, so building an answer computes nothing again.
 * @module
 */
import { err, ok, type ResultAsync } from 'neverthrow';
import { type CheckoutError, checkoutError, invariant } from '../domain/errors.js';
import { type Decision, decide } from '../domain/machine/decide.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import type { CheckoutView } from '../domain/pricing/checkout.js';
import type { Answers, ShippingMethodOffer, SummaryResult } from '../operations/answers.js';
import type { StepDescriptor } from '../operations/operation.js';
import { shareSessionOffers } from './checkout-cache.js';
import type { Answer, EngineContext } from './context.js';
import { gatherFacts, viewPricing, widenFacts } from './facts.js';
import { requestTime, type SessionTarget, type TakenSession } from './session-access.js';
import { type Outcome, type Pass, readAccess, runPass } from './shell.js';

/** The answer kinds a step can give. */
type StepAnswerKind = 'step' | 'summary' | 'cart' | 'shipping_methods' | 'payment_methods';

/** The stored quote groups with each quote's cost as the customer reads it. */
function quotedShipping(
  session: CheckoutSession,
  decision: Decision,
): Readonly<Record<string, ShippingMethodOffer>> {
  const costs = decision.shownCosts ?? {};
  const groups = Object.values(session.shippingMethods ?? {}).map(
    (group): ShippingMethodOffer => ({
      ...group,
      quote: Object.fromEntries(
        Object.entries(group.quote).map(([key, quote]) => [
          key,
          { ...quote, shownCost: costs[quote.code] ?? quote.cost },
        ]),
      ),
      error: false,
    }),
  );
  return Object.fromEntries(groups.map((group) => [group.code, group]));
}

/** A success text and what was dropped, with a priced cart and its totals. */
function summaryOf(
  text: string,
  dropped: SummaryResult['dropped'],
  view: CheckoutView,
  digest: string,
): SummaryResult {
  return {
    success: text,
    dropped,
    products: view.lines,
    totals: view.totals,
    shippingRequired: view.shippingRequired,
    totalsDigest: digest,
  };
}

/**
 * The answer of kind `kind` for a decision whose session (its offers shared) is `session`. A multi add that
 * added something answers its success text (`cart`); one without rows is never decided, and answers the cart
 * as it is instead.
 */
function stepAnswer<K extends StepAnswerKind>(
  kind: K,
  decision: Decision,
  session: CheckoutSession,
): Answers[K] {
  return answerOf(kind, decision, session) as Answers[K];
}

/** The answer of each kind. */
function answerOf(
  kind: StepAnswerKind,
  decision: Decision,
  session: CheckoutSession,
): Answers[StepAnswerKind] {
  const { dropped, text } = decision;
  switch (kind) {
    case 'summary': {
      const decided = decision.view;
      invariant(decided !== undefined, 'answers: a summary step was decided without its view');
      return summaryOf(text, dropped, decided.view, decided.digest);
    }
    case 'shipping_methods':
      return { shippingMethods: quotedShipping(session, decision), dropped };
    case 'payment_methods':
      return { paymentMethods: session.paymentMethods ?? {}, dropped };
    default:
      return { success: text, dropped };
  }
}

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
async function showCart<C, K extends StepAnswerKind>(
  context: EngineContext,
  operation: StepDescriptor & { readonly answer: K },
  taken: TakenSession,
  command: C,
  messages: MessageCatalog,
): Answer<Outcome<Answers[K]>> {
  const access = readAccess(context, taken, messages);
  if (access.isErr()) return err(access.error);
  const { session, today, now } = access.value;
  const pricing = await viewPricing(context, session, messages, today);
  if (pricing.isErr()) return err(pricing.error);
  const view = pricing.value.view(session);
  const text = messageText(messages, operation.success(command));
  // Only an operation whose answer kind includes the summary (`cart`) says a command shows the cart.
  const answer = summaryOf(text, [], view, pricing.value.digest(session)) as Answers[K];
  return ok({ save: 'expiry', at: now, answer });
}

/** A step as the shell runs it: parsed, then decided (or its cart shown) on each version of the session. */
function stepPass<K extends StepAnswerKind>(
  context: EngineContext,
  operation: StepDescriptor & { readonly answer: K },
): Pass<unknown, Answers[K]> {
  return {
    saves: true,
    parse: (posted, messages) => {
      const command = operation.input.parse(posted, messages);
      return command.isErr() ? err(checkoutError('validation', command.error)) : ok(command.value);
    },
    attempt: async (taken, command, messages) => {
      if (operation.showsCart?.(command) === true) {
        return showCart(context, operation, taken, command, messages);
      }
      const decided = await attemptStep(context, operation, taken, command, messages);
      if (decided.isErr()) return err(decided.error);
      const { session, answer, decision } = decided.value;
      return ok({ save: 'version', session, events: decision.events, answer });
    },
  };
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
  return runPass(context, stepPass(context, operation), target, posted);
}
