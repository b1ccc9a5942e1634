/**
 * The shell's loop for every command: load the session → parse the input → gather facts → `decide` → re-check
 * stale selections → save with the expected version → deliver events. Each arrow can fail with a
 * `CheckoutError`; none throws, and nothing is saved unless every step before the save succeeded.
 * @module
 */
import { okAsync, type Result, ResultAsync } from 'neverthrow';
import { viewCheckout } from '../domain/checkout-view.js';
import type { CheckoutCommand } from '../domain/commands.js';
import { type Decision, decide } from '../domain/decide.js';
import type { CheckoutError } from '../domain/errors.js';
import type { CheckoutFacts } from '../domain/facts.js';
import type { MessageCatalog } from '../domain/messages.js';
import { type Recheck, recheckSelections } from '../domain/selections.js';
import type { CheckoutSession } from '../domain/session.js';
import type { GuardState } from '../domain/steps.js';
import { defaultTotalCalculators } from '../domain/totals/index.js';
import type { EngineContext } from './context.js';
import { gatherFacts } from './facts.js';
import { paymentOffers, shippingOffers } from './offers.js';
import { runEvents } from './run-events.js';
import { loadSession, saveSession } from './session-access.js';

/** What an accepted command left behind. */
export interface CommandOutcome {
  /** The session as saved. */
  readonly session: CheckoutSession;
  /** Selections the change made stale and dropped (DECISIONS 19). */
  readonly dropped: Recheck['dropped'];
  /** The facts the command was decided on (the output's views reuse them). */
  readonly facts: CheckoutFacts;
  /** The texts of the session's language. */
  readonly messages: MessageCatalog;
}

/** Turns untrusted input into a command, with the session's texts. */
export type ParseInput = (messages: MessageCatalog) => Result<CheckoutCommand, CheckoutError>;

/** The guard state of a session as priced with these facts. */
function stateOf(context: EngineContext, session: CheckoutSession, facts: CheckoutFacts): GuardState {
  const view = viewCheckout(session, facts, context.settings, defaultTotalCalculators);
  return { cartShips: view.shippingRequired, hasProducts: view.lines.length > 0 };
}

/** Re-checks the chosen shipping method against fresh quotes (only when one is chosen). */
function recheckShipping(
  context: EngineContext,
  recheck: Recheck,
  facts: CheckoutFacts,
): ResultAsync<Recheck, CheckoutError> {
  const { session } = recheck;
  if (session.shippingMethod === null) return okAsync(recheck);
  const view = viewCheckout(session, facts, context.settings, defaultTotalCalculators);
  return shippingOffers(context, session, view, facts.products, facts.messages).map((shipping) => {
    const next = recheckSelections(session, ['shipping_method'], stateOf(context, session, facts), {
      shipping,
    });
    return { session: next.session, dropped: [...recheck.dropped, ...next.dropped] };
  });
}

/** Re-checks the chosen payment method against a fresh offer (after shipping: its cost moves the total). */
function recheckPayment(
  context: EngineContext,
  recheck: Recheck,
  facts: CheckoutFacts,
): ResultAsync<Recheck, CheckoutError> {
  const { session } = recheck;
  if (session.paymentMethod === null) return okAsync(recheck);
  const view = viewCheckout(session, facts, context.settings, defaultTotalCalculators);
  return paymentOffers(context, session, view, facts.messages).map((payment) => {
    const next = recheckSelections(session, ['payment_method'], stateOf(context, session, facts), {
      payment,
    });
    return { session: next.session, dropped: [...recheck.dropped, ...next.dropped] };
  });
}

/** Applies the step table's re-checks of a decision (DECISIONS 19). */
function reconcile(
  context: EngineContext,
  decision: Decision,
  facts: CheckoutFacts,
): ResultAsync<Recheck, CheckoutError> {
  const start: Recheck = { session: decision.session, dropped: [] };
  const shipping = decision.rechecks.includes('shipping_method')
    ? recheckShipping(context, start, facts)
    : okAsync<Recheck, CheckoutError>(start);
  return shipping.andThen((recheck) =>
    decision.rechecks.includes('payment_method') ? recheckPayment(context, recheck, facts) : okAsync(recheck),
  );
}

/** Runs one command on the session `sessionId`. */
export function runCommand(
  context: EngineContext,
  sessionId: string,
  parse: ParseInput,
): ResultAsync<CommandOutcome, CheckoutError> {
  return loadSession(context, sessionId).andThen((loaded) => {
    const messages = context.messagesFor(loaded.language);
    return parse(messages).asyncAndThen((command) =>
      gatherFacts(context, loaded, command).andThen((facts) =>
        decide(loaded, command, facts, context.settings)
          .asyncAndThen((decision) =>
            reconcile(context, decision, facts)
              .andThen((recheck) => saveSession(context, recheck.session, loaded.version).map(() => recheck))
              .andThen((recheck) =>
                ResultAsync.fromSafePromise(runEvents(context, decision.events)).map(() => recheck),
              ),
          )
          .map((recheck) => ({ session: recheck.session, dropped: recheck.dropped, facts, messages })),
      ),
    );
  });
}
