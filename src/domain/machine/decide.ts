/**
 * `decide`: the pure heart of the engine. Given an operation's rule, the session, the parsed command, the facts
 * the engine gathered and the command's pricing, it returns the next session, the effects to perform, the events
 * to deliver and what the answer says, or the error, and does nothing else: no I/O, no clock, no randomness
 * (xstate's idea without xstate). It prices the cart once (through `pricing`), applies the guard and the rule,
 * re-offers and re-checks the chosen shipping and payment methods for the next session, and works out what the
 * answer shows. The same input always gives the same output, and a refused command leaves the session exactly as
 * it was (the engine saves nothing).
 *
 * When the facts lack something only the outcome reveals (the tax rules of a shipping quote's class no fact
 * named, or a remote method's answer for the next session's address), the decision names it as `wanted`: the
 * engine gathers it and decides again on the wider facts.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import type { Money } from '../../money/index.js';
import { deepFreeze } from '../deep-freeze.js';
import { type CheckoutError, checkoutError } from '../errors.js';
import { type MessageId, messageText } from '../messages.js';
import {
  type MethodFacts,
  type OffersOutcome,
  paymentOffersFor,
  shippingOffersFor,
  type WantedRead,
} from '../methods/offers.js';
import type { Effect } from '../order/effects.js';
import type { CheckoutView } from '../pricing/checkout.js';
import type { Pricing } from '../pricing/pricing.js';
import { lasting } from '../pricing/pricing-cache.js';
import { shownShippingCosts } from '../pricing/shown-cost.js';
import type { StoreSettings } from '../settings/settings.js';
import type { DomainEvent } from './events.js';
import type { CheckoutFacts } from './facts.js';
import { droppedSelections, type Offers, paymentStepStands, recheckSelections } from './selections.js';
import { type CheckoutSession, isSessionExpired, type PaymentMethodOffer } from './session.js';
import { checkGuards, type GuardState, rechecksOf, type Selection, type StepName } from './steps.js';

/** Facts a decision could not do without: gathered by the engine before it decides again. */
export interface WantedFacts {
  /** Tax classes whose rules and rates the tax table lacks (a fresh quote's class). */
  readonly taxClassIds: readonly number[];
  /** Remote reads of methods, for the contexts the next session gives them. */
  readonly reads: readonly WantedRead[];
}

/** The next session's cart and totals, for an answer that shows them. */
export interface DecidedView {
  readonly view: CheckoutView;
  /** The digest of the totals (see `viewDigest`). */
  readonly digest: string;
}

/** What an accepted command produced. */
export interface Decision {
  /**
   * The next session: `version` one higher, `updatedAt` now, expiry moved forward, the chosen methods re-checked
   * against fresh offers (kept with their fresh quote while still offered, dropped otherwise).
   */
  readonly session: CheckoutSession;
  /** Writes outside the session, each one transaction; steps have none, confirm and history_add do. */
  readonly effects: readonly Effect[];
  /** Events to deliver once the session (and any order) is stored. */
  readonly events: readonly DomainEvent[];
  /** Selections whose offer this change may have altered: re-offered, and re-checked when chosen. */
  readonly rechecks: readonly Selection[];
  /** The success text of the command. */
  readonly success: MessageId;
  /** The success text, in the session's language. */
  readonly text: string;
  /** The chosen methods the command and its re-checks dropped, in step order. */
  readonly dropped: readonly Selection[];
  /** The next session's cart and totals, for an operation whose answer shows them (`summary`). */
  readonly view?: DecidedView;
  /** Each stored quote's cost as the customer reads it, by quote code (the `shipping_methods` answer). */
  readonly shownCosts?: Readonly<Record<string, Money>>;
  /**
   * What the facts lacked: present only when the decision could not be completed, and then nothing of it may be
   * kept; the engine gathers these and decides again.
   */
  readonly wanted?: WantedFacts;
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
  /** The offers the rule decides on, worked out for the session as loaded and handed to it as `facts.offers`. */
  readonly offers?: 'shipping' | 'payment';
  /**
   * The kind of answer the operation gives: `summary` has the next session's cart and totals worked out,
   * `shipping_methods` the stored quotes' shown costs.
   */
  readonly answer?: string;
}

/** What the guards read from the priced cart. */
export function guardState(session: CheckoutSession, pricing: Pricing): GuardState {
  const lines = pricing.lines(session);
  return { cartShips: lines.some((line) => line.shipping), hasProducts: lines.length > 0 };
}

/** No method registered: what facts without methods offer. */
const noMethods: MethodFacts = { shipping: [], payment: [], gathered: [] };

/**
 * The accepted session: one version on, stamped with the time, stale offers cleared. Its cart is frozen: it is a
 * value from here on, and frozen it can key the priced lines kept for the commands after this one.
 */
function stamp(
  next: CheckoutSession,
  previous: CheckoutSession,
  facts: CheckoutFacts,
  rechecks: readonly Selection[],
): CheckoutSession {
  return {
    ...next,
    cart: deepFreeze(next.cart),
    version: previous.version + 1,
    updatedAt: facts.now,
    expiresAt: facts.expiresAt,
    shippingMethods: rechecks.includes('shipping_method') ? null : next.shippingMethods,
    paymentMethods: rechecks.includes('payment_method') ? null : next.paymentMethods,
  };
}

/** The outcome of working out offers: the offers, the facts they want, or the failure of a method. */
type Worked<T> = Result<OffersOutcome<T>, CheckoutError>;

/** A worked-out offer as a result. */
function worked<T>(outcome: { outcome: OffersOutcome<T> } | { error: CheckoutError }): Worked<T> {
  return 'error' in outcome ? err(outcome.error) : ok(outcome.outcome);
}

/** Whether worked-out offers may be kept for a later command: offers, not what they wanted or a failure. */
function keepable<T>(outcome: { outcome: OffersOutcome<T> } | { error: unknown }): boolean {
  return 'outcome' in outcome && outcome.outcome.wanted === undefined;
}

/**
 * The key offers are kept under: the kind, what the methods' contexts are made of (`parts`: the priced cart's
 * shipping sums or view, the address, the geo zones), then the methods, the settings and the texts, which are the
 * engine's own and told by identity. None when a part could still change (an unfrozen object), or when a method
 * reads a remote source (what it answers is read afresh for every command).
 */
function offersKey(
  kind: 'shipping' | 'payment',
  parts: readonly unknown[],
  methods: readonly { readonly gather?: unknown }[],
  facts: CheckoutFacts,
  settings: StoreSettings,
): readonly unknown[] | undefined {
  if (!parts.every(lasting) || methods.some((method) => method.gather !== undefined)) return undefined;
  return [kind, ...parts, methods, settings, facts.messages];
}

/**
 * Whether two offer values are written the same as JSON: equal primitives, or objects and lists with the same
 * keys in the same order, equal key by key.
 */
function sameOffers(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  const others = Object.keys(b);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i] as string;
    if (key !== others[i]) return false;
    if (!sameOffers((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** `current` when `fresh` offers the same, so an unchanged offer stays the same value. */
function keptCurrent<T>(fresh: Worked<T>, current: Readonly<Record<string, T>> | null): Worked<T> {
  if (current === null || fresh.isErr() || fresh.value.offers === undefined) return fresh;
  return sameOffers(fresh.value.offers, current) ? ok({ offers: current }) : fresh;
}

/** The shipping quotes for `session`, `current` kept when they are the same. */
function quotesFor(
  session: CheckoutSession,
  facts: CheckoutFacts,
  pricing: Pricing,
  settings: StoreSettings,
  current: CheckoutSession['shippingMethods'],
) {
  const methods = facts.methods ?? noMethods;
  const cart = pricing.shippingCart(session);
  const { geoZones } = facts.tax;
  const { messages } = facts;
  const parts = [cart, session.shippingAddress, geoZones];
  const key = offersKey('shipping', parts, methods.shipping, facts, settings);
  const outcome = pricing.offers(
    key,
    () => shippingOffersFor(session, cart, geoZones, methods, messages, settings),
    keepable,
  );
  return keptCurrent(worked(outcome), current);
}

/** The payment offer for `session`, `current` kept when it is the same. */
function paymentFor(
  session: CheckoutSession,
  facts: CheckoutFacts,
  pricing: Pricing,
  settings: StoreSettings,
  current: CheckoutSession['paymentMethods'],
) {
  const methods = facts.methods ?? noMethods;
  if (methods.payment.length === 0) return worked<PaymentMethodOffer>({ outcome: { offers: {} } });
  const view = pricing.view(session);
  const { geoZones } = facts.tax;
  const { messages } = facts;
  const key = offersKey(
    'payment',
    [view, session.paymentAddress, geoZones],
    methods.payment,
    facts,
    settings,
  );
  const outcome = pricing.offers(
    key,
    () => paymentOffersFor(session, view, geoZones, methods, messages, settings),
    keepable,
  );
  return keptCurrent(worked(outcome), current);
}

/**
 * `facts` with the offers the rule decides on. Gathered facts never carry offers, so they go first: a spread
 * followed by a key its source lacks makes node 20 build a new hidden class on every call (about 30 times the
 * cost of the object itself), one that starts with the new key does not.
 */
function withOffers(facts: CheckoutFacts, offers: Offers): CheckoutFacts {
  return { offers, ...facts };
}

/** The tax classes among `classIds` the tax table was not read for. */
function missingClasses(facts: CheckoutFacts, classIds: readonly number[]): number[] {
  const known = facts.tax.classIds;
  return [...new Set(classIds.filter((id) => id > 0 && !known.includes(id)))];
}

/** A decision that could not be completed: the session as loaded, and what is wanted. */
function wantedDecision(session: CheckoutSession, success: MessageId, wanted: WantedFacts): Decision {
  return { session, effects: [], events: [], rechecks: [], success, text: '', dropped: [], wanted };
}

/**
 * The offers the operation decides on, for the session as loaded (none for an operation that decides on none):
 * the facts with them, or what they want.
 */
function offersOfOperation<C>(
  operation: StepOperation<C>,
  session: CheckoutSession,
  facts: CheckoutFacts,
  pricing: Pricing,
  settings: StoreSettings,
): Result<{ facts: CheckoutFacts; wanted?: WantedFacts }, CheckoutError> {
  if (operation.offers === 'shipping') {
    const quoted = quotesFor(session, facts, pricing, settings, session.shippingMethods);
    if (quoted.isErr()) return err(quoted.error);
    const { offers, wanted } = quoted.value;
    if (wanted !== undefined) return ok({ facts, wanted: { taxClassIds: [], reads: wanted } });
    const classIds = Object.values(offers).flatMap((group) =>
      Object.values(group.quote).map((quote) => quote.taxClassId),
    );
    const missing = missingClasses(facts, classIds);
    if (missing.length > 0) return ok({ facts, wanted: { taxClassIds: missing, reads: [] } });
    return ok({ facts: withOffers(facts, { shipping: offers }) });
  }
  if (operation.offers === 'payment') {
    const offered = paymentFor(session, facts, pricing, settings, session.paymentMethods);
    if (offered.isErr()) return err(offered.error);
    const { offers, wanted } = offered.value;
    if (wanted !== undefined) return ok({ facts, wanted: { taxClassIds: [], reads: wanted } });
    return ok({ facts: withOffers(facts, { payment: offers }) });
  }
  return ok({ facts });
}

/**
 * Re-offers what a change made stale and re-checks the chosen methods against the fresh offers: shipping first
 * (its cost feeds the total that payment offers read), each only when a method is chosen. Offers the loaded
 * session held are kept as the same value when they come out the same.
 */
function recheck(
  next: CheckoutSession,
  loaded: CheckoutSession,
  rechecks: readonly Selection[],
  facts: CheckoutFacts,
  pricing: Pricing,
  settings: StoreSettings,
): Result<{ session: CheckoutSession; wanted?: WantedFacts }, CheckoutError> {
  let session = next;
  const state = () => guardState(session, pricing);
  if (rechecks.includes('shipping_method') && session.shippingMethod !== null) {
    const quoted = quotesFor(session, facts, pricing, settings, loaded.shippingMethods);
    if (quoted.isErr()) return err(quoted.error);
    const { offers, wanted } = quoted.value;
    if (wanted !== undefined) return ok({ session, wanted: { taxClassIds: [], reads: wanted } });
    const offered: Offers = { shipping: offers };
    session = recheckSelections(session, ['shipping_method'], state, offered, settings).session;
    const chosen = session.shippingMethod === null ? [] : [session.shippingMethod.taxClassId];
    const missing = missingClasses(facts, chosen);
    if (missing.length > 0) return ok({ session, wanted: { taxClassIds: missing, reads: [] } });
  }
  if (rechecks.includes('payment_method') && session.paymentMethod !== null) {
    let offered: Offers = {};
    if (paymentStepStands(session, state, settings)) {
      const offer = paymentFor(session, facts, pricing, settings, loaded.paymentMethods);
      if (offer.isErr()) return err(offer.error);
      const { offers, wanted } = offer.value;
      if (wanted !== undefined) return ok({ session, wanted: { taxClassIds: [], reads: wanted } });
      offered = { payment: offers };
    }
    session = recheckSelections(session, ['payment_method'], state, offered, settings).session;
  }
  return ok({ session });
}

/**
 * Decides one step: works out the offers the operation decides on, checks the session is live and the step's
 * guard (a step needs only what it uses), applies the operation's rule, stamps the next session, re-offers and
 * re-checks what the change made stale, and works out what the answer shows. Pure and synchronous.
 * @param operation - the step, rule, success text, offers and answer kind of the operation
 * @param session - the session as loaded
 * @param command - the parsed command
 * @param facts - what the engine gathered for this command (time, products, methods, texts, …)
 * @param pricing - the command's pricing over `facts` (each cart priced once)
 * @param settings - the store settings
 * @returns the decision (with `wanted` when the facts must be widened first), or the error (the session is then
 *   unchanged)
 */
export function decide<C>(
  operation: StepOperation<C>,
  session: CheckoutSession,
  command: C,
  facts: CheckoutFacts,
  pricing: Pricing,
  settings: StoreSettings,
): Result<Decision, CheckoutError> {
  const success = operation.success(command);
  // Offers first: a method that fails answers `unavailable` whatever else the command would meet.
  const offered = offersOfOperation(operation, session, facts, pricing, settings);
  if (offered.isErr()) return err(offered.error);
  if (offered.value.wanted !== undefined) return ok(wantedDecision(session, success, offered.value.wanted));
  const ruleFacts = offered.value.facts;
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
  const ruled = operation.rule(session, command, ruleFacts, pricing, settings);
  if (ruled.isErr()) return err(ruled.error);
  const stamped = stamp(ruled.value, session, facts, rechecks);
  const checked = recheck(stamped, session, rechecks, facts, pricing, settings);
  if (checked.isErr()) return err(checked.error);
  if (checked.value.wanted !== undefined) return ok(wantedDecision(session, success, checked.value.wanted));
  const next = checked.value.session;
  const decision: {
    -readonly [K in keyof Decision]: Decision[K];
  } = {
    session: next,
    effects: [],
    events: [],
    rechecks,
    success,
    text: messageText(facts.messages, success),
    dropped: droppedSelections(session, next),
  };
  if (operation.answer === 'summary') {
    decision.view = { view: pricing.view(next), digest: pricing.digest(next) };
  } else if (operation.answer === 'shipping_methods') {
    decision.shownCosts = shownShippingCosts(next, settings, () => pricing.taxRates(next));
  }
  return ok(decision);
}
