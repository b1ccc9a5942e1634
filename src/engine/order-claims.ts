/**
 * What keeps a confirm from writing two orders: the idempotency claims of a write (and of a replay of the
 * session's last order), and the recording of the order on the session.
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
 * A key is 1 to 255 visible ASCII characters: it is stored and compared as given, and a key cut short or
 * holding text a store cannot keep would silently become another key.
 * @module
 */
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { ConfirmFacts } from '../domain/confirm.js';
import { confirmedSession } from '../domain/confirm.js';
import { type CheckoutError, checkoutError, type ValidationError } from '../domain/errors.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import type { OrderRecord } from '../domain/records/order.js';
import type { CheckoutSession } from '../domain/session.js';
import type { IdempotencyClaim } from '../ports/order-repository.js';
import { callPort, type EngineContext } from './context.js';
import { loadSession, saveSession } from './session-access.js';

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

/**
 * Records a written order on the session (DECISIONS 35). The order is written by now, so a session changed
 * meanwhile never turns the confirm into a failure: the record is laid over the changed session, unless
 * another confirm recorded its own order since this one loaded (the later order is then the session's last).
 * Left unrecorded after that one retry, a repeat of this confirm is still caught by the session's claim.
 */
export function recordOrder(
  context: EngineContext,
  loaded: CheckoutSession,
  orderId: number,
  facts: ConfirmFacts,
): ResultAsync<void, never> {
  const record = (session: CheckoutSession) =>
    saveSession(context, confirmedSession(session, orderId, facts), session.version);
  return record(loaded)
    .orElse(() =>
      loadSession(context, loaded.id).andThen((fresh) =>
        fresh.lastOrder?.orderId === loaded.lastOrder?.orderId ? record(fresh) : okAsync(fresh),
      ),
    )
    .map(() => undefined)
    .orElse(() => okAsync(undefined));
}

/**
 * The order a replay answers: of the session's last order, or of a create its session claim replayed. With a
 * key, the key is recorded for that order first (or answers the order it already names; another payload under
 * it is a `conflict`); without one the order is `known`, or read. Undefined when the order is gone.
 */
export function replayedOrder(
  context: EngineContext,
  session: CheckoutSession,
  orderId: number,
  facts: ConfirmFacts,
  idempotencyKey: string | undefined,
  known?: OrderRecord,
): ResultAsync<OrderRecord | undefined, CheckoutError> {
  const { orders } = context.deps;
  const { messages } = facts;
  const claim = keyClaimOf(session, facts.fingerprint, idempotencyKey);
  if (claim === undefined) {
    return known === undefined ? callPort('orders', messages, () => orders.get(orderId)) : okAsync(known);
  }
  return callPort('orders', messages, () => orders.claim(orderId, claim)).andThen((outcome) => {
    if (outcome.status === 'idempotency_conflict') {
      return errAsync(checkoutError('conflict', { warning: messageText(messages, 'order.idempotency') }));
    }
    return okAsync(outcome.status === 'not_found' ? undefined : outcome.order);
  });
}
