/**
 * Loading, saving and touching sessions: the session store's answers turned into the engine's errors
 * (`unauthorized` for a missing session, `expired`, `conflict` for a lost compare-and-set).
 * @module
 */
import { err, errAsync, ok, okAsync, type Result, ResultAsync } from 'neverthrow';
import { type CheckoutError, checkoutError, unavailable } from '../domain/errors.js';
import { type CheckoutSession, isSessionExpired, sessionSchemaVersion } from '../domain/machine/session.js';
import { parseStoredSession } from '../domain/machine/stored-session.js';
import { messageText } from '../domain/messages.js';
import { callPort, type EngineContext, readClock, secondsAfter } from './context.js';
import type { SessionTurn } from './session-queue.js';

/** Session ids travel in cookies and query strings: anything else is not a session id. */
const sessionIdPattern = /^[A-Za-z0-9_-]{1,128}$/;

/** The texts used before a session (and its language) is known: the store's language. */
function storeMessages(context: EngineContext) {
  return context.messagesFor(context.settings.language);
}

/** The error for a session that is not there (never created, deleted, forgotten, or a malformed id). */
function missing(context: EngineContext): CheckoutError {
  return checkoutError('unauthorized', { warning: messageText(storeMessages(context), 'session.missing') });
}

/** The error for a session whose inactivity period ran out. */
function expired(context: EngineContext): CheckoutError {
  return checkoutError('expired', { warning: messageText(storeMessages(context), 'session.expired') });
}

/**
 * The stored session checked and brought to the current shape. One a newer release wrote is `unavailable`: it
 * is intact, and a server of that release (or this one, retried after a deploy) can serve it, so the client
 * should retry rather than lose it. One no release can read (an older shape without a migration, damaged
 * data) is `expired`: the client's way forward is a new session, as after a timeout.
 */
function usable(context: EngineContext, stored: unknown): Result<CheckoutSession, CheckoutError> {
  return parseStoredSession(stored).mapErr((fault) => {
    if (fault.reason !== 'newer') return expired(context);
    const text = messageText(storeMessages(context), 'service.unavailable');
    const cause = new Error(
      `cartwright: a stored session has schemaVersion ${fault.schemaVersion}; this release reads ${sessionSchemaVersion}`,
    );
    return unavailable('sessions', cause, text);
  });
}

/**
 * Loads a live session: `unauthorized` when missing, `expired` when its time ran out or no release can read
 * it, `unavailable` when a newer release wrote it.
 */
export function loadSession(
  context: EngineContext,
  sessionId: string,
): ResultAsync<CheckoutSession, CheckoutError> {
  if (typeof sessionId !== 'string' || !sessionIdPattern.test(sessionId)) return errAsync(missing(context));
  const messages = storeMessages(context);
  return readClock(context, messages).asyncAndThen((now) =>
    callPort('sessions', messages, () => context.deps.sessions.get(sessionId)).andThen((lookup) => {
      if (lookup.status === 'missing') return err(missing(context));
      if (lookup.status === 'expired') return err(expired(context));
      return usable(context, lookup.session).andThen((session) =>
        isSessionExpired(session, now.toISOString()) ? err(expired(context)) : ok(session),
      );
    }),
  );
}

/**
 * What an operation runs on: a session id to load, or a session the host loaded already (its authorization reads
 * the session to check the API user and address, and hands it on, so a request loads its session once).
 */
export type SessionTarget = string | CheckoutSession;

/** The session of a target: the one handed over, or the one its id names, loaded. */
export function sessionOf(
  context: EngineContext,
  target: SessionTarget,
): ResultAsync<CheckoutSession, CheckoutError> {
  return typeof target === 'string' ? loadSession(context, target) : okAsync(target);
}

/**
 * Runs a command that saves its session in that session's turn (see `session-queue.ts`), on the target as given,
 * or, when another command on the session was running or waiting as this one arrived, on its id: a session the
 * host loaded before the turn began is then loaded again, as the commands before this one left it.
 */
export function inSessionTurn<T>(
  context: EngineContext,
  target: SessionTarget,
  run: (target: SessionTarget, turn: SessionTurn) => ResultAsync<T, CheckoutError>,
): ResultAsync<T, CheckoutError> {
  const id = typeof target === 'string' ? target : target.id;
  return new ResultAsync(context.sessionQueue.run(id, (turn) => run(turn.waited ? id : target, turn)));
}

/** Saves over `expectedVersion`; another request having saved first is a `conflict` and nothing is written. */
export function saveSession(
  context: EngineContext,
  session: CheckoutSession,
  expectedVersion: number,
): ResultAsync<CheckoutSession, CheckoutError> {
  const messages = context.messagesFor(session.language);
  return callPort('sessions', messages, () => context.deps.sessions.save(session, expectedVersion)).andThen(
    (outcome) =>
      outcome === 'saved'
        ? ok(session)
        : err(checkoutError('conflict', { warning: messageText(messages, 'session.conflict') })),
  );
}

/** Slides the expiry of a session a read-only request used; returns the session with its new expiry. */
export function touchSession(
  context: EngineContext,
  session: CheckoutSession,
): ResultAsync<CheckoutSession, CheckoutError> {
  const messages = context.messagesFor(session.language);
  return readClock(context, messages).asyncAndThen((now) => {
    const expiresAt = secondsAfter(now, context.ttlSeconds);
    return callPort('sessions', messages, () => context.deps.sessions.touch(session.id, expiresAt)).map(
      () => ({
        ...session,
        expiresAt,
      }),
    );
  });
}
