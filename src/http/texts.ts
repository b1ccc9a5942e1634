/**
 * The texts only the HTTP layer answers with: the engine's own texts (sessions, credentials, steps) come from
 * its message catalogue; these cover what happens before a request reaches it. All are cartwright's own; a
 * host rewords or translates them through `FetchHandlerOptions.texts`.
 * @module
 */

/** The HTTP layer's texts, by situation. `{method}`, `{type}` and `{maximum}` are filled in. */
export interface HttpTexts {
  /** No route, or an unknown `route`, `call` or extension `code`. */
  readonly routeNotFound: string;
  /** The route exists but not for this method; `{method}` is the method the route takes. */
  readonly methodNotAllowed: string;
  /** A body in a media type the handler does not read; `{type}` is the type sent. */
  readonly unsupportedMediaType: string;
  /** The body stopped before its end (the client went away, or its stream failed): a 400, not a crash. */
  readonly incompleteBody: string;
  /** The request's headers are over the limit (431); `{maximum}` is the limit in bytes. */
  readonly headersTooLarge: string;
  /** An unexpected failure (a bug): the body says nothing more, the details go to the logger. */
  readonly internalError: string;
  /**
   * The host passed no client address (`ClientInfo.ip`), so no API user's IP list can be checked: every login and
   * every session request is refused until it does.
   */
  readonly clientAddressUnknown: string;
  /**
   * The host passed an address it read from `X-Forwarded-For`, `X-Real-IP` or `Forwarded` without naming that
   * header as trusted: any client can write those, so the address cannot be checked.
   */
  readonly clientAddressForwarded: string;
  /** The handler's trusted proxy header is missing from the request; `{header}` is its name. */
  readonly clientAddressNotForwarded: string;
  /**
   * The host handed the handler a `Request` whose body was already read (by a framework's middleware): a 500,
   * since only the host's wiring can change it.
   */
  readonly bodyAlreadyRead: string;
  /** A browser's preflight from an origin not in the `cors` option's list. */
  readonly originNotAllowed: string;
  /** A signed request to a handler without `signedRequests`. */
  readonly signingOff: string;
  /** A signed request without one of its query parameters (route, call, username, store_id, …). */
  readonly signatureIncomplete: string;
  /** A signature that does not match (a wrong or changed request, an unknown user or one that does not sign). */
  readonly signatureInvalid: string;
  /** A signed request whose `time` is too far from the server's; `{seconds}` is the window. */
  readonly signatureTime: string;
  /** A signed request already accepted once. */
  readonly signatureReplayed: string;
  /** A signed request with query parameters its signature does not cover. */
  readonly signatureQuery: string;
  /** A signed request whose body is not form-encoded (its signature cannot cover it). */
  readonly signatureBody: string;
}

/** The default (en-gb) texts. */
export const defaultHttpTexts: HttpTexts = Object.freeze({
  routeNotFound: 'Warning: The requested API route could not be found!',
  methodNotAllowed: 'Warning: This API route must be called with {method}!',
  unsupportedMediaType:
    'Warning: Request bodies must be application/x-www-form-urlencoded or application/json, not {type}!',
  incompleteBody: 'Warning: The request body ended before it was complete!',
  headersTooLarge: 'Warning: Request headers must not be larger than {maximum} bytes!',
  internalError: 'Warning: An unexpected error occurred, please try again later!',
  clientAddressUnknown:
    "Warning: The server cannot tell the client's IP address, so it cannot check it against the API user's allowed IPs: the host must pass the address to the handler!",
  clientAddressForwarded:
    "Warning: The client's IP address came from a forwarding header that any client can write, so it cannot be checked against the API user's allowed IPs: the host must name the proxy header it trusts!",
  clientAddressNotForwarded:
    "Warning: The request did not come through the proxy the server trusts (no {header} header), so the client's IP address cannot be told!",
  bodyAlreadyRead:
    'Warning: The request body was read before cartwright got it! The host must hand the handler a request whose body is unread (in Hono, after a middleware read it: cloneRawRequest(c.req)).',
  originNotAllowed: 'Warning: Pages of this origin may not call this API!',
  signingOff: 'Warning: This server does not accept signed requests!',
  signatureIncomplete:
    'Warning: A signed request needs route, call, username, store_id, language, currency, time and signature!',
  signatureInvalid: 'Warning: The request signature is not valid!',
  signatureTime: "Warning: The request time must be within {seconds} seconds of the server's time!",
  signatureReplayed: 'Warning: This signed request was already used, sign each request anew!',
  signatureQuery:
    'Warning: A signed request sends its parameters in the body: the query carries only route, call, code and the signing parameters!',
  signatureBody: 'Warning: A signed request sends its body as application/x-www-form-urlencoded!',
});

/** `template` with each `{name}` replaced by its value in `params`. */
export function fillText(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
