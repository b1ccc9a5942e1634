/**
 * `route=api/account/login` and `route=api/account/logout`. Login takes `username` and
 * `key`, checks the throttle first (only failed logins count, per username and address and per address), then
 * the credentials, the API user's status and the client's address, and opens a session: `{ success, api_token }`
 * plus the session cookie.
 * @module
 */
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { messageText } from '../domain/messages.js';
import type { ApiUser } from '../domain/records/api-user.js';
import { isStorableText } from '../domain/storable-text.js';
import type { LoginAttempt } from '../ports/login-throttle.js';
import { callAccessPort, refusalOf } from './auth.js';
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
function checkThrottle(config: HandlerConfig, attempt: LoginAttempt): ResultAsync<void, HttpError> {
  const { messages, loginThrottle } = config;
  return callAccessPort('login_throttle', messages, () => loginThrottle.check(attempt)).andThen((verdict) => {
    if (verdict.allowed) return okAsync(undefined);
    const seconds = verdict.retryAfterSeconds;
    const text = messageText(messages, 'session.throttled', { seconds });
    return errAsync(httpError('throttled', { warning: text }, { 'Retry-After': String(seconds) }));
  });
}

/**
 * The API user the credentials name; wrong ones count as a failed login and are `unauthorized`. An unknown
 * username still has its key checked (against no hash: the verifier's decoy), so it takes as long as a wrong key.
 */
function checkCredentials(
  config: HandlerConfig,
  attempt: LoginAttempt,
  key: string,
): ResultAsync<ApiUser, CheckoutError> {
  const { apiUsers, messages, loginThrottle } = config;
  const { username } = attempt;
  return callAccessPort('api_users', messages, () =>
    username === '' ? Promise.resolve(undefined) : apiUsers.findByUsername(username),
  ).andThen((user) =>
    callAccessPort('api_users', messages, () => config.verifyApiKey(key, user?.keyHash)).andThen(
      (matches) => {
        if (user !== undefined && matches && key !== '') return okAsync(user);
        const refusal = checkoutError('unauthorized', {
          warning: messageText(messages, 'session.credentials'),
        });
        return callAccessPort('login_throttle', messages, () => loginThrottle.recordFailure(attempt)).andThen(
          () => errAsync(refusal),
        );
      },
    ),
  );
}

/** Runs a login. */
function runLogin(call: RouteCall): ResultAsync<RouteReply, HttpError> {
  const { config, checkout, client, input } = call;
  const { messages } = config;
  const attempt: LoginAttempt = { username: credential(input.username), ip: client.ip };
  return checkThrottle(config, attempt)
    .andThen(() => checkCredentials(config, attempt, credential(input.key)))
    .andThen((user) => {
      const refusal = refusalOf(user, client.ip, messages);
      return refusal === undefined ? okAsync(user) : errAsync(refusal);
    })
    .andThen((user) =>
      callAccessPort('login_throttle', messages, () => config.loginThrottle.reset(attempt)).andThen(() =>
        checkout.openSession({ apiUserId: user.apiId }),
      ),
    )
    .map((opened) => ({
      body: { success: messageText(messages, 'session.login'), api_token: opened.sessionId },
      cookie: { set: opened.sessionId },
    }));
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
  run: (call) =>
    call.checkout.closeSession(call.sessionId).map(() => ({
      body: { success: messageText(call.config.messages, 'session.logout') },
      cookie: 'clear',
    })),
};
