/**
 * Authorizing a signed request (an OpenCart 4.1 client, which never logs in): the API user it names signs
 * requests, the signature is the one its secret makes over what was sent, the user is enabled and the client's
 * address is on its list, the request's time is within the window, and its signature has not been used before.
 * Then the request runs in the session of its cookie (or `api_token`) when that is one of the user's live
 * sessions, or in a new one.
 * @module
 */
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { CheckoutSession } from '../../domain/machine/session.js';
import type { ApiUser } from '../../domain/records/api-user.js';
import { askPort } from '../../engine/context.js';
import { type AccessCheck, refusalOf } from '../auth.js';
import type { HttpError } from '../http-error.js';
import type { SignedRequestConfig } from '../options.js';
import { fillText, type HttpTexts } from '../texts.js';
import { byteStringFromBytes, byteStringOf } from './php-bytes.js';
import { sameSignature, signatureOf, signingString } from './signature.js';
import { refusedSigned } from './signed-input.js';
import type { SignedRequest } from './signed-request.js';

/** What the checks need besides an ordinary session check's. */
export interface SignedAccess extends AccessCheck {
  readonly signing: SignedRequestConfig;
  readonly texts: HttpTexts;
}

/** The session a request runs in, and whether it was opened for it (the answer then sets the cookie). */
export interface AuthorizedSession {
  readonly session: CheckoutSession;
  readonly opened: boolean;
}

/**
 * A secret nobody holds, signed with when the user is unknown or does not sign, so that such a request takes as
 * long as one with a wrong signature. Made on first use.
 */
let decoySecret: string | undefined;

/** The user's signing secret, when it signs as OpenCart does. */
function secretOf(user: ApiUser | undefined): string | undefined {
  if (user?.signing !== 'opencart') return undefined;
  const secret = user.signingSecret;
  return typeof secret === 'string' && secret !== '' ? secret : undefined;
}

/** Whether `request` carries the signature `user`'s secret makes over it. */
async function verify(user: ApiUser | undefined, request: SignedRequest): Promise<boolean> {
  const secret = secretOf(user);
  decoySecret ??= byteStringFromBytes(globalThis.crypto.getRandomValues(new Uint8Array(32)));
  const username = byteStringOf(user?.username ?? request.username);
  const expected = signatureOf(secret ?? decoySecret, signingString({ ...request.parts, username }));
  return sameSignature(expected, request.signature) && secret !== undefined;
}

/** The API user when the signature is right, else `unauthorized` (as a wrong key is). */
function checkSignature(access: SignedAccess, request: SignedRequest): ResultAsync<ApiUser, HttpError> {
  const { apiUsers, messages, texts } = access;
  return new ResultAsync(
    askPort('api_users', messages, () => apiUsers.findByUsername(request.username)),
  ).andThen((user) =>
    ResultAsync.fromSafePromise(verify(user, request)).andThen((valid) =>
      valid && user !== undefined
        ? okAsync(user)
        : errAsync(refusedSigned('unauthorized', texts.signatureInvalid)),
    ),
  );
}

/** `unauthorized` unless the request's time is within the window of the clock, either way. */
function checkTime(access: SignedAccess, request: SignedRequest): HttpError | undefined {
  const { clock, windowSeconds } = access.signing;
  const nowSeconds = Math.floor(clock.now().getTime() / 1000);
  if (Math.abs(request.time - nowSeconds) <= windowSeconds) return undefined;
  return refusedSigned(
    'unauthorized',
    fillText(access.texts.signatureTime, { seconds: String(windowSeconds) }),
  );
}

/**
 * Claims the signature with the replay guard until it leaves the window; `unauthorized` when it was claimed
 * before. Keyed by user, so that two users' identical signatures (never in practice) cannot block each other.
 */
function claimSignature(
  access: SignedAccess,
  user: ApiUser,
  request: SignedRequest,
): ResultAsync<void, HttpError> {
  const { replayGuard, windowSeconds } = access.signing;
  const expiresAt = new Date((request.time + windowSeconds + 1) * 1000);
  return new ResultAsync(
    askPort('replay_guard', access.messages, () =>
      replayGuard.claim(`${user.apiId}:${request.signature}`, expiresAt),
    ),
  ).andThen((first) =>
    first ? okAsync(undefined) : errAsync(refusedSigned('unauthorized', access.texts.signatureReplayed)),
  );
}

/** A new session of `user`, loaded. */
function openSession(access: SignedAccess, user: ApiUser): ResultAsync<AuthorizedSession, HttpError> {
  const { checkout } = access;
  return checkout
    .openSession({ apiUserId: user.apiId })
    .andThen((opened) => checkout.getSession(opened.sessionId))
    .map((session) => ({ session, opened: true }));
}

/**
 * The live session `sessionId` names when it is `user`'s, else a new one. A session store that fails is a
 * failure (503), never a reason to open another session.
 */
function sessionFor(
  access: SignedAccess,
  user: ApiUser,
  sessionId: string | undefined,
): ResultAsync<AuthorizedSession, HttpError> {
  if (sessionId === undefined) return openSession(access, user);
  return access.checkout
    .getSession(sessionId)
    .map((session): CheckoutSession | undefined => session)
    .orElse((error) =>
      error.kind === 'unauthorized' || error.kind === 'expired' ? okAsync(undefined) : errAsync(error),
    )
    .andThen((session) =>
      session !== undefined && session.apiUserId === user.apiId
        ? okAsync({ session, opened: false })
        : openSession(access, user),
    );
}

/**
 * The session a signed request runs in, once every check passed: a wrong signature (or an unknown user, or one
 * that does not sign), a time outside the window and a replay are `unauthorized`; a disabled user or an address
 * off its list `forbidden`. Every refusal answers 403 under `compat: 'opencart'`, as OpenCart does.
 */
export function authorizeSigned(
  access: SignedAccess,
  request: SignedRequest,
  sessionId: string | undefined,
): ResultAsync<AuthorizedSession, HttpError> {
  return checkSignature(access, request)
    .andThen((user) => {
      const refusal = refusalOf(user, access.address, access.messages) ?? checkTime(access, request);
      // OpenCart refuses a signed request with 403; a host that cannot tell the address keeps its 500.
      return refusal === undefined
        ? okAsync(user)
        : errAsync<ApiUser, HttpError>({ ...refusal, opencartStatus: refusal.opencartStatus ?? 403 });
    })
    .andThen((user) => claimSignature(access, user, request).map(() => user))
    .andThen((user) => sessionFor(access, user, sessionId));
}
