/**
 * Loading, saving and touching sessions: the session store's answers turned into the engine's errors
 * (`unauthorized` for a missing session, `expired`, `conflict` for a lost compare-and-set).
 * @module
 */
import { err, ok, type Result, ResultAsync } from 'neverthrow';
import { type CheckoutError, checkoutError, type UnavailableError, unavailable } from '../domain/errors.js';
import type { TimeFacts } from '../domain/machine/facts.js';
import {
  type CheckoutSession,
  isSessionExpiredAt,
  sessionRecord,
  sessionSchemaVersion,
} from '../domain/machine/session.js';
import { parseStoredSession } from '../domain/machine/stored-session.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import { type Answer, askPort, type EngineContext, readClock, secondsAfter } from './context.js';
import { readTimeFacts, timeFactsAt } from './facts.js';
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
 * The stored session checked and brought to the current shape: the one the engine's cache keeps for its id and
 * version (the engine built and saved that one), else the stored one checked whole. One a newer release wrote is
 * `unavailable`: it is intact, and a server of that release (or this one, retried after a deploy) can serve it,
 * so the client should retry rather than lose it. One no release can read (an older shape without a migration,
 * damaged data) is `expired`: the client's way forward is a new session, as after a timeout.
 */
function usable(context: EngineContext, stored: unknown): Result<CheckoutSession, CheckoutError> {
  const { sessions } = context.cache;
  if (typeof stored === 'object' && stored !== null) {
    const kept = sessions.find(stored);
    if (kept !== undefined) return ok(kept);
  }
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
 * What an operation runs on: a session id to load, or a session the host loaded already (its authorization reads
 * the session to check the API user and address, and hands it on, so a request loads its session once).
 */
export type SessionTarget = string | CheckoutSession;

/** A session taken for a request, and the instant its load read from the clock (none for one handed over). */
export interface TakenSession {
  readonly session: CheckoutSession;
  readonly now: Date | undefined;
}

/** A session loaded by id, and the instant it was found live at (the clock read once for the request). */
interface LoadedSession extends TakenSession {
  readonly now: Date;
}

/**
 * Loads a live session by id: `unauthorized` when missing, `expired` when its time ran out or no release can
 * read it, `unavailable` when a newer release wrote it. Answers the instant it was judged live at, too.
 */
async function loadById(context: EngineContext, sessionId: string): Answer<LoadedSession> {
  if (typeof sessionId !== 'string' || !sessionIdPattern.test(sessionId)) return err(missing(context));
  const messages = storeMessages(context);
  const now = readClock(context, messages);
  if (now.isErr()) return err(now.error);
  const lookup = await askPort('sessions', messages, () => context.deps.sessions.get(sessionId));
  if (lookup.isErr()) return err(lookup.error);
  if (lookup.value.status === 'missing') return err(missing(context));
  if (lookup.value.status === 'expired') return err(expired(context));
  const session = usable(context, lookup.value.session);
  if (session.isErr()) return err(session.error);
  if (isSessionExpiredAt(session.value, now.value.getTime())) return err(expired(context));
  return ok({ session: session.value, now: now.value });
}

/**
 * The one way the engine takes a session: the one handed over (the host loaded it), or the live session its id
 * names, loaded, with the instant of that load.
 */
export function takeSession(context: EngineContext, target: SessionTarget): Answer<TakenSession> {
  if (typeof target === 'string') return loadById(context, target);
  return Promise.resolve(ok({ session: target, now: undefined }));
}

/**
 * The request's time facts: at the instant its session was loaded, or read from the clock now (a session handed
 * over was loaded by the host, at an instant this request never read).
 */
export function requestTime(
  context: EngineContext,
  taken: TakenSession,
  messages: MessageCatalog,
): Result<TimeFacts, UnavailableError> {
  return taken.now === undefined ? readTimeFacts(context, messages) : ok(timeFactsAt(context, taken.now));
}

/**
 * Stores `session` over `expectedVersion`: true when saved, false when another request saved first. A saved
 * session is kept in the engine's cache as whole (the engine built it), so its next load, from any store, does
 * not check it again.
 */
export async function storeSession(
  context: EngineContext,
  session: CheckoutSession,
  expectedVersion: number,
  messages: MessageCatalog,
): Answer<boolean> {
  const record = sessionRecord(session);
  const outcome = await askPort('sessions', messages, () =>
    context.deps.sessions.save(record, expectedVersion),
  );
  if (outcome.isErr()) return err(outcome.error);
  if (outcome.value !== 'saved') return ok(false);
  context.cache.sessions.keep(record);
  return ok(true);
}

/** The `conflict` of a save another request won. */
export function conflict(messages: MessageCatalog): CheckoutError {
  return checkoutError('conflict', { warning: messageText(messages, 'session.conflict') });
}

/**
 * Runs a command that saves its session in that session's turn (see `session-queue.ts`), on the target as given,
 * or, when another command on the session was running or waiting as this one arrived, on its id: a session the
 * host loaded before the turn began is then loaded again, as the commands before this one left it.
 */
export function inSessionTurn<T>(
  context: EngineContext,
  target: SessionTarget,
  run: (target: SessionTarget, turn: SessionTurn) => PromiseLike<Result<T, CheckoutError>>,
): ResultAsync<T, CheckoutError> {
  const id = typeof target === 'string' ? target : target.id;
  return new ResultAsync(context.sessionQueue.run(id, (turn) => run(turn.waited ? id : target, turn)));
}

/**
 * Slides the expiry of a session a read-only request used, from `clock` (the request's instant) or the clock's
 * now; answers the new expiry.
 */
export async function slideExpiry(
  context: EngineContext,
  session: CheckoutSession,
  clock?: Date,
): Answer<string> {
  const messages = context.messagesFor(session.language);
  const now = clock === undefined ? readClock(context, messages) : ok(clock);
  if (now.isErr()) return err(now.error);
  const expiresAt = secondsAfter(now.value, context.ttlSeconds);
  const touched = await askPort('sessions', messages, () =>
    context.deps.sessions.touch(session.id, expiresAt),
  );
  return touched.isErr() ? err(touched.error) : ok(expiresAt);
}
