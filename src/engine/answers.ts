/**
 * The results of steps, by the kind of answer their descriptor names: the success text and what the step
 * dropped; after the method and extension steps the cart and totals too; the offers of the offer steps. Each is
 * read from the command's pricing, so building an answer prices nothing again.
 * @module
 */
import { droppedSelections } from '../domain/machine/selections.js';
import type { CheckoutSession, ShippingQuote } from '../domain/machine/session.js';
import { type MessageCatalog, type MessageId, messageText } from '../domain/messages.js';
import { taxRatesOf } from '../domain/pricing/checkout.js';
import type { Pricing } from '../domain/pricing/pricing.js';
import { viewDigest } from '../domain/pricing/view-digest.js';
import { add, type Money, sum } from '../money/index.js';
import type { Answers, ShippingMethodOffer, StepResult, SummaryResult } from '../operations/answers.js';
import type { EngineContext } from './context.js';

/** What a step's answer is built from. */
export interface StepOutcome {
  /** The session as loaded. */
  readonly loaded: CheckoutSession;
  /** The session to be saved (decided and re-checked). */
  readonly session: CheckoutSession;
  readonly pricing: Pricing;
  readonly messages: MessageCatalog;
  readonly success: MessageId;
}

/** The answer kinds a step can give. */
export type StepAnswerKind = 'step' | 'summary' | 'cart' | 'shipping_methods' | 'payment_methods';

/** The stored quote groups with each quote's cost as the customer reads it. */
function quotedShipping(
  context: EngineContext,
  session: CheckoutSession,
  pricing: Pricing,
): Readonly<Record<string, ShippingMethodOffer>> {
  const { settings } = context;
  const tax = pricing.facts.tax;
  const rates = tax === undefined ? undefined : taxRatesOf(session, { tax }, settings);
  const shownCost = (quote: ShippingQuote): Money => {
    const taxes =
      settings.tax && rates !== undefined
        ? rates.taxesOn(quote.cost, quote.taxClassId, 1).map((t) => t.amount)
        : [];
    return add(quote.cost, sum(taxes, quote.cost.currency));
  };
  const groups = Object.values(session.shippingMethods ?? {}).map(
    (group): ShippingMethodOffer => ({
      ...group,
      quote: Object.fromEntries(
        Object.entries(group.quote).map(([key, quote]) => [key, { ...quote, shownCost: shownCost(quote) }]),
      ),
      error: false,
    }),
  );
  return Object.fromEntries(groups.map((group) => [group.code, group]));
}

/** A step's success text and what it dropped. */
function stepResult(outcome: StepOutcome): StepResult {
  return {
    success: messageText(outcome.messages, outcome.success),
    dropped: droppedSelections(outcome.loaded, outcome.session),
  };
}

/** A step's success text with the cart and totals of the session it leaves. */
export function summaryAnswer(outcome: StepOutcome): SummaryResult {
  const view = outcome.pricing.view(outcome.session);
  return {
    success: messageText(outcome.messages, outcome.success),
    dropped: droppedSelections(outcome.loaded, outcome.session),
    products: view.lines,
    totals: view.totals,
    shippingRequired: view.shippingRequired,
    totalsDigest: viewDigest(view),
  };
}

/**
 * The answer of kind `kind` for a step's outcome. A multi add that added something answers its success text
 * (`cart`); one without rows is never decided, and answers {@link summaryAnswer} instead.
 */
export function stepAnswer<K extends StepAnswerKind>(
  context: EngineContext,
  kind: K,
  outcome: StepOutcome,
): Answers[K] {
  return answerOf(context, kind, outcome) as Answers[K];
}

/** The answer of each kind (a switch: building a table of closures costs more than the answer). */
function answerOf(
  context: EngineContext,
  kind: StepAnswerKind,
  outcome: StepOutcome,
): Answers[StepAnswerKind] {
  switch (kind) {
    case 'summary':
      return summaryAnswer(outcome);
    case 'shipping_methods':
      return {
        shippingMethods: quotedShipping(context, outcome.session, outcome.pricing),
        dropped: droppedSelections(outcome.loaded, outcome.session),
      };
    case 'payment_methods':
      return {
        paymentMethods: outcome.session.paymentMethods ?? {},
        dropped: droppedSelections(outcome.loaded, outcome.session),
      };
    default:
      return stepResult(outcome);
  }
}
