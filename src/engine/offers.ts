/**
 * What is on offer for a session: shipping quotes from the registered shipping methods, payment methods from the
 * registered payment methods. Extensions are ports (the host may add its own), so asking them is the engine's
 * job; deciding what a change leaves standing is the pure `recheckSelections`.
 * @module
 */
import { err, ok } from 'neverthrow';
import type { PricedCartLine } from '../domain/cart/line.js';
import type { CheckoutSession, PaymentMethodOffer, ShippingQuoteGroup } from '../domain/machine/session.js';
import type { MessageCatalog } from '../domain/messages.js';
import { shippingWeight } from '../domain/methods/shipping-weight.js';
import { cartShips, cartSubTotal, shippableQuantity } from '../domain/pricing/cart.js';
import type { CheckoutView } from '../domain/pricing/checkout.js';
import type { Product } from '../domain/records/catalog.js';
import type { GeoZone } from '../domain/records/geo.js';
import type { PaymentContext } from '../ports/payment-method.js';
import type { ShippingContext } from '../ports/shipping-method.js';
import { type Answer, askPort, type EngineContext } from './context.js';
import { type SharedOffers, shareOffers } from './shared-offers.js';

/**
 * Asks each registered method, keeping those that answer, keyed by code in sort order: the session's `current`
 * offers when they are the same, else the engine's shared ones (see `shared-offers.ts`).
 */
async function collect<T extends { readonly code: string; readonly sortOrder: number }>(
  shared: SharedOffers,
  current: Readonly<Record<string, T>> | null,
  messages: MessageCatalog,
  asks: readonly (() => Promise<T | null>)[],
): Answer<Readonly<Record<string, T>>> {
  const answers = await Promise.all(asks.map((ask) => askPort('extension', messages, ask)));
  const offered: T[] = [];
  for (const answer of answers) {
    if (answer.isErr()) return err(answer.error);
    if (answer.value !== null) offered.push(answer.value);
  }
  offered.sort((a, b) => a.sortOrder - b.sortOrder || a.code.localeCompare(b.code));
  const offers: Readonly<Record<string, T>> = Object.fromEntries(
    offered.map((answer) => [answer.code, answer]),
  );
  return ok(shareOffers(shared, offers, current));
}

/** Nothing on offer. */
const nothing: Answer<Readonly<Record<string, never>>> = Promise.resolve(ok({}));

/** The shipping quote groups for the session; none when the cart does not ship or no address is set. */
export function shippingOffers(
  context: EngineContext,
  session: CheckoutSession,
  lines: readonly PricedCartLine[],
  products: ReadonlyMap<number, Product>,
  geoZones: readonly GeoZone[],
  messages: MessageCatalog,
  current: Readonly<Record<string, ShippingQuoteGroup>> | null = session.shippingMethods,
): Answer<Readonly<Record<string, ShippingQuoteGroup>>> {
  const address = session.shippingAddress;
  const methods = context.deps.shippingMethods ?? [];
  if (address === null || !cartShips(lines) || methods.length === 0) return nothing;
  const shipping: ShippingContext = {
    address,
    geoZones,
    subTotal: cartSubTotal(lines, context.settings.currency),
    shippableQuantity: shippableQuantity(lines),
    weight: context.pricingCache.derived(lines, shippingWeight, () =>
      shippingWeight(lines, products, context.settings),
    ),
    settings: context.settings,
  };
  return collect(
    context.sharedOffers,
    current,
    messages,
    methods.map((method) => () => method.quote(shipping)),
  );
}

/** The payment methods on offer for the session, given its view (the total, with taxes). */
export function paymentOffers(
  context: EngineContext,
  session: CheckoutSession,
  view: CheckoutView,
  geoZones: readonly GeoZone[],
  messages: MessageCatalog,
  current: Readonly<Record<string, PaymentMethodOffer>> | null = session.paymentMethods,
): Answer<Readonly<Record<string, PaymentMethodOffer>>> {
  const methods = context.deps.paymentMethods ?? [];
  if (methods.length === 0) return nothing;
  const payment: PaymentContext = {
    paymentAddress: session.paymentAddress,
    geoZones,
    cartShips: view.shippingRequired,
    hasSubscription: view.lines.some((line) => line.subscription !== null),
    total: view.total,
    settings: context.settings,
  };
  return collect(
    context.sharedOffers,
    current,
    messages,
    methods.map((method) => () => method.offer(payment)),
  );
}
