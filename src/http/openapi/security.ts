/**
 * How the document describes sessions: the session cookie, `api_token`, and OpenCart 4.1's signed requests.
 * OpenAPI has no scheme type for a signature over the request, so it is an API key in the query (`signature`)
 * whose description gives the whole scheme.
 * @module
 */
import { defaultCookieName } from '../session-cookie.js';
import type { JsonObject } from './json.js';

/** The description of the signed-request scheme: what is signed, and how. */
const signatureText = [
  "OpenCart 4.1's signed requests, for API users with `signing: 'opencart'` on a handler created with",
  '`signedRequests`. Such a request needs no login: the query carries `route`, `call` (and `code` on an extension',
  'call), `username`, `store_id`, `language`, `currency`, `time` (seconds since the epoch) and `signature`, and',
  'nothing else; the parameters go in a form-encoded body (a JSON body is refused, 415). Any route may be called',
  'with POST.',
  '',
  "`signature` is base64 of HMAC-SHA1, keyed with the API user's signing secret, over ten lines each ending in",
  "`\\n`: route, call, username, the `Host` header (port included), the script's directory (`/` for `/index.php`),",
  "store_id, language, currency, the MD5 of the body as PHP's `http_build_query` writes the form OpenCart read,",
  "and time. The time must be within the window (default 300 s) of the server's clock, and each signature is",
  'accepted once. The request runs in the session its cookie or `api_token` names when that is a live session',
  'of the same user, otherwise in a new one whose cookie the answer sets.',
].join('\n');

/** The security schemes. */
export const securitySchemes: Record<string, JsonObject> = {
  session_cookie: {
    type: 'apiKey',
    in: 'cookie',
    name: defaultCookieName,
    description:
      'The session cookie the login sets (`OCSESSID` unless the host chose another name). Sessions expire after a ' +
      'period without use (default 3600 s).',
  },
  api_token: {
    type: 'apiKey',
    in: 'query',
    name: 'api_token',
    description:
      'The session id the login answers as `api_token`, in the query (or as a body field `api_token`); it wins ' +
      'over the cookie when both are sent.',
  },
  opencart_signature: {
    type: 'apiKey',
    in: 'query',
    name: 'signature',
    description: signatureText,
  },
};

/** What an operation in a session accepts: any one of the three. */
export const sessionSecurity: readonly JsonObject[] = [
  { session_cookie: [] },
  { api_token: [] },
  { opencart_signature: [] },
];

/**
 * `api_token` as a query parameter of every operation in a session, beside the security scheme of the same name:
 * code generators type an operation's parameters, not its security schemes, so a client generated from this
 * document (openapi-typescript with openapi-fetch, say) can send the session id only when it is a parameter.
 */
export const apiTokenParameter: JsonObject = {
  name: 'api_token',
  in: 'query',
  required: false,
  description:
    'The session id the login answered as `api_token` (the `api_token` security scheme as a parameter, for ' +
    'generated clients); leave it out when the session cookie is sent.',
  schema: { type: 'string', minLength: 1 },
};

/** The parameter components: `ApiToken`. */
export const parameterComponents: Record<string, JsonObject> = { ApiToken: apiTokenParameter };

/** The reference to the `api_token` parameter. */
export const apiTokenRef: JsonObject = { $ref: '#/components/parameters/ApiToken' };
