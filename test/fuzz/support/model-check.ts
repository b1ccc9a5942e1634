/**
 * The model check of one answered request: a refused request (any 4xx, or a request stopped before its
 * operation) left the stored session exactly as it was; an accepted one changed it as the model predicts, moved
 * its expiry to now plus the inactivity period, and stored no text a store cannot hold. The model is updated
 * with what the server did, so that a run goes on from the server's state.
 */
import { answeredLinesProblems } from './answer-lines.js';
import type { Call } from './call.js';
import type { Encoded } from './encode.js';
import { isUnstorable } from './known-defects.js';
import type { Expectation, Model, ModelSession } from './model.js';
import type { Violation } from './oracles.js';
import { predict, withoutDropped } from './predict.js';
import { readOnly } from './routes.js';
import { loginName, recordFailure, recordSuccess } from './throttle-model.js';
import { emptyView, type Stored, type View } from './view.js';
import type { WireAnswer } from './wire.js';
import { sessionTtlSeconds } from './world.js';

/** The stored session before and after the request (or why there is none). */
export type Snapshot = Stored | 'missing' | 'expired' | undefined;

const jsonOf = (snapshot: Snapshot) => (typeof snapshot === 'object' ? snapshot.json : String(snapshot));

/** Canonical JSON: object keys sorted, so that equal views compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/** The differences between the predicted and the stored view; a new line (no id yet) may take any new id. */
function viewDifferences(predicted: View, stored: View, before: View): string[] {
  const known = new Set(before.cart.map((line) => line.cartId));
  const lines = predicted.cart.map((line, i) => {
    const actual = stored.cart[i];
    return line.cartId === '' && actual !== undefined && !known.has(actual.cartId)
      ? { ...line, cartId: actual.cartId }
      : line;
  });
  const expected = { ...predicted, cart: lines };
  return Object.keys(expected)
    .filter((key) => canonical(expected[key as keyof View]) !== canonical(stored[key as keyof View]))
    .map(
      (key) =>
        `${key}: predicted ${canonical(expected[key as keyof View]).slice(0, 400)}, stored ${canonical(stored[key as keyof View]).slice(0, 400)}`,
    );
}

/** Every text of a view that no store can hold. */
function unstorableTexts(view: View): string[] {
  const texts: string[] = [];
  JSON.stringify(view, (_key, value: unknown) => {
    if (typeof value === 'string' && isUnstorable(value)) texts.push(value);
    return value;
  });
  return texts;
}

/** Whether the session holds text no store can hold (the model's view of it). */
export function holdsUnstorable(session: ModelSession | undefined): boolean {
  return session !== undefined && unstorableTexts(session.view).length > 0;
}

const model = (detail: string): Violation => ({ oracle: 'model', detail });

/** A login's effect: a failure counts against the throttle, a success opens a session with an empty view. */
function checkLogin(m: Model, encoded: Encoded, answer: WireAnswer, after: Snapshot): Violation[] {
  const username = loginName(encoded.seen.username);
  if (answer.status === 401) recordFailure(m.throttle, username, m.nowMs);
  if (answer.status !== 200) return [];
  recordSuccess(m.throttle, username);
  const token = (answer.json as { api_token?: unknown } | undefined)?.api_token;
  if (typeof token !== 'string') return [];
  m.sessions.push({ token, closed: false, expiresAtMs: m.nowMs + sessionTtlSeconds * 1000, view: emptyView });
  const cookie = String(answer.headers['set-cookie'] ?? '');
  const violations: Violation[] = [];
  if (!cookie.includes(`OCSESSID=${token};`))
    violations.push({ oracle: 'header', detail: `Set-Cookie ${cookie}` });
  if (typeof after !== 'object' || canonical(after.view) !== canonical(emptyView)) {
    violations.push(model(`a new session is not empty: ${jsonOf(after).slice(0, 400)}`));
  }
  return violations;
}

/** An accepted operation: the predicted view, the moved expiry, no unstorable text; the model adopts it. */
function checkAccepted(
  m: Model,
  call: Call,
  encoded: Encoded,
  answer: WireAnswer,
  session: ModelSession,
  before: Snapshot,
  after: Snapshot,
): Violation[] {
  if (call.route === 'logout') {
    session.closed = true;
    return after === 'missing'
      ? []
      : [model(`the session is still stored after logout: ${jsonOf(after).slice(0, 200)}`)];
  }
  if (typeof after !== 'object') return [model(`the session is ${after} after an accepted ${call.route}`)];
  const violations: Violation[] = [];
  const prediction = predict(call.route, session.view, encoded.seen, m.catalog, answer.json);
  if ('refused' in prediction) violations.push(model(`accepted ${call.route} with ${prediction.refused}`));
  else {
    const predicted = withoutDropped(prediction.view, answer.json);
    violations.push(
      ...viewDifferences(predicted, after.view, session.view).map((d) => model(`after ${call.route}, ${d}`)),
    );
  }
  const expiresAt = new Date(m.nowMs + sessionTtlSeconds * 1000).toISOString();
  if (after.expiresAt !== expiresAt)
    violations.push(model(`expiresAt ${after.expiresAt}, expected ${expiresAt}`));
  if (readOnly.has(call.route) && typeof before === 'object' && after.version !== before.version) {
    violations.push(model(`${call.route} saved a new version (${before.version} → ${after.version})`));
  }
  violations.push(...answeredLinesProblems(call.route, answer.json, after.view).map(model));
  for (const text of unstorableTexts(after.view)) {
    violations.push(model(`stored text no store can hold: ${JSON.stringify(text).slice(0, 80)}`));
  }
  session.view = after.view;
  session.expiresAtMs = m.nowMs + sessionTtlSeconds * 1000;
  if (after.view.lastOrderId !== null && !m.orders.includes(after.view.lastOrderId))
    m.orders.push(after.view.lastOrderId);
  return violations;
}

/** The model check of one answered request; updates the model. */
export function modelViolations(
  m: Model,
  call: Call,
  encoded: Encoded,
  expectation: Expectation,
  answer: WireAnswer,
  before: Snapshot,
  after: Snapshot,
): Violation[] {
  if (answer.status === 0) return [];
  if (expectation.stage === 'operation' && call.route === 'login')
    return checkLogin(m, encoded, answer, after);
  const session = expectation.session;
  if (expectation.stage === 'operation' && session !== undefined && answer.status === 200) {
    return checkAccepted(m, call, encoded, answer, session, before, after);
  }
  if (before === undefined) return [];
  if (jsonOf(before) === jsonOf(after)) return [];
  return [model(`a refused request (${answer.status}) changed the session: ${changes(before, after)}`)];
}

/** The members of the stored session that differ, before → after. */
function changes(before: Snapshot, after: Snapshot): string {
  if (typeof before !== 'object' || typeof after !== 'object') {
    return `${jsonOf(before).slice(0, 200)} → ${jsonOf(after).slice(0, 200)}`;
  }
  const was = JSON.parse(before.json) as Record<string, unknown>;
  const now = JSON.parse(after.json) as Record<string, unknown>;
  return [...new Set([...Object.keys(was), ...Object.keys(now)])]
    .filter((key) => canonical(was[key]) !== canonical(now[key]))
    .map((key) => `${key} ${canonical(was[key]).slice(0, 200)} → ${canonical(now[key]).slice(0, 200)}`)
    .join('; ');
}
