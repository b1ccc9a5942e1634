/**
 * The results of the operations that answer more than a success text: the seed's `products`, `totals` and
 * `shipping_required` after a method or extension step (issue: "after every step, the operation's output carries
 * what the seed's responses carry"), and the shipping quotes and payment methods on offer.
 * @module
 */
import type { PricedCartLine } from '../domain/cart/line.js';
import type { CheckoutFacts } from '../domain/machine/facts.js';
import type {
  CheckoutSession,
  PaymentMethodOffer,
  ShippingQuote,
  ShippingQuoteGroup,
} from '../domain/machine/session.js';
import type { Selection } from '../domain/machine/steps.js';
import { storeCurrency, taxRatesOf, viewCheckout } from '../domain/pricing/checkout.js';
import { add, convert, formatMoney, sum } from '../money/index.js';
import type { TotalLine } from '../ports/total-calculator.js';
import type { EngineContext } from './context.js';

/** The seed's `products`, `totals` and `shipping_required`. */
export interface CheckoutSummary {
  /** The priced cart lines (net, store default currency). */
  readonly products: readonly PricedCartLine[];
  /** The total lines in the session currency; `total` is their exact sum. */
  readonly totals: readonly TotalLine[];
  /** Some line needs shipping. */
  readonly shippingRequired: boolean;
}

/** What a step that changes the session answers. */
export interface StepResult {
  /** The seed's success text. */
  readonly success: string;
  /** Chosen methods the change made stale and dropped (DECISIONS 19); usually empty. */
  readonly dropped: readonly Selection[];
}

/** A step's result with the cart and totals after it (shipping method, payment method, coupon, reward). */
export interface SummaryResult extends StepResult, CheckoutSummary {}

/** A shipping quote as offered, with its price as the customer reads it. */
export interface QuotedShipping extends ShippingQuote {
  /** The cost in the session currency, with tax when the store shows prices with tax (`config_tax`). */
  readonly text: string;
}

/** A shipping method's quotes as offered (the seed's shipping quote group). */
export interface ShippingMethodOffer extends Omit<ShippingQuoteGroup, 'quote'> {
  readonly quote: Readonly<Record<string, QuotedShipping>>;
  /** Always false: a method with an error is not offered. */
  readonly error: false;
}

/** The seed's `shipping_methods`. */
export interface ShippingMethodsResult {
  readonly shippingMethods: Readonly<Record<string, ShippingMethodOffer>>;
  readonly dropped: readonly Selection[];
}

/** The seed's `payment_methods`. */
export interface PaymentMethodsResult {
  readonly paymentMethods: Readonly<Record<string, PaymentMethodOffer>>;
  readonly dropped: readonly Selection[];
}

/** The summary of a session priced with `facts`. */
export function summaryOf(
  context: EngineContext,
  session: CheckoutSession,
  facts: CheckoutFacts,
): CheckoutSummary {
  const view = viewCheckout(session, facts, context.settings, context.calculators);
  return { products: view.lines, totals: view.totals, shippingRequired: view.shippingRequired };
}

/** The stored quote groups with each quote's display text. */
export function quotedShipping(
  context: EngineContext,
  session: CheckoutSession,
  facts: CheckoutFacts,
): Readonly<Record<string, ShippingMethodOffer>> {
  const { settings } = context;
  const rates = taxRatesOf(session, facts, settings);
  const from = storeCurrency(settings, settings.currency);
  const to = storeCurrency(settings, session.currency);
  const text = (quote: ShippingQuote): string => {
    const taxes = settings.tax ? rates.taxesOn(quote.cost, quote.taxClassId, 1).map((t) => t.amount) : [];
    const gross = add(quote.cost, sum(taxes, quote.cost.currency));
    return formatMoney(convert(gross, from, to), to, { mode: settings.roundingMode });
  };
  const groups = Object.values(session.shippingMethods ?? {}).map(
    (group): ShippingMethodOffer => ({
      ...group,
      quote: Object.fromEntries(
        Object.entries(group.quote).map(([key, quote]) => [key, { ...quote, text: text(quote) }]),
      ),
      error: false,
    }),
  );
  return Object.fromEntries(groups.map((group) => [group.code, group]));
}
