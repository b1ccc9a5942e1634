/**
 * The one table that turns a {@link CheckoutError} kind into an HTTP status.
 * @module
 */
import type { CheckoutErrorKind } from '../domain/errors.js';

/** How errors become statuses: `standard` uses the table below; `opencart` answers 200, as OpenCart does. */
export type StatusCompat = 'standard' | 'opencart';

/**
 * HTTP status of each error kind (ARCHITECTURE.md): 422 for input and step errors, 401 for no, unknown or
 * expired sessions and wrong credentials, 403 for refused callers, 404, 409, 503.
 */
export const errorStatus: Readonly<Record<CheckoutErrorKind, number>> = {
  validation: 422,
  precondition: 422,
  unauthorized: 401,
  expired: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
};

/** The status to answer a handled error of `kind` with. */
export function statusForError(kind: CheckoutErrorKind, compat: StatusCompat = 'standard'): number {
  return compat === 'opencart' ? 200 : errorStatus[kind];
}
