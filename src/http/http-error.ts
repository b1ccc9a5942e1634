/**
 * The errors a request can end in: the engine's {@link CheckoutError}s and the HTTP layer's own, in one shape
 * that the response writer turns into a status (see `status.ts`) and a `{ "error": { field: text } }` body.
 * @module
 */
import type { CheckoutError, FieldErrors } from '../domain/errors.js';
import { noHeaders } from './exchange.js';
import { type FormError, formErrorToCheckoutError } from './form.js';
import type { CookieChange } from './route.js';
import type { HttpOnlyErrorKind } from './status.js';

/** An error of the HTTP layer itself, with the response headers it needs (`Allow`, `Retry-After`). */
export interface HttpOnlyError {
  readonly kind: HttpOnlyErrorKind;
  readonly fields: FieldErrors;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Any handled error of a request. `extra` adds fields next to `error` in the body: OpenCart's failed confirm
 * answers `error` with `products`, `totals` and `shipping_required`. `opencartStatus` is the status under
 * `compat: 'opencart'` when OpenCart answers the failure with one other than 200 (a refused signed request:
 * 403). `cookie` sets the session cookie on the error's answer too (a signed request that opened a session).
 */
export type HttpError = (CheckoutError | HttpOnlyError) & {
  readonly extra?: Readonly<Record<string, unknown>>;
  readonly opencartStatus?: number;
  readonly cookie?: CookieChange;
};

/** Builds an {@link HttpOnlyError}. */
export function httpError(
  kind: HttpOnlyErrorKind,
  fields: FieldErrors,
  headers?: Readonly<Record<string, string>>,
): HttpOnlyError {
  return headers === undefined ? { kind, fields } : { kind, fields, headers };
}

/** A refused body or query string: 413 when it is too large, 400 for every other reason. */
export function formError(error: FormError): HttpOnlyError {
  const { fields } = formErrorToCheckoutError(error);
  return httpError(error.reason === 'too_large' ? 'too_large' : 'malformed', fields);
}

/** The response headers an error asks for (none for engine errors). */
export function errorHeaders(error: HttpError): Readonly<Record<string, string>> {
  return 'headers' in error && error.headers !== undefined ? error.headers : noHeaders;
}
