/**
 * The shell's loop for every command: load the session → parse the input → gather facts → `decide` → re-check
 * stale selections → save with the expected version → deliver events. Each arrow can fail with a
 * `CheckoutError`; none throws, and nothing is saved unless every step before the save succeeded.
 * @module
 */
import { okAsync, type Result, ResultAsync } from 'neverthrow';
import type { CheckoutError } from '../domain/errors.js';
import type { CheckoutCommand } from '../domain/machine/commands.js';
import { type Decision, decide, guardState } from '../domain/machine/decide.js';
import type { CheckoutFacts } from '../domain/machine/facts.js';
import { droppedSelections, recheckSelections } from '../domain/machine/selections.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import { checkGuards, type Selection } from '../domain/machine/steps.js';
import type { MessageCatalog, MessageId } from '../domain/messages.js';
import { priceSessionCart, viewCheckout } from '../domain/pricing/checkout.js';
import type { EngineContext } from './context.js';
import { ensureTaxClasses, gatherFacts } from './facts.js';
import { paymentOffers, shippingOffers } from './offers.js';
import { runEvents } from './run-events.js';
import { loadSession, saveSession } from './session-access.js';

/** What an accepted command left behind. */
export interface CommandOutcome {
  /** The session to be saved. */
  readonly session: CheckoutSession;
  /** Chosen methods the command or its re-checks dropped (DECISIONS 19), in step order. */
  readonly dropped: readonly Selection[];
  /** The facts the command was decided on, extended to any tax class a re-check brought in. */
  readonly facts: CheckoutFacts;
  /** The texts of the session's language. */
  readonly messages: MessageCatalog;
  /** The command's success text id. */
  readonly success: MessageId;
}

/** Turns untrusted input into a command, with the session's texts. */
export type ParseInput = (messages: MessageCatalog) => Result<CheckoutCommand, CheckoutError>;

/** A session and the facts it is now priced with. */
interface Reconciled {
  readonly session: CheckoutSession;
  readonly facts: CheckoutFacts;
}

/** Re-checks the chosen shipping method against fresh quotes (only when one is chosen). */
function recheckShipping(context: EngineContext, state: Reconciled): ResultAsync<Reconciled, CheckoutError> {
  const { session, facts } = state;
  if (session.shippingMethod === null) return okAsync(state);
  const lines = priceSessionCart(session, facts, context.settings);
  const input = {
    session,
    lines,
    products: facts.products,
    geoZones: facts.tax.geoZones,
    messages: facts.messages,
  };
  return shippingOffers(context, input).andThen((shipping) => {
    const next = recheckSelections(
      session,
      ['shipping_method'],
      guardState(session, facts, context.settings),
      {
        shipping,
      },
    ).session;
    const classIds = next.shippingMethod === null ? [] : [next.shippingMethod.taxClassId];
    return ensureTaxClasses(context, facts, classIds).map((extended) => ({ session: next, facts: extended }));
  });
}

/** Re-checks the chosen payment method against a fresh offer (after shipping: its cost moves the total). */
function recheckPayment(context: EngineContext, state: Reconciled): ResultAsync<Reconciled, CheckoutError> {
  const { session, facts } = state;
  if (session.paymentMethod === null) return okAsync(state);
  const guards = guardState(session, facts, context.settings);
  // A payment method whose own step could not run now (e.g. the shipping method it followed was dropped) goes
  // too: it was chosen for a checkout that no longer exists.
  if (
    Object.keys(checkGuards('payment_method', session, guards, context.settings, facts.messages)).length > 0
  ) {
    return okAsync({
      session: recheckSelections(session, ['payment_method'], guards, { payment: {} }).session,
      facts,
    });
  }
  const view = viewCheckout(session, facts, context.settings, context.calculators);
  return paymentOffers(context, session, view, facts.tax.geoZones, facts.messages).map((payment) => ({
    session: recheckSelections(session, ['payment_method'], guards, { payment }).session,
    facts,
  }));
}

/** Applies the step table's re-checks of a decision (DECISIONS 19). */
function reconcile(
  context: EngineContext,
  decision: Decision,
  facts: CheckoutFacts,
): ResultAsync<Reconciled, CheckoutError> {
  const start: Reconciled = { session: decision.session, facts };
  const shipping = decision.rechecks.includes('shipping_method')
    ? recheckShipping(context, start)
    : okAsync<Reconciled, CheckoutError>(start);
  return shipping.andThen((state) =>
    decision.rechecks.includes('payment_method') ? recheckPayment(context, state) : okAsync(state),
  );
}

/**
 * Runs one command on the session `sessionId` and answers what `answer` makes of its outcome.
 *
 * The answer is built before the compare-and-set save: building it prices the cart and formats quotes, and a port
 * that handed over malformed data trips an invariant there. That throw must leave the stored session as it was
 * (ARCHITECTURE: a bug answers 500 with the session untouched), so nothing is saved until the answer exists.
 */
export function runCommand<T>(
  context: EngineContext,
  sessionId: string,
  parse: ParseInput,
  answer: (outcome: CommandOutcome) => T,
): ResultAsync<T, CheckoutError> {
  return loadSession(context, sessionId).andThen((loaded) => {
    const messages = context.messagesFor(loaded.language);
    return parse(messages).asyncAndThen((command) =>
      gatherFacts(context, loaded, command).andThen((facts) =>
        decide(loaded, command, facts, context.settings).asyncAndThen((decision) =>
          reconcile(context, decision, facts)
            .andThen((state) => {
              const result = answer({
                session: state.session,
                dropped: droppedSelections(loaded, state.session),
                facts: state.facts,
                messages,
                success: decision.success,
              });
              return saveSession(context, state.session, loaded.version).map(() => result);
            })
            .andThen((result) =>
              ResultAsync.fromSafePromise(runEvents(context, decision.events)).map(() => result),
            ),
        ),
      ),
    );
  });
}
