/**
 * What keeps a confirm from writing two orders: the idempotency claims a write carries.
 *
 * Every create carries the session's claim, keyed by the session, the order it last confirmed and the
 * fingerprint of what is confirmed now: concurrent confirms of one unchanged session share it, whether or not
 * they carry an `Idempotency-Key`, so exactly one writes and the others replay its order. Because the key names
 * the last order, confirming A, then B, then A again makes three orders (the session's last fingerprint is B's
 * when A comes back), while A twice makes one. A create with an `Idempotency-Key` carries the API user's claim
 * first, so the same key with another payload is a conflict; an update carries only that one (concurrent
 * updates are kept apart by the order's revision). A confirm that answers the session's last order again
 * (nothing written) records its key for that order, so the key cannot later name a different order.
 *
 * A repeat of an attempt whose payment ended unpaid is a create (see `decideConfirm`): its session claim names
 * that attempt as the last order, so concurrent repeats of it still write one new order; its key claim comes
 * first, so the key the ended attempt was confirmed with still answers that attempt (the same key, the same
 * answer), and only a new key (or none) pays again.
 *
 * A key is 1 to 255 visible ASCII characters: it is stored and compared as given, and a key cut short or
 * holding text a store cannot keep would silently become another key.
 * @module
 */
import { checkoutError, type ValidationError } from '../errors.js';
import type { CheckoutSession } from '../machine/session.js';
import { type MessageCatalog, messageText } from '../messages.js';
import type { IdempotencyClaim } from './write.js';

/** 1 to 255 visible ASCII characters (`!` to `~`). */
const keyPattern = /^[\x21-\x7e]{1,255}$/;

/**
 * Whether `key` may be an `Idempotency-Key`: 1 to 255 visible ASCII characters, no space.
 * @param key - the header's value as received
 */
export function isIdempotencyKey(key: string): boolean {
  return keyPattern.test(key);
}

/** The `validation` error of a key that is given but not 1 to 255 visible ASCII characters, else undefined. */
export function idempotencyKeyError(
  key: string | undefined,
  messages: MessageCatalog,
): ValidationError | undefined {
  if (key === undefined || isIdempotencyKey(key)) return undefined;
  return checkoutError('validation', { warning: messageText(messages, 'order.idempotency_key') });
}

/** The claim of the host's `Idempotency-Key`, scoped to the API user, or undefined without one. */
export function keyClaimOf(
  session: CheckoutSession,
  fingerprint: string,
  idempotencyKey: string | undefined,
): IdempotencyClaim | undefined {
  if (idempotencyKey === undefined) return undefined;
  return { scope: `api-user:${session.apiUserId}`, key: idempotencyKey, fingerprint };
}

/** The claims of a create: the key's (when given), then the session's (see the module notes). */
export function createClaimsOf(
  session: CheckoutSession,
  fingerprint: string,
  idempotencyKey: string | undefined,
): IdempotencyClaim[] {
  const sessionClaim = {
    scope: `session:${session.id}`,
    key: `${session.lastOrder?.orderId ?? 0}:${fingerprint}`,
    fingerprint,
  };
  const keyClaim = keyClaimOf(session, fingerprint, idempotencyKey);
  return keyClaim === undefined ? [sessionClaim] : [keyClaim, sessionClaim];
}
