/**
 * What a signed request may carry, checked before its signature is: a handler that accepts signed requests,
 * no query parameter the signature does not cover (besides the routing ones), a form-encoded body (the only kind
 * PHP, and so the signature, reads), all the signing parameters, and a route that reads the same to cartwright's
 * parser as to PHP's, so that what is routed is what was signed.
 * @module
 */

import { err, ok, type Result } from 'neverthrow';
import type { HeaderReader } from '../exchange.js';
import type { FormObject } from '../form.js';
import type { HttpError } from '../http-error.js';
import type { HandlerConfig, SignedRequestConfig } from '../options.js';
import { utf8TextOf } from './php-bytes.js';
import { readSignedRequest, type SignedRequest, signingParameters } from './signed-request.js';

/** The query parameters a signed request may carry: the signed ones, and the routing ones OpenCart leaves out. */
const allowedQuery: ReadonlySet<string> = new Set<string>([...signingParameters, 'code', 'api_token']);

/**
 * The query parameters only a signed request carries. A request with any of them is read as signed, so one that
 * lost its `signature` (or its `time`) is refused as an incomplete signed request rather than run unsigned.
 */
const signedOnly = ['signature', 'username', 'time'] as const;

/** Whether a request is signed: its query carries `signature`, `username` or `time`. */
export function isSignedQuery(query: FormObject): boolean {
  return signedOnly.some((name) => Object.hasOwn(query, name));
}

/**
 * A refused signed request. OpenCart answers every such refusal 403, so that is the status under
 * `compat: 'opencart'`.
 */
export function refusedSigned(kind: HttpError['kind'], warning: string): HttpError {
  return { kind, fields: { warning }, opencartStatus: 403 } as HttpError;
}

/** A query parameter as cartwright's router reads it. */
function routed(query: FormObject, name: string): string {
  const value = query[name];
  return typeof value === 'string' ? value.trim() : '';
}

/** What the request holds: the URL, the headers, the parsed query and the body as PHP would read it. */
export interface SignedRequestSource {
  readonly url: URL;
  readonly headers: HeaderReader;
  readonly query: FormObject;
  /** See `RequestBody.form`. */
  readonly form: string | undefined;
}

/** A signed request, read, with the handler's signed-request settings. */
export interface SignedInput {
  readonly request: SignedRequest;
  readonly signing: SignedRequestConfig;
}

/** The signed request `source` carries, read, or why it is refused before its signature is checked. */
export function readSignedInput(
  config: HandlerConfig,
  source: SignedRequestSource,
): Result<SignedInput, HttpError> {
  const { texts, signedRequests: signing } = config;
  if (signing === undefined) return err(refusedSigned('unauthorized', texts.signingOff));
  if (Object.keys(source.query).some((name) => !allowedQuery.has(name))) {
    return err(refusedSigned('malformed', texts.signatureQuery));
  }
  if (source.form === undefined) return err(refusedSigned('unsupported_media_type', texts.signatureBody));
  const request = readSignedRequest({ url: source.url, host: source.headers.get('host'), form: source.form });
  if (request === undefined) return err(refusedSigned('unauthorized', texts.signatureIncomplete));
  const { route, call } = request.parts;
  if (
    utf8TextOf(route) !== routed(source.query, 'route') ||
    utf8TextOf(call) !== routed(source.query, 'call')
  ) {
    return err(refusedSigned('unauthorized', texts.signatureInvalid));
  }
  return ok({ request, signing });
}
