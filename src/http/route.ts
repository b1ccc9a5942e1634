/**
 * What a route is: the method it takes, whether it needs a session, and the function that runs it. The route
 * table (`routes.ts`) is a list of these; the fetch handler finds one, checks the method, reads the input,
 * authorizes the session when the route needs one, and runs it.
 * @module
 */

import type { Result } from 'neverthrow';
import type { CheckoutSession } from '../domain/machine/session.js';
import type { SessionMethods as Checkout } from '../engine/checkout.js';
import type { AddressGap } from './client-address.js';
import type { HeaderReader } from './exchange.js';
import type { FormObject } from './form.js';
import type { HttpError } from './http-error.js';
import type { HandlerConfig } from './options.js';
import type { MoneyPresenter } from './present-money.js';

/** The methods routes take (OpenCart's API lists GET and POST only). */
export type RouteMethod = 'GET' | 'POST';

/** The client of a request. */
export interface RouteClient {
  /** Its address, normalised; '' when it cannot be told (see `client-address.ts`). */
  readonly ip: string;
  /** Why {@link ip} is '', when it is. */
  readonly gap?: AddressGap | undefined;
  /**
   * What the request's `X-Forwarded-For` said, as OpenCart stores `HTTP_X_FORWARDED_FOR` on an order: information
   * only, never used for access (that is `ip`, resolved through the trusted proxies).
   */
  readonly forwardedIp: string;
  /** Whether it came over HTTPS (the session cookie is then `Secure`). */
  readonly https: boolean;
}

/** What every route receives. */
export interface RouteCall {
  readonly checkout: Checkout;
  readonly config: HandlerConfig;
  /** The operation's parameters: the body of a POST, the query of a GET, without route and session keys. */
  readonly input: FormObject;
  readonly client: RouteClient;
  /** The request's headers (confirm reads `Idempotency-Key`, `User-Agent`, `Accept-Language`). */
  readonly headers: HeaderReader;
}

/** What a route that needs a session receives once the session passed every check. */
export interface SessionCall extends RouteCall {
  readonly sessionId: string;
  readonly session: CheckoutSession;
  /** Shows money in the session's currency. */
  readonly money: MoneyPresenter;
}

/** How a reply changes the session cookie: set it to a new session id, or clear it. */
export type CookieChange = { readonly set: string } | 'clear';

/** A route's successful answer: the JSON body (status 200), any headers of its own, and any cookie change. */
export interface RouteReply {
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  readonly cookie?: CookieChange;
}

/** What running a route gives: its answer or the handled error it ended in. */
export type RouteOutcome = Promise<Result<RouteReply, HttpError>>;

/** A route open to anyone (the login). */
export interface PublicRoute {
  readonly method: RouteMethod;
  /** Whether it checks the client's address (the login does); without an address it is refused. */
  readonly checksClientAddress?: boolean;
  /** A POST route that also answers GET, its input then read from the query (OpenCart's confirm). */
  readonly alsoGet?: boolean;
  readonly access: 'public';
  run(call: RouteCall): RouteOutcome;
}

/** A route that runs inside an authorized session. */
export interface SessionRoute {
  readonly method: RouteMethod;
  /** A POST route that also answers GET, its input then read from the query (OpenCart's confirm). */
  readonly alsoGet?: boolean;
  readonly access: 'session';
  run(call: SessionCall): RouteOutcome;
}

/** What a route that reads its own body receives: the request as it came, its body's bytes unread. */
export interface RawCall {
  readonly checkout: Checkout;
  readonly config: HandlerConfig;
  readonly url: URL;
  /** The query's parameters. */
  readonly query: FormObject;
  readonly headers: HeaderReader;
  /** The body's bytes, exactly as sent (a signature covers them). */
  readonly body: Uint8Array;
}

/**
 * A route open to anyone that reads its request's raw body itself: the payment webhook, whose credential is the
 * provider's signature over the body's exact bytes. No session, no API key, no address check.
 */
export interface RawRoute {
  readonly method: RouteMethod;
  readonly access: 'raw';
  readonly alsoGet?: boolean;
  run(call: RawCall): RouteOutcome;
}

/** Any route. */
export type Route = PublicRoute | SessionRoute | RawRoute;
