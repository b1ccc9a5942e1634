/**
 * The order record confirm writes, built from the session and its derived view: every group the
 * OpenCart lists (store, customer, both addresses, methods, lines with options and subscription, totals, taxes,
 * affiliate and commission, client, currency and rate, language, dates). Amounts are in the store's default
 * currency, as OpenCart stores them; `currencyCode`/`currencyValue` say how the customer saw them.
 * @module
 */
import { type Currency, convert, type Money, percent, sum, zero } from '../../money/index.js';
import type { LineOption, PricedCartLine } from '../cart/line.js';
import { invariant } from '../errors.js';
import type { ViewFacts } from '../machine/facts.js';
import type { CheckoutSession } from '../machine/session.js';
import { appliedCoupon, appliedReward, type CheckoutView, storeCurrency } from '../pricing/checkout.js';
import type { TaxRateSet } from '../pricing/tax.js';
import type { TotalsState } from '../pricing/totals/calculator.js';
import type { Product } from '../records/catalog.js';
import type { Affiliate } from '../records/customers.js';
import type {
  OrderClient,
  OrderDraft,
  OrderOption,
  OrderProduct,
  OrderSubscription,
  OrderTax,
  OrderTotal,
} from '../records/order.js';
import type { StoreSettings } from '../settings/settings.js';

/** What confirm adds to the session for the order. */
export interface DraftInput {
  readonly comment: string;
  /** The affiliate of the order (confirm's `affiliate_id`, or the session's), or undefined. */
  readonly affiliate: Affiliate | undefined;
  readonly client: OrderClient;
  readonly now: string;
}

/** The tax on one unit of `amount` of a class: every rate's amount, summed. */
function unitTax(rates: TaxRateSet, amount: Money, taxClassId: number): Money {
  return sum(
    rates.taxesOn(amount, taxClassId, 1).map((tax) => tax.amount),
    amount.currency,
  );
}

/**
 * An order option: the line's chosen option with whether its value's stock moves. Its name and value are stored
 * as OpenCart stores them (the option's name; the value's name, or the text of a free-text option).
 */
function orderOption(option: LineOption, product: Product | undefined): OrderOption {
  const value = product?.options
    .flatMap((o) => o.values)
    .find((v) => v.productOptionValueId === option.productOptionValueId);
  return {
    productOptionId: option.productOptionId,
    productOptionValueId: option.productOptionValueId,
    optionId: option.optionId,
    optionValueId: option.optionValueId,
    name: option.name,
    value: option.value,
    type: option.type,
    subtract: value?.subtract ?? false,
  };
}

/** The subscription of an order line, with the tax on its prices. */
function orderSubscription(line: PricedCartLine, rates: TaxRateSet): OrderSubscription | null {
  const plan = line.subscription;
  if (plan === null) return null;
  return {
    subscriptionPlanId: plan.subscriptionPlanId,
    name: plan.name,
    trialStatus: plan.trialStatus,
    trialPrice: plan.trialPrice,
    trialTax: unitTax(rates, plan.trialPrice, line.taxClassId),
    trialFrequency: plan.trialFrequency,
    trialCycle: plan.trialCycle,
    trialDuration: plan.trialDuration,
    price: plan.price,
    tax: unitTax(rates, plan.price, line.taxClassId),
    frequency: plan.frequency,
    cycle: plan.cycle,
    duration: plan.duration,
  };
}

/** One order line from a priced cart line. */
function orderProduct(line: PricedCartLine, product: Product | undefined, rates: TaxRateSet): OrderProduct {
  return {
    productId: line.productId,
    masterId: product?.masterId ?? 0,
    name: line.name,
    model: line.model,
    quantity: line.quantity,
    price: line.price,
    total: line.total,
    tax: unitTax(rates, line.price, line.taxClassId),
    reward: line.reward,
    subtract: line.subtract,
    options: line.options.map((option) => orderOption(option, product)),
    subscription: orderSubscription(line, rates),
  };
}

/** The affiliate's commission: its percentage of the order's net sub-total (0 without an affiliate). */
export function commissionOf(
  lines: readonly PricedCartLine[],
  affiliate: Affiliate | undefined,
  currency: string,
): Money {
  if (affiliate === undefined) return zero(currency);
  const subTotal = sum(
    lines.map((line) => line.total),
    currency,
  );
  return percent(subTotal, affiliate.commission);
}

/**
 * The totals as the customer was shown them, kept in the default currency: each line as presented in the
 * session's currency (converted, then rounded to its places), taken back into the default currency exactly (at
 * 40 significant digits), and `total` their sum. Showing a kept line in the order's currency again, at the rate
 * kept with the order, rounds back to the very amount confirm showed. Rounding in the default currency first
 * would lose that: an amount rounded there and converted afterwards can land a cent away from the amount
 * converted and rounded once. In the default currency this is each line rounded to its places.
 */
function draftTotals(view: CheckoutView, from: Currency, to: Currency): readonly OrderTotal[] {
  // Shared only when frozen already: the draft is frozen as it is written, and the answer hands the view's out.
  if (from.code === to.code)
    return Object.isFrozen(view.totals) ? view.totals : view.totals.map((line) => ({ ...line }));
  const kept = view.totals.map((line) =>
    line.code === 'total' ? line : { ...line, value: convert(line.value, to, from) },
  );
  const others = sum(
    kept.filter((line) => line.code !== 'total').map((line) => line.value),
    from.code,
  );
  return kept.map((line) => (line.code === 'total' ? { ...line, value: others } : line));
}

/** The order's taxes by rate (exact, default currency). */
function draftTaxes(state: TotalsState): readonly OrderTax[] {
  return Object.values(state.taxes).map((tax) => ({
    taxRateId: tax.taxRateId,
    name: tax.name,
    amount: tax.amount,
  }));
}

/**
 * The draft of an edited order (confirm with `order_id` > 0) keeping what OpenCart's `editOrder` keeps: the date
 * it was added, the client it came from (IP, forwarded IP, user agent, accept-language), its currency and rate
 * and its language. Everything else is the new draft's; `dateModified` is the edit's time.
 */
export function keepOriginalFields(draft: OrderDraft, original: OrderDraft): OrderDraft {
  return {
    ...draft,
    dateAdded: original.dateAdded,
    client: original.client,
    currencyCode: original.currencyCode,
    currencyValue: original.currencyValue,
    languageCode: original.languageCode,
  };
}

/**
 * Builds the order record of a confirmed session, from its priced view and the tax rule it was priced with
 * (each line's unit tax is read from that rule).
 */
export function buildOrderDraft(
  session: CheckoutSession,
  view: CheckoutView,
  rates: TaxRateSet,
  facts: ViewFacts,
  settings: StoreSettings,
  input: DraftInput,
): OrderDraft {
  const currency = storeCurrency(settings, settings.currency);
  const totals = draftTotals(view, currency, storeCurrency(settings, session.currency));
  const customer = session.customer;
  invariant(customer !== null, 'confirm guards a missing customer before it builds the draft');
  return {
    storeId: settings.storeId,
    storeName: settings.storeName,
    storeUrl: settings.storeUrl,
    invoicePrefix: settings.invoicePrefix,
    apiUserId: session.apiUserId,
    customer,
    paymentAddress: session.paymentAddress,
    shippingAddress: view.shippingRequired ? session.shippingAddress : null,
    paymentMethod: session.paymentMethod,
    shippingMethod: view.shippingRequired ? session.shippingMethod : null,
    products: view.lines.map((line) => orderProduct(line, facts.products.get(line.productId), rates)),
    totals,
    taxes: draftTaxes(view.state),
    total: totals.find((total) => total.code === 'total')?.value ?? view.total,
    comment: input.comment,
    couponCode: appliedCoupon(session, view.lines, facts, settings)?.coupon.code ?? '',
    rewardPoints: appliedReward(session, view.lines, facts),
    loggedInCustomerId: session.loggedInCustomerId ?? 0,
    affiliateId: input.affiliate?.customerId ?? 0,
    commission: commissionOf(view.lines, input.affiliate, currency.code),
    languageCode: session.language,
    currencyCode: session.currency,
    currencyValue: storeCurrency(settings, session.currency).value,
    client: input.client,
    dateAdded: input.now,
    dateModified: input.now,
  };
}
