/**
 * Runs generated steps through `decide` (pure, synchronous) the way the engine's command loop does: facts per
 * command (the test's methods among them), and the decision, which re-offers and re-checks stale selections.
 */
import type { Result } from 'neverthrow';
import type { CheckoutError } from '../../../src/domain/errors.js';
import type { CheckoutCommand } from '../../../src/domain/machine/commands.js';
import { type Decision, decide, guardState, type StepOperation } from '../../../src/domain/machine/decide.js';
import type { CheckoutFacts, ViewFacts } from '../../../src/domain/machine/facts.js';
import { type CheckoutSession, createSession } from '../../../src/domain/machine/session.js';
import type { GuardState } from '../../../src/domain/machine/steps.js';
import { defaultMessages } from '../../../src/domain/messages.js';
import { createPricing } from '../../../src/domain/pricing/pricing.js';
import { defaultTotalCalculators } from '../../../src/domain/pricing/totals/index.js';
import { operations } from '../../../src/operations/index.js';
import { sampleSession } from '../../../src/testing/index.js';
import { resolveCommand, type Step } from './checkout-commands.js';
import { deepFreeze, factsFor, plusSeconds, settings, T0, TTL_SECONDS } from './checkout-world.js';

/** One decided command. */
export interface Entry {
  readonly before: CheckoutSession;
  /** A deep copy of `before` taken before `decide` ran (with `freeze` only; `before` itself otherwise). */
  readonly snapshot: CheckoutSession;
  readonly command: CheckoutCommand;
  readonly facts: CheckoutFacts;
  readonly result: Result<Decision, CheckoutError>;
  /** The next session: `before` when refused, the decision's session when accepted. */
  readonly after: CheckoutSession;
}

export interface RunOptions {
  /** Deep-freeze every session, command and facts handed to `decide`, and snapshot each session first. */
  readonly freeze?: boolean;
}

/** Guard states already computed, by session and facts object (both are never changed once made). */
const guardStates = new WeakMap<CheckoutSession, WeakMap<object, GuardState>>();

/**
 * The guard state of a session priced with `facts`. Pricing a cart is the costly part of a step, and a run asks
 * for the same session and facts more than once (the re-check, then the property's own check), so the answer is
 * kept for the pair: `guardState` is pure.
 */
export function guardOf(session: CheckoutSession, facts: Pick<ViewFacts, 'products' | 'today'>): GuardState {
  let byFacts = guardStates.get(session);
  if (byFacts === undefined) {
    byFacts = new WeakMap();
    guardStates.set(session, byFacts);
  }
  let state = byFacts.get(facts);
  if (state === undefined) {
    state = guardState(
      session,
      createPricing({ ...facts, messages: defaultMessages }, settings, defaultTotalCalculators),
    );
    byFacts.set(facts, state);
  }
  return state;
}

/** The step descriptor that decides a command: the one whose form makes commands of its type (and mode). */
export function stepOf(command: CheckoutCommand): StepOperation<CheckoutCommand> {
  const names: Readonly<Record<CheckoutCommand['type'], string>> = {
    set_customer: 'customer',
    add_products: command.type === 'add_products' && command.mode === 'single' ? 'product_add' : 'cart',
    update_cart_line: 'cart_update',
    remove_cart_line: 'cart_remove',
    set_payment_address: 'payment_address',
    set_shipping_address: 'shipping_address',
    set_currency: 'currency',
    quote_shipping: 'shipping_methods',
    set_shipping_method: 'shipping_method',
    offer_payment: 'payment_methods',
    set_payment_method: 'payment_method',
    set_coupon: 'coupon',
    set_reward: 'reward',
    set_affiliate: 'affiliate',
  };
  const operation = operations.find((candidate) => candidate.name === names[command.type]);
  if (operation === undefined || operation.kind !== 'step') throw new Error(`no step for ${command.type}`);
  // The descriptor named for this command type decides commands of that type.
  return operation as unknown as StepOperation<CheckoutCommand>;
}

/** The start sessions: empty, or the sample session (customer, three lines, both UK addresses, methods chosen). */
export type Start = 'empty' | 'sample';

export function startSession(start: Start): CheckoutSession {
  const input = { id: 's', now: T0, expiresAt: plusSeconds(T0, TTL_SECONDS) };
  if (start === 'empty') {
    return createSession({ ...input, apiUserId: 1, currency: 'USD', language: 'en-gb' });
  }
  const sample = sampleSession(input);
  // Shipped to the UK, so that the chosen flat.flat and cod are on offer (the test's offers) at the start; not
  // logged in, since the fixture's customer e-mail is not account 1's (a state the customer step never makes).
  return { ...sample, shippingAddress: sample.paymentAddress, loggedInCustomerId: null };
}

/** Decides `steps` in order from `start`; every run is independent (its own clock and cart id counter). */
export function run(start: CheckoutSession, steps: readonly Step[], options: RunOptions = {}): Entry[] {
  let n = 0;
  const nextId = (): string => `cart-${++n}`;
  let session = start;
  let now = start.updatedAt;
  const entries: Entry[] = [];
  for (const step of steps) {
    now = plusSeconds(now, step.advance);
    const command = resolveCommand(step.spec, session);
    const facts = factsFor(session, command, now, nextId);
    // Copying a session costs as much as a decision; only the no-mutation property compares with the copy.
    const snapshot = options.freeze === true ? structuredClone(session) : session;
    if (options.freeze === true) for (const value of [session, command, facts]) deepFreeze(value);
    const pricing = createPricing(facts, settings, defaultTotalCalculators);
    const result = decide(stepOf(command), session, command, facts, pricing, settings);
    const after = result.isOk() ? result.value.session : session;
    entries.push({ before: session, snapshot, command, facts, result, after });
    session = after;
  }
  return entries;
}
