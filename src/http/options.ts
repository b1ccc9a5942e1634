/**
 * The fetch handler's options and their defaults, and the whole options of a handler over a checkout that carries
 * its own settings and access rules.
 * @module
 */

import type { Checkout as ComposedCheckout } from '../compose/create-checkout.js';
import { CartwrightInvariantError } from '../domain/errors.js';
import { defaultMessages, type MessageCatalog } from '../domain/messages.js';
import type { StoreSettings } from '../domain/settings/settings.js';
import type { SessionMethods as Checkout } from '../engine/checkout.js';
import type { ApiKeyVerifier } from '../ports/access.js';
import type { ApiUserDirectory } from '../ports/api-user-directory.js';
import type { Clock } from '../ports/clock.js';
import type { LoginThrottle } from '../ports/login-throttle.js';
import type { ReplayGuard } from '../ports/replay-guard.js';
import type { TrustedProxyHeader } from './client-address.js';
import { type CorsConfig, type CorsOptions, resolveCors } from './cors.js';
import { type BodyLimits, defaultBodyLimits } from './form.js';
import { defaultCookieName } from './session-cookie.js';
import type { StatusCompat } from './status.js';
import { defaultHttpTexts, type HttpTexts } from './texts.js';

/** The default limit on request headers: 16 KiB, as node's HTTP parser has by default. */
export const defaultMaxHeaderBytes = 16_384;

/** Where unexpected failures are reported (a bug, a failed port). `console` fits. */
export interface HttpLogger {
  /** Called once per failure, with a short description and the error itself (its stack, its cause). */
  error(message: string, error: unknown): void;
  /**
   * Called for a risky setting when the handler is made (an API user whose IP list is not checked); without it,
   * such warnings go to {@link error}.
   */
  warn?(message: string): void;
}

/** How a login's key is checked; see `CheckoutAccess.verifyApiKey`. */
export type { ApiKeyVerifier } from '../ports/access.js';

/**
 * Accepting OpenCart 4.1's signed requests: API users with `signing: 'opencart'` may then sign each request
 * instead of logging in (see the HTTP guide's "Signed requests").
 */
export interface SignedRequestOptions {
  /**
   * Remembers the signatures accepted within the window, so that none is accepted twice: `createMemoryReplayGuard`
   * for one process, `createRedisReplayGuard` when several servers share the traffic.
   */
  readonly replayGuard: ReplayGuard;
  /** Judges a request's `time`; default the system clock. */
  readonly clock?: Clock | undefined;
  /** How far a request's `time` may be from the clock, either way, in seconds; default 300. */
  readonly windowSeconds?: number | undefined;
}

/** The signed-request options with every default filled in. */
export interface SignedRequestConfig {
  readonly replayGuard: ReplayGuard;
  readonly clock: Clock;
  readonly windowSeconds: number;
}

/**
 * Options of `createFetchHandler` for a checkout made by `createCheckout`: the transport only (status codes,
 * cookie, limits, texts, CORS, where the client's address comes from). Who may call it comes with the checkout.
 */
export interface HttpOptions {
  /** `opencart` answers 200 for every handled error, as OpenCart does; default `standard`. */
  readonly compat?: StatusCompat | undefined;
  /** The session cookie's name; default `OCSESSID`. */
  readonly cookieName?: string | undefined;
  /** Bounds on query strings and bodies; default 64 KiB, 1,000 fields, 5 levels. */
  readonly bodyLimits?: BodyLimits | undefined;
  /**
   * The most bytes of request headers (names and values, as the request carries them) answered; more is 431.
   * Default {@link defaultMaxHeaderBytes}, node's own default limit.
   */
  readonly maxHeaderBytes?: number | undefined;
  /** The texts of sessions and logins (`session.*`); default the built-in en-gb catalogue. */
  readonly messages?: MessageCatalog | undefined;
  /** The HTTP layer's own texts, some or all replaced. */
  readonly texts?: Partial<HttpTexts> | undefined;
  /** Receives unexpected failures; default `console`. */
  readonly logger?: HttpLogger | undefined;
  /**
   * Lets pages of these origins call the API from a browser (CORS: preflights answered, answers readable, the
   * session cookie allowed); default off, so browsers keep every cross-origin answer from the page.
   */
  readonly cors?: CorsOptions | undefined;
  /**
   * For hosts that hand the handler no peer address (Next.js route handlers, serverless functions): the
   * forwarding header of the proxy in front, which the client's address is then read from whenever the host
   * passes none (`info.ip`). Without it, such a host has no address to check, and an address the host read from
   * `X-Forwarded-For`, `X-Real-IP` or `Forwarded` itself is refused: any client can write those.
   */
  readonly trustedProxyHeader?: TrustedProxyHeader | undefined;
}

/**
 * Options of `createFetchHandler` over an engine from `cartwright/core` (`createEngine`), which carries no access
 * rules: the transport options, and who may call it.
 */
export interface FetchHandlerOptions extends HttpOptions {
  /** The store settings the checkout runs on: the currencies and rounding mode money is shown with. */
  readonly settings: StoreSettings;
  /** The API users who may log in. */
  readonly apiUsers: ApiUserDirectory;
  /** Counts failed logins per username and client IP, and per IP; e.g. `createMemoryLoginThrottle`. */
  readonly loginThrottle: LoginThrottle;
  /**
   * Checks the key of a login against the user's stored hash; wire `verifyApiKey` from `cartwright` for keys
   * made by `hashApiKey`. An option rather than a default so that the HTTP layer imports no adapter: the hash
   * format belongs to whoever stores the API users.
   */
  readonly verifyApiKey: ApiKeyVerifier;
  /** Accepts OpenCart 4.1's signed requests; without it a signed request is refused (401). */
  readonly signedRequests?: SignedRequestOptions | undefined;
  /**
   * Usernames of API users whose allowed-IP list is not checked: they log in and use their sessions from any
   * address, or from none the handler can tell. For a host that cannot know the client's address; the handler
   * logs a warning naming them when it is made. Their key (or signature) is then all that stands between the
   * API and anyone, and the login throttle cannot tell their clients apart.
   */
  readonly allowAnyIp?: readonly string[] | undefined;
}

/** The options with every default filled in. */
export interface HandlerConfig {
  readonly settings: StoreSettings;
  readonly apiUsers: ApiUserDirectory;
  readonly loginThrottle: LoginThrottle;
  readonly compat: StatusCompat;
  readonly cookieName: string;
  readonly bodyLimits: BodyLimits;
  readonly maxHeaderBytes: number;
  readonly messages: MessageCatalog;
  readonly texts: HttpTexts;
  readonly logger: HttpLogger;
  readonly verifyApiKey: ApiKeyVerifier;
  readonly signedRequests: SignedRequestConfig | undefined;
  readonly cors: CorsConfig | undefined;
  readonly trustedProxyHeader: TrustedProxyHeader | undefined;
  /** The usernames of {@link FetchHandlerOptions.allowAnyIp}. */
  readonly allowAnyIp: ReadonlySet<string>;
}

/** The default signature window: OpenCart's is 450 s; a shorter one leaves a captured request less time. */
const DEFAULT_WINDOW_SECONDS = 300;

/** The signed-request options with their defaults, or undefined when signed requests are off. */
function resolveSigned(options: SignedRequestOptions | undefined): SignedRequestConfig | undefined {
  if (options === undefined) return undefined;
  const windowSeconds = options.windowSeconds ?? DEFAULT_WINDOW_SECONDS;
  if (!Number.isSafeInteger(windowSeconds) || windowSeconds < 1) {
    throw new CartwrightInvariantError(
      `createFetchHandler: signedRequests.windowSeconds must be a positive integer, got ${String(windowSeconds)}`,
    );
  }
  return {
    replayGuard: options.replayGuard,
    clock: options.clock ?? { now: () => new Date() },
    windowSeconds,
  };
}

/** A header name as HTTP writes them: a token (letters, digits and ``!#$%&'*+-.^_`|~``). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The trusted proxy header, checked: a header name, and a positive whole number of proxies or their list. */
function resolveProxyHeader(header: TrustedProxyHeader | undefined): TrustedProxyHeader | undefined {
  if (header === undefined) return undefined;
  const fail = (what: string) => {
    throw new CartwrightInvariantError(`createFetchHandler: trustedProxyHeader.${what}`);
  };
  if (typeof header.name !== 'string' || !HEADER_NAME.test(header.name)) {
    fail(`name must be a header name, got ${JSON.stringify(header.name)}`);
  }
  const { proxies } = header;
  if (typeof proxies === 'number' && (!Number.isSafeInteger(proxies) || proxies < 1)) {
    fail(`proxies must be a whole number of proxies (1 or more), or their addresses, got ${proxies}`);
  }
  const isList = Array.isArray(proxies) || typeof proxies === 'function';
  if (proxies !== undefined && typeof proxies !== 'number' && !isList) {
    fail('proxies must be a whole number of proxies, a list of their addresses, or a test');
  }
  return { name: header.name.toLowerCase(), proxies };
}

/** The usernames of `allowAnyIp`, checked. */
function resolveAnyIp(usernames: readonly string[] | undefined): ReadonlySet<string> {
  if (usernames === undefined) return new Set();
  if (!Array.isArray(usernames) || usernames.some((name) => typeof name !== 'string' || name === '')) {
    throw new CartwrightInvariantError('createFetchHandler: allowAnyIp must be a list of usernames');
  }
  return new Set(usernames);
}

/** The access options every handler needs, and the method each must have. */
const requiredAccess: readonly (readonly [keyof FetchHandlerOptions, readonly string[]])[] = [
  ['apiUsers', ['findByUsername', 'getApiUser']],
  ['loginThrottle', ['check', 'recordFailure', 'reset']],
];

/**
 * Checks what a handler cannot run without, so that a mistake fails here rather than on every request: the
 * settings, the API users, the login throttle and the key check, each of the right shape.
 */
function checkRequired(options: FetchHandlerOptions): void {
  const fail = (what: string): never => {
    throw new CartwrightInvariantError(
      `createFetchHandler: ${what} (a checkout made by createCheckout carries all of these; an engine from cartwright/core needs them as options)`,
    );
  };
  if (typeof options !== 'object' || options === null) fail('options are missing');
  if (typeof options.settings !== 'object' || options.settings === null) fail('settings are missing');
  for (const [name, methods] of requiredAccess) {
    const port = options[name] as Record<string, unknown> | undefined;
    const missing = methods.filter((method) => typeof port?.[method] !== 'function');
    if (missing.length > 0) fail(`${name} is missing or lacks ${missing.join(', ')}`);
  }
  if (typeof options.verifyApiKey !== 'function') fail('verifyApiKey is missing');
}

/** The options of `FetchHandlerOptions` a checkout made by `createCheckout` carries itself. */
const accessOptions = [
  'settings',
  'apiUsers',
  'loginThrottle',
  'verifyApiKey',
  'signedRequests',
  'allowAnyIp',
] as const;

/** Whether `checkout` was made by the composition root (it carries its settings and access rules). */
function isComposed(checkout: Checkout | ComposedCheckout): checkout is ComposedCheckout {
  return 'access' in checkout && typeof checkout.access === 'object' && checkout.access !== null;
}

/**
 * The whole handler options. Options that name the API users are whole (an engine of `cartwright/core`, or a
 * checkout served under other access rules); otherwise the checkout's own access rules and settings, with the
 * transport options.
 */
export function handlerOptionsOf(
  checkout: Checkout | ComposedCheckout,
  options: HttpOptions | FetchHandlerOptions | undefined,
): FetchHandlerOptions {
  const given = options as Partial<FetchHandlerOptions> | undefined;
  if (given?.apiUsers !== undefined || !isComposed(checkout)) return options as FetchHandlerOptions;
  const stray = accessOptions.filter((name) => given?.[name] !== undefined);
  if (stray.length > 0) {
    throw new CartwrightInvariantError(
      `createFetchHandler: the checkout carries its own ${stray.join(', ')}; pass them to createCheckout instead`,
    );
  }
  const { access, settings } = checkout;
  return { ...options, settings, ...access };
}

/** Fills in the defaults. */
export function resolveOptions(options: FetchHandlerOptions): HandlerConfig {
  checkRequired(options);
  return {
    settings: options.settings,
    apiUsers: options.apiUsers,
    loginThrottle: options.loginThrottle,
    compat: options.compat ?? 'standard',
    cookieName: options.cookieName ?? defaultCookieName,
    bodyLimits: options.bodyLimits ?? defaultBodyLimits,
    maxHeaderBytes: options.maxHeaderBytes ?? defaultMaxHeaderBytes,
    messages: options.messages ?? defaultMessages,
    texts: { ...defaultHttpTexts, ...options.texts },
    logger: options.logger ?? console,
    verifyApiKey: options.verifyApiKey,
    signedRequests: resolveSigned(options.signedRequests),
    cors: resolveCors(options.cors),
    trustedProxyHeader: resolveProxyHeader(options.trustedProxyHeader),
    allowAnyIp: resolveAnyIp(options.allowAnyIp),
  };
}
