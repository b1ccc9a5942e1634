/**
 * `decide`: the pure heart of the engine. Given an operation's rule, the session, the parsed command, the facts
 * the engine gathered and the command's pricing, it returns the next session, the effects to perform and the
 * events to deliver, or the error, and does nothing else: no I/O, no clock, no randomness (xstate's idea without
 * xstate). The same input always gives the same output, and a refused command leaves the session exactly as it
 * was (the engine saves nothing).
 * @module
 */
import { err, type Result } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../errors.js';
import { type MessageId, messageText } from '../messages.js';
import type { Effect } from '../order/effects.js';
import type { Pricing } from '../pricing/pricing.js';
import type { StoreSettings } from '../settings/settings.js';
import type { DomainEvent } from './events.js';
import type { CheckoutFacts } from './facts.js';
import { type CheckoutSession, isSessionExpired } from './session.js';
import { checkGuards, type GuardState, rechecksOf, type Selection, type StepName } from './steps.js';

/** What an accepted command produced. */
export interface Decision {
  /** The next session: `version` one higher, `updatedAt` now, expiry moved forward. */
  readonly session: CheckoutSession;
  /** Writes outside the session, each one transaction; steps have none, confirm and history_add do. */
  readonly effects: readonly Effect[];
  /** Events to deliver once the session (and any order) is stored. */
  readonly events: readonly DomainEvent[];
  /**
   * Selections whose offer this change may have altered. Their stored offers are cleared here; the engine
   * recomputes the offers and re-checks the chosen methods (`recheckSelections`) before saving.
   */
  readonly rechecks: readonly Selection[];
  /** The success text of the command. */
  readonly success: MessageId;
}

/** A step's rule: the next session, or why not. Pure. */
export type StepRule<C> = (
  session: CheckoutSession,
  command: C,
  facts: CheckoutFacts,
  pricing: Pricing,
  settings: StoreSettings,
) => Result<CheckoutSession, CheckoutError>;

/** What `decide` needs of an operation: the step it belongs to, its rule and its success text. */
export interface StepOperation<C> {
  /** The step of the state machine the operation belongs to: its guard and re-checks. */
  readonly step: StepName;
  /** The pure rule: the next session, or why not. */
  readonly rule: StepRule<C>;
  /** The success text of an accepted command. */
  readonly success: (command: C) => MessageId;
}

/** What the guards read from the priced cart. */
export function guardState(session: CheckoutSession, pricing: Pricing): GuardState {
  const lines = pricing.lines(session);
  return { cartShips: lines.some((line) => line.shipping), hasProducts: lines.length > 0 };
}

/** The accepted session: one version on, stamped with the time, stale offers cleared. */
function stamp(
  next: CheckoutSession,
  previous: CheckoutSession,
  facts: CheckoutFacts,
  rechecks: readonly Selection[],
): CheckoutSession {
  return {
    ...next,
    version: previous.version + 1,
    updatedAt: facts.now,
    expiresAt: facts.expiresAt,
    shippingMethods: rechecks.includes('shipping_method') ? null : next.shippingMethods,
    paymentMethods: rechecks.includes('payment_method') ? null : next.paymentMethods,
  };
}

/**
 * Decides one step: checks the session is live and the step's guard (a step needs only what it uses), applies
 * the operation's rule, and stamps the next session. Pure and synchronous.
 * @param operation - the step, rule and success text of the operation
 * @param session - the session as loaded
 * @param command - the parsed command
 * @param facts - what the engine gathered for this command (time, products, offers, texts, …)
 * @param pricing - the command's pricing (each cart priced once)
 * @param settings - the store settings
 * @returns the decision, or the error (the session is then unchanged)
 */
export function decide<C>(
  operation: StepOperation<C>,
  session: CheckoutSession,
  command: C,
  facts: CheckoutFacts,
  pricing: Pricing,
  settings: StoreSettings,
): Result<Decision, CheckoutError> {
  if (isSessionExpired(session, facts.now)) {
    return err(checkoutError('expired', { warning: messageText(facts.messages, 'session.expired') }));
  }
  const guard = checkGuards(
    operation.step,
    session,
    () => guardState(session, pricing),
    settings,
    facts.messages,
  );
  if (Object.keys(guard).length > 0) return err(checkoutError('precondition', guard));
  const rechecks = rechecksOf(operation.step);
  return operation.rule(session, command, facts, pricing, settings).map((next) => ({
    session: stamp(next, session, facts, rechecks),
    effects: [],
    events: [],
    rechecks,
    success: operation.success(command),
  }));
}
