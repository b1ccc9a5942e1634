/**
 * A storefront client for the fault tests: real HTTP requests to a listening server, each timed, each given up
 * (as a hang) when it takes longer than {@link HANG_LIMIT_MS}; a checkout filled up to confirm; confirms retried
 * with their Idempotency-Key until they get an answer that is not 503.
 */
import { stepsToConfirm } from '../../integration/support/checkout-steps.js';
import { checkAnswer } from '../../openapi/support/answer-check.js';

/**
 * How long a request may take before the test calls it a hang: far beyond the stores' deadline (2 s), far below
 * the stalls the tests hold (until they restore the proxy themselves).
 */
export const HANG_LIMIT_MS = 15_000;

/** The API key of user `demo` in the fault tests (a high-entropy secret, as real keys are). */
export const faultApiKey = 'fault-suite-key-7c2f9e4a1b8d6035e9a7c1f4b2d8e6a0';

/** An answer, read and timed. */
export interface Reply {
  readonly route: string;
  readonly status: number;
  /** True when the answer was `application/json` and parsed as JSON. */
  readonly json: boolean;
  readonly body: Record<string, unknown>;
  /** How long the request took, in milliseconds. */
  readonly ms: number;
}

/** What to send. */
export interface Call {
  readonly token?: string;
  /** Query parameters besides `route` and `api_token` (`order_id`). */
  readonly query?: Readonly<Record<string, string>>;
  readonly form?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Sends one request to `url` (`…/index.php`) for `route`; rejects when it hangs past {@link HANG_LIMIT_MS}. */
export async function send(url: string, route: string, call: Call = {}): Promise<Reply> {
  const target = new URL(url);
  target.search = `route=${route}`;
  if (call.token !== undefined) target.searchParams.set('api_token', call.token);
  for (const [name, value] of Object.entries(call.query ?? {})) target.searchParams.set(name, value);
  const headers: Record<string, string> = { ...call.headers };
  if (call.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  const started = performance.now();
  let response: Response;
  let text: string;
  try {
    response = await fetch(target, {
      method: call.form === undefined ? 'GET' : 'POST',
      headers,
      body: call.form === undefined ? null : new URLSearchParams({ ...call.form }).toString(),
      signal: AbortSignal.timeout(HANG_LIMIT_MS),
    });
    text = await response.text();
  } catch (error) {
    const ms = Math.round(performance.now() - started);
    throw new Error(`${route}: no answer after ${ms} ms (${String(error)})`);
  }
  const ms = Math.round(performance.now() - started);
  const json = (response.headers.get('content-type') ?? '').startsWith('application/json');
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { unparsed: text };
  }
  // Every answer, a store's failure included, is what the OpenAPI document says.
  if (!Object.hasOwn(body, 'unparsed')) checkAnswer(target.href, response.status, body);
  return { route, status: response.status, json, body, ms };
}

/** Sends and insists on a 200. */
export async function ok(url: string, route: string, call: Call = {}): Promise<Reply> {
  const reply = await send(url, route, call);
  if (reply.status !== 200) throw new Error(`${route}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply;
}

/** Logs in as `demo`; answers the session's token. */
export async function login(url: string): Promise<string> {
  const reply = await ok(url, 'api/account/login', { form: { username: 'demo', key: faultApiKey } });
  return String(reply.body.api_token);
}

/** Logs in and fills a checkout up to confirm, one iPhone in the cart (every step must succeed); answers the token. */
export async function readyCheckout(url: string): Promise<string> {
  const token = await login(url);
  for (const [route, form] of stepsToConfirm(1)) {
    await ok(url, route, form === undefined ? { token } : { token, form });
  }
  return token;
}

/** Sends a confirm with `key` as its Idempotency-Key and `comment` (which makes each order's payload its own). */
export function confirm(url: string, token: string, key: string, comment = key): Promise<Reply> {
  return send(url, 'api/order&call=confirm', {
    token,
    form: { comment },
    headers: { 'Idempotency-Key': key },
  });
}

/** A confirm that went through, and what it took. */
export interface Confirmed {
  readonly orderId: number;
  /** The statuses of every attempt, the last (200) included. */
  readonly statuses: readonly number[];
}

/**
 * Confirms with `key` until the answer is not a 503 (a store was unavailable), waiting `pauseMs` between
 * attempts, at most `attempts` times; the same key and payload every time, as a client retrying would. Rejects
 * with the statuses seen when it never gets a 200.
 */
export async function confirmUntilDone(
  url: string,
  token: string,
  key: string,
  { attempts = 40, pauseMs = 100 } = {},
): Promise<Confirmed> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const reply = await confirm(url, token, key);
    statuses.push(reply.status);
    if (reply.status === 200) return { orderId: Number(reply.body.order_id), statuses };
    if (reply.status !== 503)
      throw new Error(`confirm ${key}: ${reply.status} ${JSON.stringify(reply.body)}`);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  throw new Error(`confirm ${key} never went through: ${statuses.join(', ')}`);
}

/** Sends `route` until it answers 200 (the stores recovered), at most `attempts` times `pauseMs` apart. */
export async function untilOk(
  url: string,
  route: string,
  call: Call,
  { attempts = 50, pauseMs = 200 } = {},
): Promise<Reply> {
  let last: Reply | undefined;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    last = await send(url, route, call);
    if (last.status === 200) return last;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  throw new Error(`${route} did not recover: last ${last?.status} ${JSON.stringify(last?.body)}`);
}
