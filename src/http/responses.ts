/**
 * The handler's replies: JSON bodies, never cached, with the error body always `{ "error": { field: text } }`
 * and its status from the one table in `status.ts`.
 * @module
 */
import { type HttpReply, jsonReply, noHeaders, responseOf } from './exchange.js';
import { errorHeaders, type HttpError } from './http-error.js';
import type { CookieChange, RouteReply } from './route.js';
import { clearedSessionCookie, type SessionCookieOptions, sessionCookie } from './session-cookie.js';
import { type StatusCompat, statusForError } from './status.js';

/** A JSON `Response`. */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = noHeaders,
): Response {
  return responseOf(jsonReply(status, body, headers));
}

/** No cookie change. */
const noCookies: readonly string[] = Object.freeze([]);

/** The `Set-Cookie` header for a cookie change, if any. */
function cookiesOf(change: CookieChange | undefined, cookie: SessionCookieOptions): readonly string[] {
  if (change === undefined) return noCookies;
  return [change === 'clear' ? clearedSessionCookie(cookie) : sessionCookie(change.set, cookie)];
}

/** A route's successful reply: 200 with its body, its headers, and its cookie change. */
export function routeReply(reply: RouteReply, cookie: SessionCookieOptions): HttpReply {
  return jsonReply(200, reply.body, reply.headers ?? noHeaders, cookiesOf(reply.cookie, cookie));
}

/** The status of a handled error: the table's, or under `opencart` compat 200 unless OpenCart answers another. */
function errorStatusOf(error: HttpError, compat: StatusCompat): number {
  if (compat === 'opencart' && error.opencartStatus !== undefined) return error.opencartStatus;
  return statusForError(error.kind, compat);
}

/** A handled error: its status (200 in `opencart` compat), `{ "error": fields }`, its headers and cookie. */
export function errorReply(error: HttpError, compat: StatusCompat, cookie: SessionCookieOptions): HttpReply {
  return jsonReply(
    errorStatusOf(error, compat),
    { error: { ...error.fields }, ...error.extra },
    errorHeaders(error),
    cookiesOf(error.cookie, cookie),
  );
}

/** The reply to an unexpected failure: 500 with a generic text, in every compat mode. */
export function internalErrorReply(text: string): HttpReply {
  return jsonReply(500, { error: { warning: text } });
}
