/**
 * What is on offer for a session, worked out inside `decide`: the shipping quotes of the registered shipping
 * methods and the payment methods of the registered payment methods. Each method is a pure, synchronous rule
 * over the facts, as a total calculator is. A method whose rule reads a remote source (a carrier's rates) has
 * that read made by the engine before deciding: when what it answered for this very context is not among the
 * facts yet, the offer is not made and the context is named as wanted, so the engine asks for it and decides
 * again.
 * @module
 */
import type { Money } from '../../money/index.js';
import { type UnavailableError, unavailable } from '../errors.js';
import type {
  CheckoutSession,
  PaymentMethodOffer,
  SessionAddress,
  ShippingQuoteGroup,
} from '../machine/session.js';
import { type MessageCatalog, messageText } from '../messages.js';
import type { ShippingCart } from '../pricing/cart.js';
import type { CheckoutView } from '../pricing/checkout.js';
import type { GeoZone } from '../records/geo.js';
import type { StoreSettings } from '../settings/settings.js';

/** What a shipping method may base its quote on. Amounts are in the default currency, net of tax. */
export interface ShippingContext {
  readonly address: SessionAddress;
  /** Every geo zone, for matching the address against a method's zone. */
  readonly geoZones: readonly GeoZone[];
  readonly subTotal: Money;
  /** Units of the lines that ship. */
  readonly shippableQuantity: number;
  /** Weight of the lines that ship, in the store's weight class; decimal string. */
  readonly weight: string;
  readonly settings: StoreSettings;
}

/** What a payment method may base its offer on. */
export interface PaymentContext {
  readonly paymentAddress: SessionAddress | null;
  readonly geoZones: readonly GeoZone[];
  readonly cartShips: boolean;
  readonly hasSubscription: boolean;
  /** The order total in the default currency, after every total line. */
  readonly total: Money;
  readonly settings: StoreSettings;
}

/** A shipping method as `decide` runs it: its code, whether it reads a remote source first, and its rule. */
export interface ShippingRule {
  readonly code: string;
  readonly gather?: unknown;
  quote(context: ShippingContext, gathered?: never): ShippingQuoteGroup | null;
}

/** A payment method as `decide` runs it: its code, whether it reads a remote source first, and its rule. */
export interface PaymentRule {
  readonly code: string;
  readonly gather?: unknown;
  offer(context: PaymentContext, gathered?: never): PaymentMethodOffer | null;
}

/** What one remote read of a method answered, for the context it was asked with. */
export interface GatheredAnswer {
  readonly code: string;
  /** The context's key ({@link contextKey}): an answer serves only the context it was read for. */
  readonly key: string;
  readonly answer: unknown;
}

/** The methods on offer and what the remote ones answered. */
export interface MethodFacts {
  readonly shipping: readonly ShippingRule[];
  readonly payment: readonly PaymentRule[];
  /** Answers of the methods' remote reads gathered so far, for the contexts `decide` named as wanted. */
  readonly gathered: readonly GatheredAnswer[];
}

/** A remote read `decide` needs before it can make an offer: the method and the context to ask it with. */
export type WantedRead =
  | {
      readonly kind: 'shipping';
      readonly code: string;
      readonly key: string;
      readonly context: ShippingContext;
    }
  | {
      readonly kind: 'payment';
      readonly code: string;
      readonly key: string;
      readonly context: PaymentContext;
    };

/** Offers worked out, or the remote reads they still need (then no offer is made). */
export type OffersOutcome<T> =
  | { readonly offers: Readonly<Record<string, T>>; readonly wanted?: undefined }
  | { readonly offers?: undefined; readonly wanted: readonly WantedRead[] };

/**
 * The key of a context: everything in it but the geo zones and settings, which are the same for every context of
 * one command. Two contexts with one key ask a remote source the same question.
 */
export function contextKey(context: ShippingContext | PaymentContext): string {
  const { geoZones: _zones, settings: _settings, ...rest } = context;
  return JSON.stringify(rest);
}

/** A failed method: `unavailable` `extension`, as a failed port is. */
function methodFailure(messages: MessageCatalog, cause: unknown): UnavailableError {
  return unavailable('extension', cause, messageText(messages, 'service.unavailable'));
}

/**
 * Runs each method's rule on the context, keeping those that answer, keyed by code in sort order. A rule that
 * throws, or answers a promise (a method written for the older asynchronous interface: its remote read belongs
 * in its `gather`), is `unavailable` `extension`.
 */
function offersOf<
  M extends { readonly code: string; readonly gather?: unknown },
  C,
  T extends { readonly code: string; readonly sortOrder: number },
>(
  methods: readonly M[],
  kind: WantedRead['kind'],
  context: C & (ShippingContext | PaymentContext),
  facts: MethodFacts,
  messages: MessageCatalog,
  rule: (method: M, context: C, gathered: unknown) => T | null,
): { outcome: OffersOutcome<T> } | { error: UnavailableError } {
  const wanted: WantedRead[] = [];
  const offered: T[] = [];
  let key: string | undefined;
  for (const method of methods) {
    let gathered: unknown;
    if (method.gather !== undefined) {
      key ??= contextKey(context);
      const found = facts.gathered.find((entry) => entry.code === method.code && entry.key === key);
      if (found === undefined) {
        wanted.push({ kind, code: method.code, key, context } as WantedRead);
        continue;
      }
      gathered = found.answer;
    }
    let answer: T | null;
    try {
      answer = rule(method, context, gathered);
    } catch (cause) {
      return { error: methodFailure(messages, cause) };
    }
    if (answer !== null && typeof (answer as { then?: unknown }).then === 'function') {
      const cause = new TypeError(
        `cartwright: the extension "${method.code}" answered a promise; its rule must answer synchronously, with any remote read in its gather()`,
      );
      return { error: methodFailure(messages, cause) };
    }
    if (answer !== null) offered.push(answer);
  }
  if (wanted.length > 0) return { outcome: { wanted } };
  offered.sort((a, b) => a.sortOrder - b.sortOrder || a.code.localeCompare(b.code));
  const offers: Readonly<Record<string, T>> = Object.fromEntries(
    offered.map((answer) => [answer.code, answer]),
  );
  return { outcome: { offers } };
}

/** Nothing on offer. */
const nothing = { outcome: { offers: {} } } as const;

/**
 * The shipping quote groups for the session; none when the cart does not ship, no address is set or no method
 * is registered.
 */
export function shippingOffersFor(
  session: CheckoutSession,
  cart: ShippingCart,
  geoZones: readonly GeoZone[],
  facts: MethodFacts,
  messages: MessageCatalog,
  settings: StoreSettings,
): { outcome: OffersOutcome<ShippingQuoteGroup> } | { error: UnavailableError } {
  const address = session.shippingAddress;
  if (address === null || !cart.ships || facts.shipping.length === 0) return nothing;
  const context: ShippingContext = {
    address,
    geoZones,
    subTotal: cart.subTotal,
    shippableQuantity: cart.shippableQuantity,
    weight: cart.weight,
    settings,
  };
  return offersOf(facts.shipping, 'shipping', context, facts, messages, (method, context, gathered) =>
    method.quote(context, gathered as never),
  );
}

/** The payment methods on offer for the session, given its view (the total, with taxes). */
export function paymentOffersFor(
  session: CheckoutSession,
  view: CheckoutView,
  geoZones: readonly GeoZone[],
  facts: MethodFacts,
  messages: MessageCatalog,
  settings: StoreSettings,
): { outcome: OffersOutcome<PaymentMethodOffer> } | { error: UnavailableError } {
  if (facts.payment.length === 0) return nothing;
  const context: PaymentContext = {
    paymentAddress: session.paymentAddress,
    geoZones,
    cartShips: view.shippingRequired,
    hasSubscription: view.lines.some((line) => line.subscription !== null),
    total: view.total,
    settings,
  };
  return offersOf(facts.payment, 'payment', context, facts, messages, (method, context, gathered) =>
    method.offer(context, gathered as never),
  );
}
