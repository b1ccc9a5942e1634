/**
 * The state of the local Stripe-compatible server: PaymentIntents with manual capture, their charges and
 * refunds, the test PaymentMethods' behaviours, and the events each change sends. It answers as Stripe's API
 * does for the calls the adapter makes (objects and error bodies), nothing more.
 */
import type { FormValue } from './form.js';

/** An answer of the API: HTTP status and JSON body. */
export interface ApiAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** A charge as the API shows it. */
interface Charge {
  readonly id: string;
  readonly object: 'charge';
  readonly payment_intent: string;
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  refunded: boolean;
  currency: string;
}

/** A PaymentIntent as the API shows it (the fields the adapter reads, and a few more). */
export interface Intent {
  readonly id: string;
  readonly object: 'payment_intent';
  readonly amount: number;
  readonly currency: string;
  readonly capture_method: string;
  readonly created: number;
  readonly livemode: false;
  readonly description: string | null;
  readonly metadata: Record<string, string>;
  status: string;
  amount_capturable: number;
  amount_received: number;
  payment_method: string | null;
  return_url: string | null;
  next_action: {
    type: 'redirect_to_url';
    redirect_to_url: { url: string; return_url: string | null };
  } | null;
  last_payment_error: { type: string; code: string; decline_code: string; message: string } | null;
  cancellation_reason: string | null;
  latest_charge: string | null;
}

/** A Stripe event as sent to webhook endpoints. */
export interface StripeEvent {
  readonly id: string;
  readonly object: 'event';
  readonly type: string;
  readonly created: number;
  readonly livemode: false;
  readonly api_version: string;
  readonly data: { readonly object: unknown };
}

/** The test PaymentMethods Stripe documents, by what they do. */
const METHODS: Readonly<Record<string, 'succeeds' | 'authenticates' | 'declines'>> = {
  pm_card_visa: 'succeeds',
  pm_card_mastercard: 'succeeds',
  pm_card_threeDSecure2Required: 'authenticates',
  pm_card_authenticationRequired: 'authenticates',
  pm_card_chargeDeclined: 'declines',
};

const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** An API error answer. */
export function apiError(status: number, error: Record<string, unknown>): ApiAnswer {
  return { status, body: { error } };
}

const invalid = (message: string, extra: Record<string, unknown> = {}) =>
  apiError(400, { type: 'invalid_request_error', message, ...extra });

const missing = (id: string, param = 'intent') =>
  apiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such payment_intent: '${id}'`,
  });

/** A whole number from a form value, or undefined. */
function integer(value: FormValue | undefined): number | undefined {
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/** Why Stripe refuses `amount` in `currency`, or undefined. */
function amountProblem(amount: number, currency: string): string | undefined {
  if (THREE_DECIMAL.has(currency) && amount % 10 !== 0) return 'three-decimal amounts must end in 0';
  if (currency === 'isk' && amount % 100 !== 0) return 'ISK amounts must be a multiple of 100';
  if (amount < 1) return 'Amount must be at least 1';
  return ZERO_DECIMAL.has(currency) || /^[a-z]{3}$/.test(currency) ? undefined : 'Invalid currency';
}

/** The API's payments, charges and events. */
export class StripeState {
  readonly intents = new Map<string, Intent>();
  readonly charges = new Map<string, Charge>();
  readonly events: StripeEvent[] = [];
  #ids = 0;

  constructor(
    private readonly baseUrl: () => string,
    private readonly now: () => number,
  ) {}

  #id(prefix: string): string {
    this.#ids += 1;
    return `${prefix}_local${String(this.#ids).padStart(8, '0')}`;
  }

  #emit(type: string, object: unknown): void {
    const event: StripeEvent = {
      id: this.#id('evt'),
      object: 'event',
      type,
      created: this.now(),
      livemode: false,
      api_version: 'local',
      data: { object: structuredClone(object) },
    };
    this.events.push(event);
  }

  /** The PaymentIntent as the API shows it, its charge expanded when asked. */
  view(intent: Intent, expand: readonly string[] = []): unknown {
    const charge = intent.latest_charge === null ? null : this.charges.get(intent.latest_charge);
    return {
      ...structuredClone(intent),
      latest_charge: expand.includes('latest_charge') ? (charge ?? null) : intent.latest_charge,
    };
  }

  /** POST /v1/payment_intents */
  create(params: Record<string, FormValue>): ApiAnswer {
    const amount = integer(params.amount);
    const currency = typeof params.currency === 'string' ? params.currency : '';
    if (amount === undefined) return invalid('Missing required param: amount.', { param: 'amount' });
    const problem = amountProblem(amount, currency);
    if (problem !== undefined) return invalid(problem, { param: 'amount' });
    const metadata =
      typeof params.metadata === 'object' && !Array.isArray(params.metadata) ? params.metadata : {};
    const intent: Intent = {
      id: this.#id('pi'),
      object: 'payment_intent',
      amount,
      currency,
      capture_method: typeof params.capture_method === 'string' ? params.capture_method : 'automatic',
      created: this.now(),
      livemode: false,
      description: typeof params.description === 'string' ? params.description : null,
      metadata: Object.fromEntries(
        Object.entries(metadata).filter((e): e is [string, string] => typeof e[1] === 'string'),
      ),
      status: 'requires_payment_method',
      amount_capturable: 0,
      amount_received: 0,
      payment_method: null,
      return_url: null,
      next_action: null,
      last_payment_error: null,
      cancellation_reason: null,
      latest_charge: null,
    };
    this.intents.set(intent.id, intent);
    this.#emit('payment_intent.created', intent);
    return params.confirm === 'true'
      ? this.confirm(intent.id, params)
      : { status: 200, body: this.view(intent) };
  }

  /** POST /v1/payment_intents/:id/confirm (and create with `confirm=true`). */
  confirm(id: string, params: Record<string, FormValue>): ApiAnswer {
    const intent = this.intents.get(id);
    if (intent === undefined) return missing(id);
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      return invalid(`This PaymentIntent's status is ${intent.status}.`, {
        code: 'payment_intent_unexpected_state',
      });
    }
    const method = typeof params.payment_method === 'string' ? params.payment_method : '';
    const behaviour = METHODS[method];
    if (behaviour === undefined)
      return invalid(`No such PaymentMethod: '${method}'`, {
        code: 'resource_missing',
        param: 'payment_method',
      });
    intent.payment_method = method;
    intent.return_url = typeof params.return_url === 'string' ? params.return_url : null;
    if (behaviour === 'declines')
      return this.#decline(intent, 'card_declined', 'generic_decline', 'Your card was declined.');
    if (behaviour === 'authenticates') {
      intent.status = 'requires_action';
      const url = `${this.baseUrl()}/local/3ds/${intent.id}`;
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url, return_url: intent.return_url },
      };
      this.#emit('payment_intent.requires_action', intent);
      return { status: 200, body: this.view(intent) };
    }
    return { status: 200, body: this.view(this.#authorize(intent)) };
  }

  #authorize(intent: Intent): Intent {
    const charge: Charge = {
      id: this.#id('ch'),
      object: 'charge',
      payment_intent: intent.id,
      amount: intent.amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      refunded: false,
      currency: intent.currency,
    };
    this.charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    intent.next_action = null;
    intent.last_payment_error = null;
    intent.status = intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
    intent.amount_capturable = intent.capture_method === 'manual' ? intent.amount : 0;
    this.#emit('payment_intent.amount_capturable_updated', intent);
    return intent;
  }

  #decline(intent: Intent, code: string, declineCode: string, message: string): ApiAnswer {
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    intent.last_payment_error = { type: 'card_error', code, decline_code: declineCode, message };
    this.#emit('payment_intent.payment_failed', intent);
    return apiError(402, {
      type: 'card_error',
      code,
      decline_code: declineCode,
      message,
      payment_intent: this.view(intent),
    });
  }

  /** The customer answering the 3-D Secure page (not a Stripe API call: what the bank's page does). */
  authenticate(id: string, pass: boolean): ApiAnswer {
    const intent = this.intents.get(id);
    if (intent === undefined) return missing(id);
    if (intent.status !== 'requires_action')
      return invalid(`This PaymentIntent's status is ${intent.status}.`);
    if (!pass) {
      this.#decline(
        intent,
        'payment_intent_authentication_failure',
        'authentication_failed',
        'Authentication failed.',
      );
      return { status: 200, body: this.view(intent) };
    }
    return { status: 200, body: this.view(this.#authorize(intent)) };
  }

  /** POST /v1/payment_intents/:id/capture */
  capture(id: string, params: Record<string, FormValue>): ApiAnswer {
    const intent = this.intents.get(id);
    if (intent === undefined) return missing(id);
    if (intent.status !== 'requires_capture') {
      return invalid(
        `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
        {
          code: 'payment_intent_unexpected_state',
        },
      );
    }
    const amount =
      params.amount_to_capture === undefined ? intent.amount_capturable : integer(params.amount_to_capture);
    if (amount === undefined || amount < 1 || amount > intent.amount_capturable) {
      return invalid('The amount_to_capture must be less than or equal to amount_capturable.', {
        param: 'amount_to_capture',
      });
    }
    const charge = this.charges.get(intent.latest_charge ?? '');
    if (charge !== undefined) Object.assign(charge, { amount_captured: amount, captured: true });
    Object.assign(intent, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
    this.#emit('payment_intent.succeeded', intent);
    return { status: 200, body: this.view(intent, expandOf(params)) };
  }

  /** POST /v1/payment_intents/:id/cancel */
  cancel(id: string, params: Record<string, FormValue>): ApiAnswer {
    const intent = this.intents.get(id);
    if (intent === undefined) return missing(id);
    if (!intent.status.startsWith('requires_')) {
      return invalid(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, {
        code: 'payment_intent_unexpected_state',
      });
    }
    const reason = typeof params.cancellation_reason === 'string' ? params.cancellation_reason : null;
    Object.assign(intent, {
      status: 'canceled',
      amount_capturable: 0,
      next_action: null,
      cancellation_reason: reason,
    });
    this.#emit('payment_intent.canceled', intent);
    return { status: 200, body: this.view(intent, expandOf(params)) };
  }

  /** Stripe cancelling an authorization whose capture window passed (not an API call). */
  lapse(id: string): void {
    const intent = this.intents.get(id);
    if (intent === undefined || intent.status !== 'requires_capture') throw new Error(`cannot lapse ${id}`);
    Object.assign(intent, { status: 'canceled', amount_capturable: 0, cancellation_reason: 'automatic' });
    this.#emit('payment_intent.canceled', intent);
  }

  /** GET /v1/payment_intents/:id */
  retrieve(id: string, params: Record<string, FormValue>): ApiAnswer {
    const intent = this.intents.get(id);
    return intent === undefined ? missing(id) : { status: 200, body: this.view(intent, expandOf(params)) };
  }

  /** POST /v1/refunds */
  refund(params: Record<string, FormValue>): ApiAnswer {
    const id = typeof params.payment_intent === 'string' ? params.payment_intent : '';
    const intent = this.intents.get(id);
    if (intent === undefined) return missing(id, 'payment_intent');
    const charge = this.charges.get(intent.latest_charge ?? '');
    if (intent.status !== 'succeeded' || charge === undefined) {
      return invalid(`This PaymentIntent does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
      });
    }
    const left = charge.amount_captured - charge.amount_refunded;
    if (left === 0)
      return invalid(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = params.amount === undefined ? left : integer(params.amount);
    if (amount === undefined || amount < 1 || amount > left) {
      return invalid(`Refund amount is greater than unrefunded amount on charge (${left}).`, {
        param: 'amount',
      });
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    const refund = {
      id: this.#id('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: id,
      status: 'succeeded',
      currency: intent.currency,
    };
    this.#emit('charge.refunded', charge);
    return { status: 200, body: refund };
  }
}

/** The `expand` list of the parameters. */
function expandOf(params: Record<string, FormValue>): string[] {
  const expand = params.expand;
  return Array.isArray(expand) ? expand.filter((e): e is string => typeof e === 'string') : [];
}
