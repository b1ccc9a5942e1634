/**
 * One fuzzed request as the generators describe it: which route, how it is written, with what parameters, which
 * session it claims, and what is broken about it on purpose. `encode.ts` turns it into bytes; the model reads it
 * to say what the server must answer.
 */
import type { FormStyle } from './encode-form.js';
import type { JsonStyle } from './encode-json.js';
import type { RouteName } from './routes.js';
import type { Params } from './tree.js';

/**
 * How the request names its session. `session` picks one of the run's sessions (modulo how many), the newest
 * when negative.
 * - `cookie`, `query`, `body`: the session id in the cookie, `api_token` in the query, or in the body;
 * - `query-over-cookie`: another session's cookie, this one's `api_token` (the token wins);
 * - `ignored-token`: this session's cookie with an `api_token` the server must ignore (a list, or empty);
 * - `none`, `forged`, `bent`: no session; a well-formed id nobody issued; this session's id altered (cut,
 *   with a NUL, with a space, in other case).
 */
export interface Auth {
  readonly via:
    | 'cookie'
    | 'query'
    | 'body'
    | 'query-over-cookie'
    | 'ignored-token'
    | 'none'
    | 'forged'
    | 'bent';
  readonly session: number;
  /** Which variant of `forged`, `bent` and `ignored-token`. */
  readonly variant: number;
}

/** A body broken on purpose, and how. */
export type BodyBreakage =
  | 'none'
  | 'media-type'
  | 'media-alias'
  | 'oversize'
  | 'deep'
  | 'many'
  | 'forbidden-key'
  | 'bad-escape'
  | 'bad-utf8'
  | 'bad-key'
  | 'bad-json'
  | 'not-object'
  | 'empty';

/** A query string broken on purpose, and how. */
export type QueryBreakage =
  | 'none'
  | 'forbidden-key'
  | 'bad-escape'
  | 'bad-key'
  | 'deep'
  | 'many'
  | 'long'
  | 'route-decoy';

/** A generated request. */
export interface Call {
  readonly route: RouteName;
  /** Which spelling of the route (modulo how many it has). */
  readonly spelling: number;
  /** The method sent: usually the route's, sometimes another. */
  readonly method: string;
  readonly params: Params;
  /** How a body is written; a GET or HEAD carries its parameters in the query, always as a form. */
  readonly encoding: 'form' | 'json';
  readonly form: FormStyle;
  readonly json: JsonStyle;
  readonly body: BodyBreakage;
  readonly query: QueryBreakage;
  /** Which variant of the breakage (a number the encoder picks from). */
  readonly variant: number;
  readonly auth: Auth;
  /** Extra headers (Idempotency-Key, User-Agent, X-Forwarded-For, …). */
  readonly headers: Readonly<Record<string, string>>;
}

/** Something other than a request: the clock moves on by some seconds (sessions age, throttles forget). */
export interface Wait {
  readonly wait: number;
}

/** One step of a run. */
export type Step = Call | Wait;

/** Whether a step is a wait. */
export function isWait(step: Step): step is Wait {
  return 'wait' in step;
}
