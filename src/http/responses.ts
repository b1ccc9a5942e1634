/**
 * Web-standard `Response`s: JSON bodies, never cached, with the error body always `{ "error": { field: text } }`
 * (DECISIONS 42) and its status from the one table in `status.ts`.
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

/** The `Set-Cookie` header for a cookie change. */
function cookieHeader(change: CookieChange, cookie: SessionCookieOptions): Record<string, string> {
  const value = change === 'clear' ? clearedSessionCookie(cookie) : sessionCookie(change.set, cookie);
  return { 'Set-Cookie': value };
}

/** A route's successful reply: 200 with its body, and its cookie change. */
export function replyResponse(reply: RouteReply, cookie: SessionCookieOptions): Response {
  return jsonResponse(200, reply.body, reply.cookie === undefined ? {} : cookieHeader(reply.cookie, cookie));
}

/** A handled error: its status (200 in `opencart` compat), `{ "error": fields }`, and its headers. */
export function errorResponse(error: HttpError, compat: StatusCompat): Response {
  return jsonResponse(
    statusForError(error.kind, compat),
    { error: { ...error.fields }, ...error.extra },
    errorHeaders(error),
  );
}

/** The answer to an unexpected failure: 500 with a generic text, in every compat mode. */
export function internalErrorResponse(text: string): Response {
  return jsonResponse(500, { error: { warning: text } });
}
