/**
 * What is on offer for a session: shipping quotes from the registered shipping methods, payment methods from the
 * registered payment methods. Each method is a pure rule over the facts; a method that reads a remote source
 * (a carrier's rates) does so in its `gather`, asked here before its rule runs. Deciding what a change leaves
 * standing is the pure `recheckSelections`.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import type { PricedCartLine } from '../domain/cart/line.js';
import type { UnavailableError } from '../domain/errors.js';
import type { CheckoutSession, PaymentMethodOffer, ShippingQuoteGroup } from '../domain/machine/session.js';
import type { MessageCatalog } from '../domain/messages.js';
import { shippingWeight } from '../domain/methods/shipping-weight.js';
import { cartShips, cartSubTotal, shippableQuantity } from '../domain/pricing/cart.js';
import type { CheckoutView } from '../domain/pricing/checkout.js';
import type { Product } from '../domain/records/catalog.js';
import type { GeoZone } from '../domain/records/geo.js';
import type { PaymentContext } from '../ports/payment-method.js';
import type { ShippingContext } from '../ports/shipping-method.js';
import { type Answer, askPort, callSyncPort, type EngineContext } from './context.js';
import { type SharedOffers, shareOffers } from './shared-offers.js';

/** A registered method: its code, and optionally the remote read its rule prices from. */
interface Method<Context> {
  readonly code: string;
  gather?(context: Context): Promise<unknown>;
}

/**
 * One method's rule, run on the context and what its `gather` answered. Rules are synchronous: a rule answering
 * a promise (a host's method written for the older asynchronous interface) is a fault of that method, named so
 * its author knows to move the remote read into `gather`.
 */
function runRule<M extends Method<C>, C, T>(
  method: M,
  rule: (method: M, context: C, gathered: unknown) => T | null,
  context: C,
  gathered: unknown,
): T | null {
  const answer = rule(method, context, gathered);
  if (answer !== null && typeof (answer as { then?: unknown }).then === 'function') {
    throw new TypeError(
      `cartwright: the extension "${method.code}" answered a promise; its rule must answer synchronously, with any remote read in its gather()`,
    );
  }
  return answer;
}

/**
 * Runs each registered method's rule, keeping those that answer, keyed by code in sort order: the session's
 * `current` offers when they are the same, else the engine's shared ones (see `shared-offers.ts`). A method
 * that throws is `unavailable` `extension`, as a failed port is.
 */
function offersOf<M extends Method<C>, C, T extends { readonly code: string; readonly sortOrder: number }>(
  shared: SharedOffers,
  current: Readonly<Record<string, T>> | null,
  messages: MessageCatalog,
  methods: readonly M[],
  context: C,
  rule: (method: M, context: C, gathered: unknown) => T | null,
  gathered: readonly unknown[] = [],
): Result<Readonly<Record<string, T>>, UnavailableError> {
  const offered: T[] = [];
  for (const [i, method] of methods.entries()) {
    const answer = callSyncPort('extension', messages, () => runRule(method, rule, context, gathered[i]));
    if (answer.isErr()) return err(answer.error);
    if (answer.value !== null) offered.push(answer.value);
  }
  offered.sort((a, b) => a.sortOrder - b.sortOrder || a.code.localeCompare(b.code));
  const offers: Readonly<Record<string, T>> = Object.fromEntries(
    offered.map((answer) => [answer.code, answer]),
  );
  return ok(shareOffers(shared, offers, current));
}

/**
 * The offers of `methods`: the remote facts of those that gather any asked first, all at once (each a port
 * call), then every rule on them. Without such a method nothing is awaited.
 */
async function collect<
  M extends Method<C>,
  C,
  T extends { readonly code: string; readonly sortOrder: number },
>(
  shared: SharedOffers,
  current: Readonly<Record<string, T>> | null,
  messages: MessageCatalog,
  methods: readonly M[],
  context: C,
  rule: (method: M, context: C, gathered: unknown) => T | null,
): Answer<Readonly<Record<string, T>>> {
  if (!methods.some((method) => method.gather !== undefined)) {
    return offersOf(shared, current, messages, methods, context, rule);
  }
  const asked = await Promise.all(
    methods.map((method) => {
      const gather = method.gather?.bind(method);
      return gather === undefined
        ? ok<unknown, UnavailableError>(undefined)
        : askPort('extension', messages, () => gather(context));
    }),
  );
  const gathered: unknown[] = [];
  for (const answer of asked) {
    if (answer.isErr()) return err(answer.error);
    gathered.push(answer.value);
  }
  return offersOf(shared, current, messages, methods, context, rule, gathered);
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
  return collect(context.sharedOffers, current, messages, methods, shipping, (method, context, gathered) =>
    method.quote(context, gathered),
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
  return collect(context.sharedOffers, current, messages, methods, payment, (method, context, gathered) =>
    method.offer(context, gathered),
  );
}
