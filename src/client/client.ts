/**
 * `createClient`: the typed client of the HTTP API, over `fetch` (Node 20+, Bun, Deno, browsers). Each
 * operation is a method named as the engine's; requests go out as JSON (GETs as query strings) to OpenCart's
 * `?route=` addresses under `baseUrl`; answers come back typed, and failures as values, never thrown: a
 * `ResultAsync` as the engine returns.
 * @module
 */
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { LoginJson, LogoutJson } from '../http/wire/account.js';
import { type AnswerCheck, answerCheckOf, loginCheck, logoutCheck } from './answer-check.js';
import { appendParam } from './encode.js';
import type { ClientRoute } from './route-table.js';
import { clientRoutes } from './routes.js';
import type {
  CallOptions,
  CheckoutClient,
  ClientError,
  ClientOperationName,
  ClientOperations,
  ConfirmOptions,
} from './types.js';

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** The handler's address, e.g. `http://127.0.0.1:8080/index.php`; calls add `?route=…` to it. */
  readonly baseUrl: string | URL;
  /** The `fetch` to call; default the global one. */
  readonly fetch?: typeof fetch;
  /**
   * How the session id travels: `api_token` (default) in the query, which works everywhere; or `cookie`, the
   * `OCSESSID` cookie header (Node, Bun, Deno; a browser sends its own cookie jar instead).
   */
  readonly session?: 'api_token' | 'cookie';
  /** The session cookie's name; default `OCSESSID`. */
  readonly cookieName?: string;
  /** A session to carry on (an id a login answered before). */
  readonly sessionId?: string;
  /** Headers sent with every call (`User-Agent`, `Accept-Language`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Where one request goes: an operation's route, or one of the account routes. */
type RequestRoute = Pick<ClientRoute, 'http' | 'route' | 'call' | 'code'>;

/** The session id an answer's `Set-Cookie` sets, '' when it clears it, undefined when it says nothing. */
function cookieSet(response: Response, name: string): string | undefined {
  const header = response.headers.get('set-cookie');
  if (header === null) return undefined;
  const match = new RegExp(`(?:^|,\\s*)${name}=([^;,]*)`).exec(header);
  return match?.[1];
}

/** Whether a JSON answer is an error (`{ "error": … }`), which no success answer is. */
function isErrorBody(body: unknown): body is { readonly error: Readonly<Record<string, string>> } {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'error' in body;
}

/**
 * The totals digest an answer carries: `getTotals`' `Totals-Digest` header, or the `totals_digest` field of an
 * answer with totals (a step's, confirm's, a refused confirm's).
 */
function totalsDigestOf(response: Response, body: unknown): string | undefined {
  const header = response.headers.get('totals-digest');
  if (header !== null) return header;
  if (typeof body !== 'object' || body === null || !('totals_digest' in body)) return undefined;
  return typeof body.totals_digest === 'string' ? body.totals_digest : undefined;
}

/** `Retry-After` in seconds, when the answer has one. */
function retryAfterOf(response: Response): { retryAfter?: number } {
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) ? { retryAfter: seconds } : {};
}

/**
 * Creates a client of the HTTP API at `options.baseUrl`.
 *
 * @example
 * ```ts
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080/index.php' });
 * await client.login({ username: 'demo', key });
 * const added = await client.addProduct({ product_id: 40, quantity: 2 });
 * if (added.isErr()) console.log(added.error);
 * ```
 */
export function createClient(options: ClientOptions): CheckoutClient {
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const mode = options.session ?? 'api_token';
  const cookieName = options.cookieName ?? 'OCSESSID';
  let sessionId = options.sessionId;
  let totalsDigest: string | undefined;

  /** The URL of a call to `route`, with the session id when it travels in the query. */
  const urlOf = (route: RequestRoute, query: object | undefined): URL => {
    const url = new URL(options.baseUrl);
    url.searchParams.set('route', route.route);
    if (route.call !== undefined) url.searchParams.set('call', route.call);
    if (route.code !== undefined) url.searchParams.set('code', route.code);
    if (mode === 'api_token' && sessionId !== undefined) url.searchParams.set('api_token', sessionId);
    if (query !== undefined)
      for (const [name, value] of Object.entries(query)) appendParam(url.searchParams, name, value);
    return url;
  };

  /**
   * Reads an answer: its JSON, checked against what the route answers (a success of a success status, or an
   * error body of any status, since `compat: 'opencart'` answers errors with 200), the session cookie it sets.
   */
  const readAnswer = <T, E>(response: Response, check: AnswerCheck): ResultAsync<T, ClientError<E>> =>
    ResultAsync.fromPromise(
      response.json() as Promise<unknown>,
      (cause): ClientError<E> => ({
        kind: 'unreadable',
        status: response.status,
        cause,
      }),
    ).andThen((body) => {
      const cookie = cookieSet(response, cookieName);
      if (cookie !== undefined) sessionId = cookie === '' ? undefined : cookie;
      totalsDigest = totalsDigestOf(response, body) ?? totalsDigest;
      const failed = isErrorBody(body);
      const problems = failed ? check.failure(body) : check.success(body);
      if (problems.length === 0 && !failed && response.ok) return okAsync(body as T);
      if (problems.length === 0 && failed) {
        return errAsync<T, ClientError<E>>({
          kind: 'answer',
          status: response.status,
          error: body.error,
          body: body as E,
          ...retryAfterOf(response),
        });
      }
      const why =
        problems.length > 0 ? problems : [`(answer): a success body with status ${response.status}`];
      return errAsync<T, ClientError<E>>({
        kind: 'unexpected',
        status: response.status,
        body,
        problems: why,
      });
    });

  /** Sends one call. */
  const request = <T, E>(
    route: RequestRoute,
    check: AnswerCheck,
    input: object | undefined,
    callOptions: CallOptions & { readonly idempotencyKey?: string } = {},
  ): ResultAsync<T, ClientError<E>> => {
    const isGet = route.http === 'GET';
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...options.headers,
      ...callOptions.headers,
    };
    if (!isGet) headers['content-type'] = 'application/json';
    if (mode === 'cookie' && sessionId !== undefined) headers.cookie = `${cookieName}=${sessionId}`;
    if (callOptions.idempotencyKey !== undefined) headers['idempotency-key'] = callOptions.idempotencyKey;
    const init: RequestInit = {
      method: route.http,
      headers,
      body: isGet ? null : JSON.stringify(input ?? {}),
      // A browser sends its own cookie jar (the handler's HttpOnly cookie) only when asked to.
      ...(mode === 'cookie' ? { credentials: 'include' } : {}),
      ...(callOptions.signal === undefined ? {} : { signal: callOptions.signal }),
    };
    return ResultAsync.fromPromise(
      send(urlOf(route, isGet ? input : undefined), init),
      (cause): ClientError<E> => ({
        kind: 'network',
        cause,
      }),
    ).andThen((response) => readAnswer<T, E>(response, check));
  };

  const call = (name: ClientOperationName, input?: object, callOptions?: ConfirmOptions) => {
    const route: ClientRoute = clientRoutes[name];
    return request<never, never>(route, answerCheckOf(route.answer), input, callOptions);
  };

  const operations = Object.fromEntries(
    (Object.keys(clientRoutes) as ClientOperationName[]).map((name) => [
      clientRoutes[name].method,
      (input?: object, callOptions?: ConfirmOptions) => call(name, input, callOptions),
    ]),
  ) as unknown as ClientOperations;

  return {
    ...operations,
    call: call as CheckoutClient['call'],
    login: (credentials, callOptions) =>
      request<LoginJson, never>(
        { http: 'POST', route: 'api/account/login' },
        loginCheck,
        credentials,
        callOptions,
      ).map((answer) => {
        sessionId = answer.api_token;
        return answer;
      }),
    logout: (callOptions) =>
      request<LogoutJson, never>(
        { http: 'POST', route: 'api/account/logout' },
        logoutCheck,
        {},
        callOptions,
      ).map((answer) => {
        sessionId = undefined;
        return answer;
      }),
    get sessionId() {
      return sessionId;
    },
    get totalsDigest() {
      return totalsDigest;
    },
  };
}
