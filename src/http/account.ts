/**
 * `route=api/account/login` and `route=api/account/logout` (DECISIONS 2, 5, 37). Login takes `username` and
 * `key`, checks the throttle first (only failed logins count), then the credentials, the API user's status and
 * the client's address, and opens a session: `{ success, api_token }` plus the session cookie.
 * @module
 */
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { hashApiKey } from '../adapters/system/api-key-hash.js';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { messageText } from '../domain/messages.js';
import type { ApiUser } from '../domain/records/api-user.js';
import type { FormValue } from '../input/form.js';
import { callAccessPort, refusalOf } from './auth.js';
import { type HttpError, httpError } from './http-error.js';
import type { HandlerConfig } from './options.js';
import type { PublicRoute, RouteCall, RouteReply, SessionRoute } from './route.js';

/** Longest username or key looked at; longer ones are wrong credentials without a look-up. */
const MAX_CREDENTIAL_LENGTH = 256;

/** A hash nobody has the key of, checked when the username is unknown so that both cases take as long. */
let decoyHash: string | undefined;

/** A credential field as text, or '' when it is missing, not text, or absurdly long. */
function credential(value: FormValue | undefined): string {
  return typeof value === 'string' && value.length <= MAX_CREDENTIAL_LENGTH ? value : '';
}

/** The throttle's key: one counter per username and client address. */
function throttleKeyOf(username: string, ip: string): string {
  return JSON.stringify([username, ip]);
}

/** `throttled` (429) with the seconds to wait, unless the throttle lets the attempt go ahead. */
function checkThrottle(config: HandlerConfig, key: string): ResultAsync<void, HttpError> {
  const { messages, loginThrottle } = config;
  return callAccessPort('login_throttle', messages, () => loginThrottle.check(key)).andThen((verdict) => {
    if (verdict.allowed) return okAsync(undefined);
    const seconds = verdict.retryAfterSeconds;
    const text = messageText(messages, 'session.throttled', { seconds });
    return errAsync(httpError('throttled', { warning: text }, { 'Retry-After': String(seconds) }));
  });
}

/** The API user the credentials name; wrong ones count as a failed login and are `unauthorized`. */
function checkCredentials(
  config: HandlerConfig,
  username: string,
  key: string,
  throttleKey: string,
): ResultAsync<ApiUser, CheckoutError> {
  const { apiUsers, messages, loginThrottle } = config;
  return callAccessPort('api_users', messages, () =>
    username === '' ? Promise.resolve(undefined) : apiUsers.findByUsername(username),
  ).andThen((user) => {
    decoyHash ??= hashApiKey('cartwright decoy key');
    const matches = config.verifyApiKey(key, user?.keyHash ?? decoyHash) && key !== '';
    if (user !== undefined && matches) return okAsync(user);
    const refusal = checkoutError('unauthorized', { warning: messageText(messages, 'session.credentials') });
    return callAccessPort('login_throttle', messages, () => loginThrottle.recordFailure(throttleKey)).andThen(
      () => errAsync(refusal),
    );
  });
}

/** Runs a login. */
function runLogin(call: RouteCall): ResultAsync<RouteReply, HttpError> {
  const { config, checkout, client, input } = call;
  const { messages } = config;
  const username = credential(input.username);
  const throttleKey = throttleKeyOf(username, client.ip);
  return checkThrottle(config, throttleKey)
    .andThen(() => checkCredentials(config, username, credential(input.key), throttleKey))
    .andThen((user) => {
      const refusal = refusalOf(user, client.ip, messages);
      return refusal === undefined ? okAsync(user) : errAsync(refusal);
    })
    .andThen((user) =>
      callAccessPort('login_throttle', messages, () => config.loginThrottle.reset(throttleKey)).andThen(() =>
        checkout.openSession({ apiUserId: user.apiId }),
      ),
    )
    .map((opened) => ({
      body: { success: messageText(messages, 'session.login'), api_token: opened.sessionId },
      cookie: { set: opened.sessionId },
    }));
}

/** `POST route=api/account/login`. */
export const login: PublicRoute = { method: 'POST', access: 'public', run: runLogin };

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
