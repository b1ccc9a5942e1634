/**
 * Who may use a session: the same checks whether the session id came in the cookie or as
 * `api_token`. The session exists and is live, it belongs to an enabled API user, and the client's address is on
 * that user's list; only then does the operation run (and slide the session's expiry).
 * @module
 */
import { err, type Result } from 'neverthrow';
import { checkoutError } from '../domain/errors.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import type { ApiUser } from '../domain/records/api-user.js';
import type { SessionMethods as Checkout } from '../engine/checkout.js';
import { askPort } from '../engine/context.js';
import type { ApiUserDirectory } from '../ports/api-user-directory.js';
import { type AddressCheck, normalizeIp } from './client-address.js';
import type { HttpError } from './http-error.js';

/** What the checks need. */
export interface AccessCheck {
  readonly checkout: Checkout;
  readonly apiUsers: ApiUserDirectory;
  readonly messages: MessageCatalog;
  /** The client's address (normalised), and how a request without one is treated. */
  readonly address: AddressCheck;
}

/** What an unsigned request's check needs besides: the refusal text for a user that must sign. */
export interface UnsignedAccessCheck extends AccessCheck {
  /** The `warning` of the 401 an unsigned request to a signing user's session gets. */
  readonly signatureNeeded: string;
}

/**
 * Whether `user` signs its requests as OpenCart 4.1's clients do. Such a user's sessions accept only signed
 * requests: its signature is what proves each request (and guards against replays and changed bodies), so a
 * cookie or `api_token` alone, which anyone who saw one answer holds, must not stand in for it.
 */
export function signsRequests(user: ApiUser): boolean {
  return user.signing === 'opencart';
}

/**
 * The API user's refusal of this client, if any: `forbidden` when the user is gone or disabled, or when the
 * client's address is not on its list; when the address cannot be told, the refusal saying so, unless the
 * user's list is off (`allowAnyIp`).
 */
export function refusalOf(
  user: ApiUser | undefined,
  address: AddressCheck,
  messages: MessageCatalog,
): HttpError | undefined {
  if (user === undefined || !user.status) {
    return checkoutError('forbidden', { warning: messageText(messages, 'session.missing') });
  }
  if (address.allowAnyIp.has(user.username)) return undefined;
  const { ip } = address;
  if (ip === '') return address.refuse(address.gap ?? 'missing');
  if (!user.ips.some((allowed) => normalizeIp(allowed) === ip)) {
    return checkoutError('forbidden', { warning: messageText(messages, 'session.ip', { ip }) });
  }
  return undefined;
}

/**
 * The live session `sessionId`, for an unsigned request, once every check passed. Without an id: `unauthorized`;
 * unknown: `unauthorized`; timed out: `expired` (both from `checkout.getSession`, which does not slide the
 * expiry); refused API user or address: `forbidden`; a session of a user that signs: `unauthorized` with
 * `signatureNeeded` (403 under `compat: 'opencart'`, as OpenCart refuses every unsigned request).
 */
export async function authorize(
  access: UnsignedAccessCheck,
  sessionId: string | undefined,
): Promise<Result<CheckoutSession, HttpError>> {
  const { checkout, apiUsers, messages, address } = access;
  if (sessionId === undefined) {
    return err(checkoutError('unauthorized', { warning: messageText(messages, 'session.missing') }));
  }
  const found = await checkout.getSession(sessionId);
  if (found.isErr()) return found;
  const session = found.value;
  const user = await askPort('api_users', messages, () => apiUsers.getApiUser(session.apiUserId));
  if (user.isErr()) return err(user.error);
  const refusal = refusalOf(user.value, address, messages);
  if (refusal !== undefined) return err(refusal);
  if (user.value !== undefined && signsRequests(user.value)) {
    return err({
      ...checkoutError('unauthorized', { warning: access.signatureNeeded }),
      opencartStatus: 403,
    });
  }
  return found;
}
