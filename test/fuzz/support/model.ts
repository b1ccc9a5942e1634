/**
 * The model of a run: its sessions (token, open or closed, expiry, view), the orders it placed, the time, and
 * the login throttle's counts. {@link expectationOf} says which statuses the documentation allows for a request
 * in that state, stage by stage in the order the server checks them (docs/http-api.md): the query string, the
 * route, the method, the body, the session, and only then the operation.
 */
import type { Call } from './call.js';
import type { Catalog } from './catalog.js';
import type { Encoded } from './encode.js';
import { mustOf } from './musts.js';
import { allowOf, type RouteName, readsQuery, routeSpecs, takes } from './routes.js';
import { createThrottleModel, isThrottled, loginName, type ThrottleModel } from './throttle-model.js';
import type { View } from './view.js';
import { retentionSeconds } from './world.js';

/** A session of the run as the model knows it. */
export interface ModelSession {
  readonly token: string;
  closed: boolean;
  /** When it expires, in milliseconds of the world's clock: every accepted request moves it on. */
  expiresAtMs: number;
  view: View;
}

export interface Model {
  readonly sessions: ModelSession[];
  /** Order ids placed in this run, oldest first. */
  readonly orders: number[];
  nowMs: number;
  readonly throttle: ThrottleModel;
  readonly catalog: Catalog;
  readonly apiKey: string;
}

export function createModel(catalog: Catalog, apiKey: string, nowMs: number): Model {
  return { sessions: [], orders: [], nowMs, throttle: createThrottleModel(), catalog, apiKey };
}

/** The documented texts of the refusals that have one. */
export const texts = {
  missing: 'Warning: You do not have permission to access the API!',
  expired: 'Warning: Your API session has expired!',
  route: 'Warning: The requested API route could not be found!',
  credentials: 'Warning: Incorrect API Key!',
  method: (allow: string) => `Warning: This API route must be called with ${allow.replace(', HEAD', '')}!`,
} as const;

/** The `index`-th session (modulo how many), the newest when negative. */
export function sessionAt(model: Model, index: number): ModelSession | undefined {
  const { sessions } = model;
  if (sessions.length === 0) return undefined;
  return index < 0 ? sessions[sessions.length - 1] : sessions[index % sessions.length];
}

/** What the server will find for a session id. */
export type SessionState =
  | { readonly kind: 'live'; readonly session: ModelSession }
  | { readonly kind: 'expired'; readonly session: ModelSession }
  | { readonly kind: 'missing'; readonly session?: ModelSession | undefined };

export function stateOf(model: Model, token: string | undefined): SessionState {
  const session = model.sessions.find((s) => s.token === token);
  if (session === undefined || session.closed) return { kind: 'missing', session };
  if (model.nowMs >= session.expiresAtMs + retentionSeconds * 1000) return { kind: 'missing', session };
  if (model.nowMs >= session.expiresAtMs) return { kind: 'expired', session };
  return { kind: 'live', session };
}

/** What the server may answer, and at which stage the request stops. */
export interface Expectation {
  readonly statuses: readonly number[];
  readonly stage: 'head' | 'query' | 'route' | 'method' | 'body' | 'session' | 'operation';
  readonly why: string;
  /** The documented texts, one of which `error.warning` must be. */
  readonly warnings?: readonly string[];
  /** The `Allow` header of a 405. */
  readonly allow?: string;
  /** The session the operation runs in (operation stage). */
  readonly session?: ModelSession;
  /** A session of the run the request names but must leave untouched. */
  readonly bystander?: ModelSession | undefined;
  /** Keys the error must carry when the request is refused (the missing steps). */
  readonly errorKeys?: readonly string[];
}

/** The statuses each operation may answer once its session passed. */
const operationStatuses: Readonly<Record<RouteName, readonly number[]>> = {
  login: [200, 401, 429],
  logout: [200],
  customer: [200, 422],
  cart: [200, 422],
  addProduct: [200, 422],
  getProducts: [200],
  getTotals: [200],
  update: [200, 404, 422],
  remove: [200, 404, 422],
  currency: [200, 422],
  manufacturer: [200, 404, 422],
  manufacturerList: [200, 422],
  productList: [200, 422],
  paymentAddress: [200, 422],
  shippingAddress: [200, 422],
  shippingMethods: [200, 422],
  shippingMethod: [200, 422],
  paymentMethods: [200, 422],
  paymentMethod: [200, 422],
  coupon: [200, 422],
  reward: [200, 422],
  affiliate: [200, 422],
  confirm: [200, 404, 409, 422],
  historyAdd: [200, 404, 422],
  orderInfo: [200, 404, 422],
  unknown: [404],
};

/** A login's outcome by the documented rules: throttled, accepted, or wrong credentials. */
function loginExpectation(model: Model, encoded: Encoded): Expectation {
  const username = loginName(encoded.seen.username);
  const key = loginName(encoded.seen.key);
  if (isThrottled(model.throttle, username, model.nowMs)) {
    return { statuses: [429], stage: 'operation', why: 'too many failed logins' };
  }
  if (username === 'demo' && key === model.apiKey) {
    return { statuses: [200], stage: 'operation', why: 'the right username and key' };
  }
  return { statuses: [401], stage: 'operation', why: 'wrong credentials', warnings: [texts.credentials] };
}

/** Which statuses the server may answer `call` (encoded as `encoded`) in the model's state. */
export function expectationOf(model: Model, call: Call, encoded: Encoded): Expectation {
  if (encoded.oversizedHead)
    return { statuses: [413, 431], stage: 'head', why: 'a request head over 64 KiB' };
  if (['TRACE', 'TRACK', 'CONNECT'].includes(call.method)) {
    // No fetch Request can carry these: the Node listener answers them before any route is looked at.
    const allow = 'GET, HEAD, POST';
    return {
      statuses: [405],
      stage: 'method',
      why: 'a method Fetch forbids',
      warnings: [texts.method('GET, POST')],
      allow,
    };
  }
  if (encoded.queryRefusal !== undefined) {
    const { statuses, why } = encoded.queryRefusal;
    return { statuses, stage: 'query', why };
  }
  const spec = routeSpecs[call.route];
  if (call.route === 'unknown') {
    return { statuses: [404], stage: 'route', why: 'no such route', warnings: [texts.route] };
  }
  if (!takes(spec, call.method)) {
    const allow = allowOf(spec);
    return {
      statuses: [405],
      stage: 'method',
      why: 'the wrong method',
      warnings: [texts.method(allow)],
      allow,
    };
  }
  if (!readsQuery(call.method) && encoded.bodyRefusal !== undefined) {
    const { statuses, why } = encoded.bodyRefusal;
    return { statuses, stage: 'body', why };
  }
  if (call.route === 'login') return loginExpectation(model, encoded);
  const state = stateOf(model, encoded.token);
  if (state.kind !== 'live') {
    const warnings = [state.kind === 'expired' ? texts.expired : texts.missing];
    return {
      statuses: [401],
      stage: 'session',
      why: `a session that is ${state.kind}`,
      warnings,
      bystander: state.session,
    };
  }
  const session = state.session;
  if (call.route === 'confirm' && 'idempotency-key' in call.headers) {
    return {
      statuses: [...operationStatuses.confirm, 400],
      stage: 'operation',
      why: 'an Idempotency-Key',
      session,
    };
  }
  const must = mustOf(model, call.route, encoded.seen, session);
  if (must === undefined) {
    return {
      statuses: operationStatuses[call.route],
      stage: 'operation',
      why: 'the operation decides',
      session,
    };
  }
  const why = must.statuses.includes(200)
    ? 'a request that follows every rule'
    : 'a request that breaks a rule';
  return { statuses: must.statuses, stage: 'operation', why, session, errorKeys: must.keys ?? [] };
}
