/**
 * The one table that turns an error kind (a {@link CheckoutError} kind, or one of the HTTP layer's own) into an
 * HTTP status.
 * @module
 */
import type { CheckoutErrorKind } from '../domain/errors.js';

/** How errors become statuses: `standard` uses the table below; `opencart` answers 200, as OpenCart does. */
export type StatusCompat = 'standard' | 'opencart';

/**
 * The failures only the HTTP layer knows: a body or query string it cannot read (`malformed`), one over the size
 * limit (`too_large`), request headers over theirs (`headers_too_large`), a media type it does not parse
 * (`unsupported_media_type`), a route called with the wrong method (`method_not_allowed`), a login refused
 * because of too many failed ones (`throttled`), and a request whose client address the host did not pass, so
 * that no API user's IP list can be checked (`client_address_unknown`: the host's wiring is at fault, not the
 * client, hence a 500).
 */
export type HttpOnlyErrorKind =
  | 'malformed'
  | 'too_large'
  | 'headers_too_large'
  | 'unsupported_media_type'
  | 'method_not_allowed'
  | 'throttled'
  | 'client_address_unknown';

/** Every kind of handled error the HTTP layer answers: the engine's and its own. */
export type HttpErrorKind = CheckoutErrorKind | HttpOnlyErrorKind;

/**
 * HTTP status of each error kind: 422 for input and step errors, 401 for no, unknown or
 * expired sessions and wrong credentials, 403 for refused callers, 404 for an unknown thing or route, 405, 409,
 * 400 for a malformed body, 413 for a body or query string over the limit, 431 for headers over theirs, 415,
 * 429 for a throttled login, 503 for a failed port, 500 when the host passed no client address.
 */
export const errorStatus: Readonly<Record<HttpErrorKind, number>> = {
  validation: 422,
  precondition: 422,
  unauthorized: 401,
  expired: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
  malformed: 400,
  too_large: 413,
  headers_too_large: 431,
  unsupported_media_type: 415,
  method_not_allowed: 405,
  throttled: 429,
  client_address_unknown: 500,
};

/**
 * The status to answer a handled error of `kind` with. An unexpected exception is not a handled error: it is a
 * 500 in both modes.
 */
export function statusForError(kind: HttpErrorKind, compat: StatusCompat = 'standard'): number {
  return compat === 'opencart' ? 200 : errorStatus[kind];
}
