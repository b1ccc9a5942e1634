/**
 * The closed error vocabulary of cartwright.
 *
 * Domain failures are values ({@link CheckoutError}); only programmer bugs throw, and they throw exactly one
 * class, {@link CartwrightInvariantError}.
 * @module
 */

/**
 * Error texts keyed by field, exactly as OpenCart's error keys (`firstname`, `product_0_option_226`,
 * `payment_zone`, `warning`, …). Insertion order is the order the checks ran in.
 */
export type FieldErrors = Readonly<Record<string, string>>;

/**
 * The ports a {@link CheckoutError} of kind `unavailable` can name: the `CheckoutDeps` member that failed
 * (`clock` and `ids` too, whose calls are synchronous but can throw), or the HTTP layer's `api_users`,
 * `login_throttle` and `replay_guard`, or `extension` for a shipping, payment or fraud extension.
 */
export type PortName =
  | 'sessions'
  | 'catalog'
  | 'customers'
  | 'geo'
  | 'taxes'
  | 'coupons'
  | 'orders'
  | 'clock'
  | 'ids'
  | 'notifier'
  | 'api_users'
  | 'login_throttle'
  | 'replay_guard'
  | 'extension';

/** Input that is malformed or breaks a rule of OpenCart: one text per offending field. */
export interface ValidationError {
  readonly kind: 'validation';
  readonly fields: FieldErrors;
}

/** An earlier step the operation needs has not been done (keys: `customer`, `product`, `shipping_address`, …). */
export interface PreconditionError {
  readonly kind: 'precondition';
  readonly fields: FieldErrors;
}

/** The thing addressed does not exist: an order, a cart line, a manufacturer. */
export interface NotFoundError {
  readonly kind: 'not_found';
  readonly fields: FieldErrors;
}

/** Another request changed the same session or order first; nothing of this request was written. */
export interface ConflictError {
  readonly kind: 'conflict';
  readonly fields: FieldErrors;
}

/** No session, an unknown session, or wrong credentials. */
export interface UnauthorizedError {
  readonly kind: 'unauthorized';
  readonly fields: FieldErrors;
}

/** The caller is known but not allowed: IP not on the API user's list, API user disabled. */
export interface ForbiddenError {
  readonly kind: 'forbidden';
  readonly fields: FieldErrors;
}

/** The session existed but its inactivity period ran out. */
export interface ExpiredError {
  readonly kind: 'expired';
  readonly fields: FieldErrors;
}

/** A port failed (threw or rejected). The session was not changed. */
export interface UnavailableError {
  readonly kind: 'unavailable';
  readonly port: PortName;
  readonly fields: FieldErrors;
  readonly cause: unknown;
}

/**
 * Every failure an engine operation can return, as a closed union on `kind`.
 * `fields` is always an object keyed by field; a failure without a field uses the key `warning`.
 */
export type CheckoutError =
  | ValidationError
  | PreconditionError
  | NotFoundError
  | ConflictError
  | UnauthorizedError
  | ForbiddenError
  | ExpiredError
  | UnavailableError;

/** The `kind` values of {@link CheckoutError}. */
export type CheckoutErrorKind = CheckoutError['kind'];

/** Builds a {@link CheckoutError} of any kind but `unavailable` (which also names a port and a cause). */
export function checkoutError<K extends Exclude<CheckoutErrorKind, 'unavailable'>>(
  kind: K,
  fields: FieldErrors,
): Extract<CheckoutError, { kind: K }> {
  return { kind, fields } as Extract<CheckoutError, { kind: K }>;
}

/** Builds the `unavailable` error for a failed port call. */
export function unavailable(
  port: PortName,
  cause: unknown,
  text = 'Service temporarily unavailable!',
): UnavailableError {
  return { kind: 'unavailable', port, cause, fields: { warning: text } };
}

export { CartwrightInvariantError, invariant } from '../money/invariant.js';
