/**
 * The document's answers: the success answer of each operation, and the error answers by status, each with
 * the headers it carries (`Allow` on a 405, `Retry-After` on a 429, `Set-Cookie` where a session is opened or
 * closed, `Totals-Digest` on `getTotals`' answer).
 * @module
 */
import type { JsonSchema } from '../../operations/json-schema.js';
import { componentRef } from './components.js';
import type { JsonObject } from './json.js';

/** When each error status is answered. */
const errorTexts: Readonly<Record<number, string>> = {
  400: 'The body or query string cannot be read: malformed, too many fields, nested too deep, a forbidden key.',
  401: 'No session, an unknown or expired one, a refused signature, or (login) wrong credentials.',
  403: 'The API user is disabled, or the client address is not on its list.',
  404: 'Nothing by that id: a cart line, an order, a manufacturer.',
  405: 'The route does not take this method; `Allow` says which it takes.',
  409: 'Another request changed the session first (nothing was written: retry), or an `Idempotency-Key` reused for another order.',
  413: 'The body or query string is over the size limit.',
  415: 'The body is neither form-encoded nor JSON.',
  422: 'A field breaks a rule, or an earlier step is missing; the error says which, under its key.',
  429: 'Too many failed logins; `Retry-After` says for how many seconds.',
  500: 'An unexpected failure (logged; the session is left as it was).',
  503: 'A store did not answer in time (logged, never shown).',
};

/** The error statuses of an operation that runs in a session. */
export const sessionErrorStatuses = [400, 401, 403, 404, 405, 409, 413, 415, 422, 500, 503] as const;

/** The error statuses of the login. */
export const loginErrorStatuses = [400, 401, 403, 405, 413, 415, 429, 500, 503] as const;

/** The error statuses of the logout. */
export const logoutErrorStatuses = [400, 401, 403, 405, 413, 415, 500, 503] as const;

/** The error statuses of the document's own route. */
export const documentErrorStatuses = [400, 405, 413, 500] as const;

/** The error statuses of the payment webhook. */
export const paymentWebhookErrorStatuses = [400, 401, 404, 405, 409, 413, 500, 503] as const;

/** The headers of the document, by name. */
export const headerComponents: Record<string, JsonObject> = {
  Allow: {
    description: 'The methods the route takes (`GET, HEAD`, `POST`, or for confirm `GET, POST`).',
    schema: { type: 'string' },
  },
  RetryAfter: {
    description: 'Seconds to wait before the next login attempt.',
    schema: { type: 'string', pattern: '^\\d+$' },
  },
  TotalsDigest: {
    description:
      'The totals digest of the cart these totals belong to, as the answers with a `totals_digest` field carry ' +
      "it: send it back as confirm's `totals_digest` to refuse an order whose prices moved since.",
    required: true,
    schema: { type: 'string', pattern: '^[0-9a-f]{16}$' },
  },
  SetCookie: {
    description:
      'The session cookie (`OCSESSID=<id>; Path=/; HttpOnly; SameSite=Lax`, `Secure` over HTTPS), or its removal.',
    schema: { type: 'string' },
  },
};

/** A JSON answer with `schema` and a `description`. */
export function jsonAnswer(description: string, schema: JsonSchema, headers?: JsonObject): JsonObject {
  return {
    description,
    ...(headers === undefined ? {} : { headers }),
    content: { 'application/json': { schema } },
  };
}

/** A `$ref` to a header. */
function headerRef(name: string): JsonObject {
  return { $ref: `#/components/headers/${name}` };
}

/** The headers an error status carries. */
function errorHeaders(status: number): JsonObject | undefined {
  if (status === 405) return { Allow: headerRef('Allow') };
  if (status === 429) return { 'Retry-After': headerRef('RetryAfter') };
  return undefined;
}

/** The headers a success answer of each kind carries besides its body. */
export const answerHeaders: Readonly<Record<string, JsonObject>> = {
  totals: { 'Totals-Digest': headerRef('TotalsDigest') },
};

/** The `Set-Cookie` header of the answers that open or close a session. */
export const setCookieHeader: JsonObject = { 'Set-Cookie': headerRef('SetCookie') };

/**
 * The error answers of `statuses`, each `{ "error": { <key>: <text> } }` unless `schemaOf` gives another
 * schema for its status (confirm's refusals carry the cart).
 */
export function errorAnswers(
  statuses: readonly number[],
  schemaOf: (status: number) => JsonSchema = () => componentRef('Error'),
): Record<string, JsonObject> {
  const answers: Record<string, JsonObject> = {};
  for (const status of statuses) {
    answers[String(status)] = jsonAnswer(
      errorTexts[status] ?? 'An error.',
      schemaOf(status),
      errorHeaders(status),
    );
  }
  return answers;
}

/**
 * Confirm's error schema by status: a refusal of the operation itself (a step missing, a conflict, an unknown
 * order) carries the cart it could not buy; one before it runs (the session, the body) does not; a 503 may be
 * either, as a store can fail before or during the operation.
 */
export function confirmErrorSchema(status: number): JsonSchema {
  if (status === 404 || status === 409 || status === 422) return componentRef('ConfirmFailure');
  if (status === 503) return { anyOf: [componentRef('ConfirmFailure'), componentRef('Error')] };
  return componentRef('Error');
}
