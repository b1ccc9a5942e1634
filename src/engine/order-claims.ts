/**
 * What keeps a confirm from writing two orders (issue 5, DECISIONS 26 and 35): the idempotency claims of a write
 * and the recording of the order on the session.
 *
 * Every create carries the session's claim, keyed by the session, the order it last confirmed and the
 * fingerprint of what is confirmed now: concurrent confirms of one unchanged session share it, whether or not
 * they carry an `Idempotency-Key`, so exactly one writes and the others replay its order. Because the key names
 * the last order, confirming A, then B, then A again makes three orders (the session's last fingerprint is B's
 * when A comes back), while A twice makes one. A create with an `Idempotency-Key` carries the API user's claim
 * first, so the same key with another payload is a conflict; an update carries only that one (concurrent
 * updates are kept apart by the order's revision).
 * @module
 */
import { okAsync, type ResultAsync } from 'neverthrow';
import type { CheckoutSession } from '../domain/machine/session.js';
import type { ConfirmFacts } from '../domain/order/confirm.js';
import { confirmedSession } from '../domain/order/confirm.js';
import type { IdempotencyClaim } from '../ports/order-repository.js';
import type { EngineContext } from './context.js';
import { loadSession, saveSession } from './session-access.js';

/** The claim of the host's `Idempotency-Key`, scoped to the API user, or undefined without one. */
export function keyClaimOf(
  session: CheckoutSession,
  fingerprint: string,
  idempotencyKey: string | undefined,
): IdempotencyClaim | undefined {
  if (idempotencyKey === undefined || idempotencyKey === '') return undefined;
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
