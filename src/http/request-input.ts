/**
 * A request's parameters: the query string and the body, both through the bounded, prototype-safe parsers of
 * `src/http/form.ts` (forms and query strings) and `src/http/form/json.ts` (JSON bodies). Form-encoded and JSON
 * bodies are read; any other media type is 415. The body is read as a stream and abandoned as soon as it passes
 * the size limit, so a huge body costs at most the limit in memory.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import type { HttpExchange } from './exchange.js';
import { parseJsonBody } from './form/json.js';
import { malformed, tooLarge } from './form/refusals.js';
import { type BodyLimits, type FormObject, type FormValue, parseFormEncoded, parseQuery } from './form.js';
import { formError, type HttpOnlyError, httpError } from './http-error.js';
import { fillText, type HttpTexts } from './texts.js';

/** The query parameters that address a route or a session, never an operation's input. */
const controlKeys: ReadonlySet<string> = new Set(['route', 'call', 'code', 'api_token']);

/** The empty parameter object. */
export const noParams: FormObject = Object.freeze(Object.create(null) as FormObject);

/** A request body, read. */
export interface RequestBody {
  /** Its parameters. */
  readonly params: FormObject;
  /**
   * The body as PHP would read it into `$_POST`, for a signature to cover: the text of a form-encoded body, `''`
   * when there is none; undefined for a JSON body, of which PHP reads nothing.
   */
  readonly form: string | undefined;
}

/** The body of a request that has none. */
export const noBody: RequestBody = Object.freeze({ params: noParams, form: '' });

/** The query string, parsed. */
export function readQuery(url: URL, limits: BodyLimits): Result<FormObject, HttpOnlyError> {
  return parseQuery(url.search, limits).mapErr(formError);
}

/** The media type of a `Content-Type` value (`application/json; charset=utf-8` → `application/json`). */
function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** A media type as the 415 text names it: `none` when absent, only type characters, at most 80 of them. */
function shownType(type: string): string {
  return type === '' ? 'none' : type.replace(/[^\w.+/-]/g, '').slice(0, 80);
}

/** The parser for a media type, or undefined when the type is not read. */
function parserFor(type: string): typeof parseFormEncoded | undefined {
  if (type === 'application/x-www-form-urlencoded') return parseFormEncoded;
  if (type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)) return parseJsonBody;
  return undefined;
}

/** A strict UTF-8 decoder; decoding whole bodies keeps no state between them, so one serves every request. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The body as UTF-8 text, refused when too large (by `Content-Length` or by counting), cut short (400) or not
 * UTF-8.
 */
async function readText(
  request: HttpExchange,
  limits: BodyLimits,
  texts: HttpTexts,
): Promise<Result<string, HttpOnlyError>> {
  const read = await readRawBody(request, limits, texts);
  if (read.isErr()) return err(read.error);
  if (read.value.byteLength === 0) return ok('');
  try {
    return ok(utf8.decode(read.value));
  } catch {
    return malformed('malformed UTF-8').mapErr(formError);
  }
}

/** No bytes. */
const noBytes = new Uint8Array(0);

/**
 * The body's bytes as sent, refused when too large (by `Content-Length` or by counting) or cut short (400):
 * what a route that verifies a signature over the body reads.
 */
export async function readRawBody(
  request: HttpExchange,
  limits: BodyLimits,
  texts: HttpTexts,
): Promise<Result<Uint8Array, HttpOnlyError>> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limits.maxBytes) return tooLarge(limits).mapErr(formError);
  if (!request.hasBody) return ok(noBytes);
  const read = await request.readBody(limits.maxBytes);
  if (read === 'too_large') return tooLarge(limits).mapErr(formError);
  if (read === 'incomplete') return err(httpError('malformed', { warning: texts.incompleteBody }));
  return ok(read.bytes);
}

/**
 * The body of a POST, parsed by its media type: form-encoded or JSON (`application/json`, `application/*+json`).
 * An empty body is an empty object whatever its type (clients send bodiless POSTs with any header, or none); a
 * body of any other type is `unsupported_media_type`.
 */
export async function readBody(
  request: HttpExchange,
  limits: BodyLimits,
  texts: HttpTexts,
): Promise<Result<RequestBody, HttpOnlyError>> {
  const type = mediaType(request.headers.get('content-type'));
  const parse = parserFor(type);
  const text = await readText(request, limits, texts);
  if (parse !== undefined) {
    return text.andThen((body) =>
      parse(body, limits)
        .mapErr(formError)
        .map((params) => ({
          params,
          form: parse === parseFormEncoded || body.trim() === '' ? body : undefined,
        })),
    );
  }
  return text.andThen((body) => {
    if (body === '') return ok(noBody);
    const warning = fillText(texts.unsupportedMediaType, { type: shownType(type) });
    return err(httpError('unsupported_media_type', { warning }));
  });
}

/** `params` without the {@link controlKeys}: `params` itself when it has none (no parameters are ever changed). */
function withoutControlKeys(params: FormObject): FormObject {
  let found = false;
  for (const key of controlKeys) found ||= Object.hasOwn(params, key);
  if (!found) return params;
  const input: Record<string, FormValue> = Object.create(null);
  for (const [key, value] of Object.entries(params)) if (!controlKeys.has(key)) input[key] = value;
  return input;
}

/**
 * An operation's input: the body for a POST, the query parameters for a GET (a GET
 * has no body to merge them with); the route and session parameters are left out either way. A signed request's input is its
 * body alone, the part its signature covers (none for a GET).
 */
export function operationInput(
  method: string,
  query: FormObject,
  body: FormObject,
  signed = false,
): FormObject {
  if (signed) return method === 'GET' ? noParams : withoutControlKeys(body);
  return withoutControlKeys(method === 'GET' ? query : body);
}

/** The `api_token` of the query, else of the body, when it is a string. */
export function apiToken(query: FormObject, body: FormObject): string | undefined {
  for (const params of [query, body]) {
    const token = params.api_token;
    if (typeof token === 'string' && token !== '') return token;
  }
  return undefined;
}
