/**
 * The HTTP tests' one helper: the demo app on a real node:http server on port 0, a manual clock, and clients
 * that speak to it with the real `fetch` (form or JSON bodies, the session cookie or `api_token`).
 */

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';
import { createDemoApp, type DemoApp, type DemoAppOptions } from '../../../examples/shared/demo-app.js';
import {
  type CheckoutClient,
  type ClientOptions,
  type ClientRequest,
  createClient,
} from '../../../src/client/index.js';
import type { Checkout } from '../../../src/engine/checkout.js';
import {
  createFetchHandler,
  createNodeServer,
  type FetchHandler,
  type NodeListenerOptions,
} from '../../../src/http/index.js';
import { operations } from '../../../src/operations/index.js';
import { createManualClock, createSequentialIds, type ManualClock } from '../../../src/testing/index.js';
import { checkAnswer } from '../../openapi/support/answer-check.js';

/** The key of API user `demo` in every test. */
export const apiKey = 'test-key-5f1c0a-0123456789abcdef012345';

/** Where every test clock starts. */
export const startInstant = '2026-03-02T10:00:00.000Z';

/** A response, read. */
export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  /** `body.error`, for error replies. */
  readonly error: Readonly<Record<string, string>>;
}

/** A request: the route (and `call`/`code`) as written in the query, and what to send. */
export interface Call {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Extra query parameters (GET parameters, `api_token`). */
  readonly query?: Readonly<Record<string, string>>;
  /** A form body, keys as written (`product[0][product_id]`). */
  readonly form?: Readonly<Record<string, string>> | string;
  /** A JSON body (an object, or raw text). */
  readonly json?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A demo app whose user `demo` has the key {@link apiKey} (and, with `apiSigning`, that key as its signing secret). */
export function demoApp(options: Omit<DemoAppOptions, 'apiKey'> = {}): DemoApp {
  const created = createDemoApp({ ...options, apiKey });
  if (created.isErr()) throw new Error(`bad demo options: ${JSON.stringify(created.error)}`);
  return created.value;
}

/** Listens on a free port of 127.0.0.1 and answers the origin; the server is closed when the test ends. */
export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Sends one request to `origin` (`/index.php?route=...`). */
export async function send(origin: string, route: string, call: Call = {}): Promise<Reply> {
  const url = new URL(`${origin}/index.php`);
  url.search = `route=${route}`;
  for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.append(name, value);
  const headers: Record<string, string> = { ...call.headers };
  let body: string | undefined;
  if (call.form !== undefined) {
    body = typeof call.form === 'string' ? call.form : new URLSearchParams({ ...call.form }).toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  } else if (call.json !== undefined) {
    body = typeof call.json === 'string' ? call.json : JSON.stringify(call.json);
    headers['content-type'] ??= 'application/json';
  }
  const method = call.method ?? (body === undefined ? 'GET' : 'POST');
  return readReply(await fetch(url, { method, headers, body: body ?? null }));
}

/**
 * A response read as a {@link Reply}, checked against the OpenAPI document: the request's operation must list
 * the status, and the body must match that status's schema (see `test/openapi/support/answer-check.ts`).
 */
export async function readReply(response: Response): Promise<Reply> {
  const parsed: unknown = await response.json();
  checkAnswer(response.url, response.status, parsed);
  const error = (parsed as { error?: Record<string, string> } | null)?.error ?? {};
  return { status: response.status, headers: response.headers, body: parsed, error };
}

/**
 * `fetch`, with every answer that has a body checked against the OpenAPI document as {@link readReply} checks
 * it; for tests that need the `Response` itself (its headers, a HEAD).
 */
export async function checkedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  const text = await response.clone().text();
  if (text !== '') checkAnswer(response.url, response.status, JSON.parse(text));
  return response;
}

/** A logged-in client: every call carries the session cookie (or, with `token`, `api_token`). */
export interface Session {
  readonly token: string;
  readonly cookie: string;
  call(route: string, call?: Call): Promise<Reply>;
}

/** A demo app served over HTTP. */
export interface Harness {
  readonly app: DemoApp;
  readonly clock: ManualClock;
  readonly origin: string;
  /** Sends one request without a session. */
  send(route: string, call?: Call): Promise<Reply>;
  /** Logs in as `demo` and answers a client on the new session. */
  login(via?: 'cookie' | 'api_token', headers?: Record<string, string>): Promise<Session>;
  /** A typed client of the server (not logged in), whose every answer is checked against the document. */
  client(options?: Omit<ClientOptions, 'baseUrl' | 'fetch'>): CheckoutClient;
}

/** What a harness may change. */
export interface HarnessOptions extends Omit<DemoAppOptions, 'apiKey'> {
  /** Options of the node listener (trusted proxies). */
  readonly listener?: NodeListenerOptions;
  /** Serves a different handler over the app (e.g. one over a broken checkout). */
  readonly handler?: (app: DemoApp) => FetchHandler;
}

/** Starts the demo app on a real server for one test. */
export async function startDemo(options: HarnessOptions = {}): Promise<Harness> {
  const clock = createManualClock(startInstant);
  const app = demoApp({ clock, ids: createSequentialIds(), ...options });
  const handler = options.handler?.(app) ?? demoHandler(app);
  const origin = await listen(createNodeServer(handler, options.listener));
  const harness: Harness = {
    app,
    clock,
    origin,
    send: (route, call) => send(origin, route, call),
    client: (clientOptions = {}) =>
      createClient({ ...clientOptions, baseUrl: `${origin}/index.php`, fetch: checkedFetch }),
    async login(via = 'cookie', headers = {}) {
      const reply = await send(origin, 'api/account/login', {
        form: { username: 'demo', key: apiKey },
        headers,
      });
      if (reply.status !== 200)
        throw new Error(`login failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      const token = (reply.body as { api_token: string }).api_token;
      const cookie = (reply.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      return {
        token,
        cookie,
        call: (route, call = {}) =>
          via === 'cookie'
            ? send(origin, route, { ...call, headers: { ...headers, cookie, ...call.headers } })
            : send(origin, route, {
                ...call,
                headers: { ...headers, ...call.headers },
                query: { api_token: token, ...call.query },
              }),
      };
    },
  };
  return harness;
}

/** The handler of a harness app. */
export function demoHandler(app: DemoApp = demoApp()): FetchHandler {
  return createFetchHandler(app.checkout, app.handlerOptions);
}

/** A handler over the app's checkout with some operations replaced. */
export function handlerWith(app: DemoApp, replace: Partial<DemoApp['checkout']>): FetchHandler {
  // Routes run operations by name: a replaced method stands in for its operation there too.
  const replaced = replace as Record<string, ((...args: unknown[]) => unknown) | undefined>;
  const run = ((name, session, request, options) => {
    const method = operations.find((operation) => operation.name === name)?.method;
    const replacement = method === undefined ? undefined : replaced[method];
    return replacement === undefined
      ? app.checkout.run(name, session, request, options)
      : replacement(session, request, options);
  }) as Checkout['run'];
  return createFetchHandler({ ...app.checkout, ...replace, run }, app.handlerOptions);
}

/** A valid UK address body with the prefix's field names (Lancashire). */
export function ukAddress(prefix: 'payment_' | 'shipping_'): Record<string, string> {
  return {
    [`${prefix}firstname`]: 'Jane',
    [`${prefix}lastname`]: 'Smith',
    [`${prefix}address_1`]: '1 Market Street',
    [`${prefix}city`]: 'Preston',
    [`${prefix}postcode`]: 'PR1 2HJ',
    [`${prefix}country_id`]: '222',
    [`${prefix}zone_id`]: '3563',
  };
}

/** {@link ukAddress} as the typed client takes it: the prefix's required fields are all there. */
export function clientAddress<P extends 'payment_' | 'shipping_'>(
  prefix: P,
): ClientRequest<P extends 'payment_' ? 'payment_address' : 'shipping_address'> {
  // The keys are built from the prefix, which the type checker cannot follow through a computed key.
  return ukAddress(prefix) as unknown as ClientRequest<
    P extends 'payment_' ? 'payment_address' : 'shipping_address'
  >;
}

/** A guest customer that passes every check. */
export const guest = {
  firstname: 'Jane',
  lastname: 'Smith',
  email: 'jane@example.com',
  telephone: '01632 960123',
};
