/**
 * A local Stripe-compatible server: a real `node:http` server speaking the endpoints the Stripe adapter uses
 * (PaymentIntents create, confirm, capture, cancel and retrieve; refunds), with Stripe's idempotency-key rules
 * (the same key and parameters replay the first answer, error answers included; the same key with other
 * parameters is an `idempotency_error`; validation failures are not stored), the test PaymentMethods'
 * behaviours (`pm_card_visa` authorizes, `pm_card_threeDSecure2Required` needs 3-D Secure through a redirect,
 * `pm_card_chargeDeclined` is declined), and webhooks signed as Stripe signs them
 * (`Stripe-Signature: t=<unix seconds>,v1=<HMAC-SHA256 of "<t>.<body>" keyed with the whsec_ secret>`).
 * The official SDK is pointed at it with `host`, `port` and `protocol`. It is a test double for the tests of this
 * repository, not Stripe: it knows nothing of Stripe's other objects, limits and checks.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { type FormValue, fingerprint, parseStripeForm } from './form.js';
import { type ApiAnswer, apiError, type StripeEvent, StripeState } from './stripe-state.js';

/** What one idempotency key answered, and the request it was used with. */
interface KeyUse {
  readonly route: string;
  readonly params: string;
  readonly answer: ApiAnswer;
}

/** A running local Stripe. */
export interface LocalStripe {
  readonly port: number;
  readonly baseUrl: string;
  readonly state: StripeState;
  /** The signing secret of its webhook endpoint. */
  readonly webhookSecret: string;
  /** An SDK client pointed at it (`maxNetworkRetries` 0 unless said, so each test sees each request). */
  client(options?: { readonly maxNetworkRetries?: number; readonly timeout?: number }): Stripe;
  /** Requests received, by route (`POST /v1/payment_intents`), for the tests to count. */
  readonly received: string[];
  /** `event` signed as Stripe signs it: now, or `ageSeconds` ago, with its secret or another. */
  sign(
    event: StripeEvent,
    options?: { readonly ageSeconds?: number; readonly secret?: string },
  ): {
    readonly payload: string;
    readonly header: string;
  };
  /** Makes every response wait `ms` first (0: none): a gateway that stalls. */
  stall(ms: number): void;
  close(): Promise<void>;
}

/** A Stripe-style signature header of `payload` at `seconds`. */
export function stripeSignature(payload: string, secret: string, seconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${seconds}.${payload}`, 'utf8').digest('hex');
  return `t=${seconds},v1=${v1}`;
}

/** The request's body as text. */
async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The state call of one route, or undefined for a route it does not serve. */
function route(
  state: StripeState,
  method: string,
  path: string,
  params: Record<string, FormValue>,
): (() => ApiAnswer) | undefined {
  const intent = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)(?:\/(confirm|capture|cancel))?$/.exec(path);
  if (method === 'POST' && path === '/v1/payment_intents') return () => state.create(params);
  if (method === 'POST' && path === '/v1/refunds') return () => state.refund(params);
  if (intent === null) return undefined;
  const [, id = '', action] = intent;
  if (method === 'GET' && action === undefined) return () => state.retrieve(id, params);
  if (method !== 'POST') return undefined;
  if (action === 'confirm') return () => state.confirm(id, params);
  if (action === 'capture') return () => state.capture(id, params);
  if (action === 'cancel') return () => state.cancel(id, params);
  return undefined;
}

/** Sends a JSON answer. */
function send(response: ServerResponse, answer: ApiAnswer, replayed = false): void {
  response.writeHead(answer.status, {
    'content-type': 'application/json',
    'request-id': `req_local_${Date.now()}`,
    ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
  });
  response.end(JSON.stringify(answer.body));
}

/**
 * Answers the 3-D Secure page of a PaymentIntent: GET shows it, POST `result=pass|fail` answers it as the customer
 * would and redirects to the PaymentIntent's return URL.
 */
async function threeDSecure(
  state: StripeState,
  id: string,
  request: IncomingMessage,
  body: string,
  response: ServerResponse,
) {
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<form method="post"><button name="result" value="pass">Pass</button></form>`);
    return;
  }
  const result = new URLSearchParams(body).get('result');
  const answer = state.authenticate(id, result === 'pass');
  const returnUrl = state.intents.get(id)?.return_url;
  if (answer.status === 200 && typeof returnUrl === 'string') {
    response.writeHead(303, { location: returnUrl });
    response.end();
    return;
  }
  send(response, answer);
}

/** Starts a local Stripe on a free port of 127.0.0.1. */
export async function startLocalStripe(): Promise<LocalStripe> {
  const keys = new Map<string, KeyUse>();
  const received: string[] = [];
  let baseUrl = '';
  let stallMs = 0;
  const webhookSecret = 'whsec_local_test_secret';
  const state = new StripeState(
    () => baseUrl,
    () => Math.floor(Date.now() / 1000),
  );

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', baseUrl);
    const text = await bodyOf(request);
    if (stallMs > 0) await new Promise((resolve) => setTimeout(resolve, stallMs));
    const local = /^\/local\/3ds\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (local !== null) return threeDSecure(state, local[1] ?? '', request, text, response);
    const method = request.method ?? 'GET';
    received.push(`${method} ${url.pathname}`);
    if (!/^Bearer sk_test_\w+$/.test(request.headers.authorization ?? '')) {
      return send(
        response,
        apiError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' }),
      );
    }
    const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : text);
    const run = route(state, method, url.pathname, params);
    if (run === undefined)
      return send(
        response,
        apiError(404, { type: 'invalid_request_error', message: 'Unrecognized request URL.' }),
      );
    const key = method === 'POST' ? request.headers['idempotency-key'] : undefined;
    if (typeof key !== 'string') return send(response, run());
    const used = keys.get(key);
    const signature = fingerprint(params);
    if (used !== undefined) {
      if (used.route === url.pathname && used.params === signature) return send(response, used.answer, true);
      return send(
        response,
        apiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        }),
      );
    }
    const answer = run();
    // Stripe stores what a request did (successes, card errors, state errors); a request refused as malformed
    // before it ran is not stored, and may be sent again under the same key.
    const ranAtAll =
      answer.status < 400 ||
      answer.status === 402 ||
      (answer.body as { error?: { code?: string } }).error?.code !== undefined;
    if (ranAtAll) keys.set(key, { route: url.pathname, params: signature, answer });
    return send(response, answer);
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    port,
    baseUrl,
    state,
    webhookSecret,
    received,
    client: (options = {}) =>
      new Stripe('sk_test_local', {
        host: '127.0.0.1',
        port,
        protocol: 'http',
        maxNetworkRetries: options.maxNetworkRetries ?? 0,
        timeout: options.timeout ?? 10_000,
        telemetry: false,
      }),
    sign(event, options = {}) {
      const payload = JSON.stringify(event, null, 2);
      const seconds = Math.floor(Date.now() / 1000) - (options.ageSeconds ?? 0);
      return { payload, header: stripeSignature(payload, options.secret ?? webhookSecret, seconds) };
    },
    stall(ms) {
      stallMs = ms;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
