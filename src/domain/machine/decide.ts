/**
 * `decide`: the pure heart of the engine. Given the session, a parsed command, the facts the engine gathered and
 * the store settings, it returns the next session and the events to deliver, or the error, and does nothing
 * else: no I/O, no clock, no randomness (xstate's idea without xstate). The same input always gives the same
 * output, and a refused command leaves the session exactly as it was (the engine saves nothing).
 * @module
 */
import { err, type Result } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../errors.js';
import { type MessageId, messageText } from '../messages.js';
import { cartShips } from '../pricing/cart.js';
import { priceSessionCart } from '../pricing/checkout.js';
import type { StoreSettings } from '../settings/settings.js';
import type { CheckoutCommand } from './commands.js';
import type { DomainEvent } from './events.js';
import type { CheckoutFacts } from './facts.js';
import { ruleOf } from './rules.js';
import { type CheckoutSession, isSessionExpired } from './session.js';
import { checkGuards, type GuardState, rechecksOf, type Selection } from './steps.js';

/** What an accepted command produced. */
export interface Decision {
  /** The next session: `version` one higher, `updatedAt` now, expiry moved forward. */
  readonly session: CheckoutSession;
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

/** What the guards read from the priced cart. */
export function guardState(
  session: CheckoutSession,
  facts: Pick<CheckoutFacts, 'products' | 'today'>,
  settings: StoreSettings,
): GuardState {
  const lines = priceSessionCart(session, facts, settings);
  return { cartShips: cartShips(lines), hasProducts: lines.length > 0 };
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
 * Decides one command: checks the session is live and the step's guard (DECISIONS 33), applies the command's
 * rule (`rules.ts`), and stamps the next session. Pure and synchronous.
 * @param session - the session as loaded
 * @param command - the parsed command
 * @param facts - what the engine gathered for this command (time, products, offers, texts, …)
 * @param settings - the store settings
 * @returns the decision, or the error (the session is then unchanged)
 */
export function decide(
  session: CheckoutSession,
  command: CheckoutCommand,
  facts: CheckoutFacts,
  settings: StoreSettings,
): Result<Decision, CheckoutError> {
  if (isSessionExpired(session, facts.now)) {
    return err(checkoutError('expired', { warning: messageText(facts.messages, 'session.expired') }));
  }
  const rule = ruleOf(command);
  const guard = checkGuards(
    rule.step,
    session,
    guardState(session, facts, settings),
    settings,
    facts.messages,
  );
  if (Object.keys(guard).length > 0) return err(checkoutError('precondition', guard));
  const rechecks = rechecksOf(rule.step);
  return rule.apply(session, command, facts, settings).map((next) => ({
    session: stamp(next, session, facts, rechecks),
    events: [],
    rechecks,
    success: rule.success(command),
  }));
}
