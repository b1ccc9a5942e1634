/**
 * Web-standard `Response`s: JSON bodies, never cached, with the error body always `{ "error": { field: text } }`
 * and its status from the one table in `status.ts`.
 * @module
 */
import { errorHeaders, type HttpError } from './http-error.js';
import type { CookieChange, RouteReply } from './route.js';
import { clearedSessionCookie, type SessionCookieOptions, sessionCookie } from './session-cookie.js';
import { type StatusCompat, statusForError } from './status.js';

/** A JSON response. */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

/** The `Set-Cookie` header for a cookie change, if any. */
function cookieHeader(
  change: CookieChange | undefined,
  cookie: SessionCookieOptions,
): Record<string, string> {
  if (change === undefined) return {};
  const value = change === 'clear' ? clearedSessionCookie(cookie) : sessionCookie(change.set, cookie);
  return { 'Set-Cookie': value };
}

/** A route's successful reply: 200 with its body, and its cookie change. */
export function replyResponse(reply: RouteReply, cookie: SessionCookieOptions): Response {
  return jsonResponse(200, reply.body, cookieHeader(reply.cookie, cookie));
}

/** The status of a handled error: the table's, or under `opencart` compat 200 unless OpenCart answers another. */
function errorStatusOf(error: HttpError, compat: StatusCompat): number {
  if (compat === 'opencart' && error.opencartStatus !== undefined) return error.opencartStatus;
  return statusForError(error.kind, compat);
}

/** A handled error: its status (200 in `opencart` compat), `{ "error": fields }`, its headers and cookie. */
export function errorResponse(
  error: HttpError,
  compat: StatusCompat,
  cookie: SessionCookieOptions,
): Response {
  return jsonResponse(
    errorStatusOf(error, compat),
    { error: { ...error.fields }, ...error.extra },
    { ...errorHeaders(error), ...cookieHeader(error.cookie, cookie) },
  );
}

/** The answer to an unexpected failure: 500 with a generic text, in every compat mode. */
export function internalErrorResponse(text: string): Response {
  return jsonResponse(500, { error: { warning: text } });
}
