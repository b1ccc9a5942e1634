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
});

/** `template` with each `{name}` replaced by its value in `params`. */
export function fillText(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
