/**
 * `route=api/account/login` and `route=api/account/logout`. Login takes `username` and
 * `key`, checks the throttle first (only failed logins count, per username and address and per address), then
 * the credentials, the API user's status and the client's address, and opens a session: `{ success, api_token }`
 * plus the session cookie.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { messageText } from '../domain/messages.js';
import type { ApiUser } from '../domain/records/api-user.js';
import { isStorableText } from '../domain/storable-text.js';
import { askPort } from '../engine/context.js';
import type { LoginAttempt } from '../ports/login-throttle.js';
import { refusalOf } from './auth.js';
import { addressCheckOf } from './client-address.js';
import type { FormValue } from './form.js';
import { type HttpError, httpError } from './http-error.js';
import type { HandlerConfig } from './options.js';
import type { PublicRoute, RouteCall, RouteReply, SessionRoute } from './route.js';

/** Longest username or key looked at; longer ones are wrong credentials without a look-up. */
const MAX_CREDENTIAL_LENGTH = 256;

/**
 * A credential field as text, or '' when it is missing, not text, absurdly long, or text no store can hold (a
 * NUL in a username would make PostgreSQL refuse the look-up, where the memory directory just finds nobody).
 */
function credential(value: FormValue | undefined): string {
  return typeof value === 'string' && value.length <= MAX_CREDENTIAL_LENGTH && isStorableText(value)
    ? value
    : '';
}

/** `throttled` (429) with the seconds to wait, unless the throttle lets the attempt go ahead. */
async function checkThrottle(config: HandlerConfig, attempt: LoginAttempt): Promise<Result<void, HttpError>> {
  const { messages, loginThrottle } = config;
  const verdict = await askPort('login_throttle', messages, () => loginThrottle.check(attempt));
  if (verdict.isErr()) return err(verdict.error);
  if (verdict.value.allowed) return ok(undefined);
  const seconds = verdict.value.retryAfterSeconds;
  const text = messageText(messages, 'session.throttled', { seconds });
  return err(httpError('throttled', { warning: text }, { 'Retry-After': String(seconds) }));
}

/**
 * The API user the credentials name; wrong ones count as a failed login and are `unauthorized`. An unknown
 * username still has its key checked (against no hash: the verifier's decoy), so it takes as long as a wrong key.
 */
async function checkCredentials(
  config: HandlerConfig,
  attempt: LoginAttempt,
  key: string,
): Promise<Result<ApiUser, CheckoutError>> {
  const { apiUsers, messages, loginThrottle } = config;
  const { username } = attempt;
  const found = await askPort('api_users', messages, () =>
    username === '' ? Promise.resolve(undefined) : apiUsers.findByUsername(username),
  );
  if (found.isErr()) return err(found.error);
  const user = found.value;
  const matches = await askPort('api_users', messages, () => config.verifyApiKey(key, user?.keyHash));
  if (matches.isErr()) return err(matches.error);
  if (user !== undefined && matches.value && key !== '') return ok(user);
  const refusal = checkoutError('unauthorized', { warning: messageText(messages, 'session.credentials') });
  const recorded = await askPort('login_throttle', messages, () => loginThrottle.recordFailure(attempt));
  return recorded.isErr() ? err(recorded.error) : err(refusal);
}

/** Runs a login. */
async function runLogin(call: RouteCall): Promise<Result<RouteReply, HttpError>> {
  const { config, checkout, client, input } = call;
  const { messages } = config;
  const attempt: LoginAttempt = { username: credential(input.username), ip: client.ip };
  const throttle = await checkThrottle(config, attempt);
  if (throttle.isErr()) return err(throttle.error);
  const checked = await checkCredentials(config, attempt, credential(input.key));
  if (checked.isErr()) return err(checked.error);
  const user = checked.value;
  const refusal = refusalOf(user, addressCheckOf(config, client), messages);
  if (refusal !== undefined) return err(refusal);
  const reset = await askPort('login_throttle', messages, () => config.loginThrottle.reset(attempt));
  if (reset.isErr()) return err(reset.error);
  const opened = await checkout.openSession({ apiUserId: user.apiId });
  if (opened.isErr()) return err(opened.error);
  const { sessionId } = opened.value;
  return ok({
    body: { success: messageText(messages, 'session.login'), api_token: sessionId },
    cookie: { set: sessionId },
  });
}

/** `POST route=api/account/login`. */
export const login: PublicRoute = {
  method: 'POST',
  access: 'public',
  checksClientAddress: true,
  run: runLogin,
};

/** `POST route=api/account/logout`: ends the session and clears the cookie. */
export const logout: SessionRoute = {
  method: 'POST',
  access: 'session',
  run: async (call) => {
    const closed = await call.checkout.closeSession(call.sessionId);
    if (closed.isErr()) return err(closed.error);
    return ok({ body: { success: messageText(call.config.messages, 'session.logout') }, cookie: 'clear' });
  },
};
