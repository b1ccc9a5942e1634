/**
 * The results of steps, by the kind of answer their descriptor names: the success text and what the step
 * dropped; after the method and extension steps the cart and totals too; the offers of the offer steps. Each is
 * read from what `decide` returned, so building an answer computes nothing again.
 * @module
 */
import { invariant } from '../domain/errors.js';
import type { Decision } from '../domain/machine/decide.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import type { CheckoutView } from '../domain/pricing/checkout.js';
import type { Answers, ShippingMethodOffer, SummaryResult } from '../operations/answers.js';

/** The answer kinds a step can give. */
export type StepAnswerKind = 'step' | 'summary' | 'cart' | 'shipping_methods' | 'payment_methods';

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
export function summaryOf(
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
export function stepAnswer<K extends StepAnswerKind>(
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
