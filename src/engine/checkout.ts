/**
 * The engine's public interface: the session methods, and one method per operation derived from the operation
 * descriptors, each a `ResultAsync<Output, CheckoutError>`. `createCheckout` (create-checkout.ts) makes one.
 * @module
 */
import type { ResultAsync } from 'neverthrow';
import type { CheckoutError } from '../domain/errors.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import type { CheckoutSummary } from '../operations/answers.js';
import type { Operation, RequestOf, ResultOf } from '../operations/index.js';
import type { WebhookOutcome } from './payment-complete.js';
import type { RefundOptions } from './payment-refund.js';
import type { SweepReport } from './payment-sweep.js';
import type { ConfirmOptions } from './run-confirm.js';
import type { SessionTarget } from './session-access.js';

/** What opening a session needs. */
export interface OpenSessionInput {
  /** The API user the session belongs to (the HTTP layer authenticates it). */
  readonly apiUserId: number;
  /** One of the store's currencies; default the store currency. */
  readonly currency?: string | undefined;
  /** Default the store language. */
  readonly language?: string | undefined;
}

/** A new session. */
export interface OpenedSession {
  /** The session id (a secret: it is the client's credential for the session). */
  readonly sessionId: string;
  readonly expiresAt: string;
}

/** The names of the operations (`customer`, `cart`, …, `confirm`, `history_add`, the catalog look-ups). */
export type OperationName = Operation['name'];

/** The operation named `N`. */
export type OperationNamed<N extends OperationName> = Extract<Operation, { readonly name: N }>;

/** The method of one operation: its session (an id, or a session the host loaded), its request, its result. */
export type OperationMethod<O extends Operation> = O extends { readonly kind: 'confirm' }
  ? (
      session: SessionTarget,
      request?: RequestOf<O>,
      options?: ConfirmOptions,
    ) => ResultAsync<ResultOf<O>, CheckoutError>
  : O extends { readonly name: 'payment_refund' }
    ? (
        session: SessionTarget,
        request?: RequestOf<O>,
        options?: RefundOptions,
      ) => ResultAsync<ResultOf<O>, CheckoutError>
    : (session: SessionTarget, request?: RequestOf<O>) => ResultAsync<ResultOf<O>, CheckoutError>;

/**
 * One method per operation, named as its descriptor says (`setCustomer`, `addProducts`, …, `confirm`,
 * `addHistory`, `getOrder`, `listProducts`): see each operation's summary in `cartwright`'s `operations` list.
 */
export type OperationMethods = { readonly [O in Operation as O['method']]: OperationMethod<O> };

/** The session methods, and `run`, which runs any operation by name on untrusted input. */
export interface SessionMethods {
  /** Opens a new, empty session for an API user. */
  openSession(input: OpenSessionInput): ResultAsync<OpenedSession, CheckoutError>;
  /** Ends a session (logout); later calls with its id are `unauthorized`. */
  closeSession(session: SessionTarget): ResultAsync<void, CheckoutError>;
  /**
   * The stored session, as a plain object, without sliding its expiry (reading a session is not using it): for a
   * host that shows it, or that checks access (API user, IP) before the request counts as successful and then
   * hands the session to an operation so it is not loaded again. `unauthorized` when missing, `expired` when its
   * time ran out.
   */
  getSession(sessionId: string): ResultAsync<CheckoutSession, CheckoutError>;
  /**
   * The cart lines and totals of `getProducts` and `getTotals` at once, priced once, without sliding the
   * session's expiry: what a refused request (a failed confirm) shows next to its error, since a refused request
   * never keeps a session alive.
   */
  viewCart(session: SessionTarget): ResultAsync<CheckoutSummary, CheckoutError>;
  /**
   * Runs the operation `name` on a session with a request of any shape, as a form or JSON body arrives: the
   * operation's form reads it, and anything malformed is a `validation` error keyed by field. The typed methods
   * run the same code.
   */
  run<N extends OperationName>(
    name: N,
    session: SessionTarget,
    request: unknown,
    options?: ConfirmOptions,
  ): ResultAsync<ResultOf<OperationNamed<N>>, CheckoutError>;
}

/** The payment entries without a session: the provider's webhook and the sweep. */
export interface PaymentEntries {
  /**
   * Receives a payment provider's webhook for the payment method `code`: verified by the provider on the raw
   * request (`unauthorized`, nothing read or written, when it is not), then the payment it names moved to the
   * provider's truth as `completePayment` does. Answers the order it concerned (null: none of this shop's).
   */
  receivePaymentWebhook(code: string, request: Request): ResultAsync<WebhookOutcome, CheckoutError>;
  /**
   * Releases the stock holds whose time ran out and marks their open payments `expired` (`npm start` runs it
   * every 30 seconds). A due hold is also released when its stock is next read, so the sweep is for the rest.
   */
  sweep(): ResultAsync<SweepReport, CheckoutError>;
}

/** The checkout engine: the session methods, the payment entries and one method per operation. */
export type Checkout = SessionMethods & PaymentEntries & OperationMethods;
