/**
 * The typed client's types, all derived: an operation's request is what its descriptor's form reads, as a typed
 * client sends it (every required field, each value of its field's type: an id a number or a numeric string, a
 * flag a boolean or a form's word), its answer the wire shape of its answer kind (`z.output` of the schema the
 * presenters are typed by), its error the error body the OpenAPI document gives it. Nothing here repeats an
 * operation's shape.
 * @module
 */
import type { ResultAsync } from 'neverthrow';
import type { LoginJson, LoginRequest, LogoutJson } from '../http/wire/account.js';
import type { WireAnswers } from '../http/wire/answers.js';
import type { ConfirmFailureJson, ErrorJson } from '../http/wire/errors.js';
import type { FormSentInput } from '../operations/form.js';
import type { Operation } from '../operations/index.js';
import type { clientRoutes } from './routes.js';

/** The name of every operation the client calls (those with an HTTP route). */
export type ClientOperationName = keyof typeof clientRoutes;

/** The operation descriptor named `N`. */
export type OperationNamed<N extends ClientOperationName> = Extract<Operation, { readonly name: N }>;

/** What a client sends to operation `N`: its form's required fields, and any of the others. */
export type ClientRequest<N extends ClientOperationName> = FormSentInput<OperationNamed<N>['input']>;

/**
 * The arguments of operation `N`'s call: its request, which may be left out only when the operation has no
 * required field, then its options.
 */
export type CallArguments<N extends ClientOperationName> =
  Record<string, never> extends ClientRequest<N>
    ? [request?: ClientRequest<N>, options?: CallOptionsOf<N>]
    : [request: ClientRequest<N>, options?: CallOptionsOf<N>];

/** What operation `N` answers on success. */
export type ClientAnswer<N extends ClientOperationName> = WireAnswers[OperationNamed<N>['answer']];

/** The error body of operation `N`: confirm's refusals carry the cart it could not buy. */
export type ClientErrorBody<N extends ClientOperationName> = N extends 'confirm'
  ? ConfirmFailureJson | ErrorJson
  : ErrorJson;

/** The server answered with an error: its status (200 under `compat: 'opencart'`), texts by key, and body. */
export interface AnswerError<Body = ErrorJson> {
  readonly kind: 'answer';
  readonly status: number;
  /** The texts by key: a request field, or `warning`. */
  readonly error: Readonly<Record<string, string>>;
  readonly body: Body;
  /** `Retry-After` in seconds, when the answer had one (a throttled login). */
  readonly retryAfter?: number;
}

/** The request did not get an answer (no connection, an abort). */
export interface NetworkError {
  readonly kind: 'network';
  readonly cause: unknown;
}

/** An answer that is not JSON at all (a proxy's error page, a cut body). */
export interface UnreadableAnswer {
  readonly kind: 'unreadable';
  readonly status: number;
  readonly cause: unknown;
}

/**
 * The answer is JSON, but not what the operation answers: the client is pointed at something else (another JSON
 * API, a wrong route, a host's own error such as `{"error": "host 404"}`) or at a server of another version.
 */
export interface UnexpectedAnswer {
  readonly kind: 'unexpected';
  readonly status: number;
  /** The body as it came. */
  readonly body: unknown;
  /** How it differs from the operation's answer, each as `path: message` (the first few). */
  readonly problems: readonly string[];
}

/** Why a call failed, as a value. */
export type ClientError<Body = ErrorJson> =
  | AnswerError<Body>
  | NetworkError
  | UnreadableAnswer
  | UnexpectedAnswer;

/** What every call may add. */
export interface CallOptions {
  /** Headers for this call only. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Aborts the call (it then fails as a `network` error). */
  readonly signal?: AbortSignal;
}

/** What confirm may add: the key that makes a retried confirm answer the same order. */
export interface ConfirmOptions extends CallOptions {
  /** Sent as `Idempotency-Key`: the same key, session and payload answer the same order, never a second one. */
  readonly idempotencyKey?: string;
}

/** What a refund may add: the key that makes a retried refund answer the same refund. */
export interface RefundCallOptions extends CallOptions {
  /** Sent as `Idempotency-Key`: the same key and amount answer the same refund, never a second one. */
  readonly idempotencyKey?: string;
}

/** The options of operation `N`'s call. */
export type CallOptionsOf<N extends ClientOperationName> = N extends 'confirm'
  ? ConfirmOptions
  : N extends 'payment_refund'
    ? RefundCallOptions
    : CallOptions;

/** The call of operation `N`. */
export type OperationCall<N extends ClientOperationName> = (
  ...call: CallArguments<N>
) => ResultAsync<ClientAnswer<N>, ClientError<ClientErrorBody<N>>>;

/** One method per operation, named as the engine's (`setCustomer`, `addProducts`, `confirm`, …). */
export type ClientOperations = {
  readonly [N in ClientOperationName as OperationNamed<N>['method']]: OperationCall<N>;
};

/** The typed client: a method per operation, the account routes, and the session it keeps. */
export interface CheckoutClient extends ClientOperations {
  /** Opens a session and keeps its id for every later call. */
  login(credentials: LoginRequest, options?: CallOptions): ResultAsync<LoginJson, ClientError>;
  /** Ends the session and forgets its id. */
  logout(options?: CallOptions): ResultAsync<LogoutJson, ClientError>;
  /** Calls operation `name` (the same as its method). */
  call<N extends ClientOperationName>(
    name: N,
    ...call: CallArguments<N>
  ): ResultAsync<ClientAnswer<N>, ClientError<ClientErrorBody<N>>>;
  /** The session id the client sends, if any. */
  readonly sessionId: string | undefined;
  /**
   * The totals digest of the last answer that carried one (`getTotals`' `Totals-Digest` header, or the
   * `totals_digest` of a step's or confirm's answer): send it as confirm's `totals_digest` so the order is refused
   * with 409 `totals` if its prices moved since the customer saw them.
   */
  readonly totalsDigest: string | undefined;
}
