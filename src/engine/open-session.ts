/**
 * Opening a session: a new, empty session for an API user, stored at version 1.
 * @module
 */
import { err, errAsync, ok, type ResultAsync } from 'neverthrow';
import { type CheckoutError, checkoutError, invariant } from '../domain/errors.js';
import { createSession } from '../domain/machine/session.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import { findCurrency } from '../money/index.js';
import type { OpenedSession, OpenSessionInput } from './checkout.js';
import { callPort, type EngineContext, newIds } from './context.js';
import { readTimeFacts } from './facts.js';

/** The session a new client starts with, stored at version 1. */
export function openSession(
  context: EngineContext,
  input: OpenSessionInput,
): ResultAsync<OpenedSession, CheckoutError> {
  const { settings, deps } = context;
  const messages: MessageCatalog = context.messagesFor(input.language ?? settings.language);
  // Codes are matched the way people type them, as the currency switch does (`gbp` is GBP).
  const currency = (input.currency ?? settings.currency).trim().toUpperCase();
  if (findCurrency(settings.currencies, currency) === undefined) {
    return errAsync(checkoutError('validation', { currency: messageText(messages, 'currency.invalid') }));
  }
  // The API user comes from the host's authentication: anything but a positive id is a bug in that host.
  invariant(
    Number.isSafeInteger(input.apiUserId) && input.apiUserId > 0,
    'openSession needs a positive apiUserId',
  );
  const started = readTimeFacts(context, messages).andThen((time) =>
    newIds(context, messages, 'session', 1).map(([id = '']) => ({
      ...createSession({
        id,
        apiUserId: input.apiUserId,
        now: time.now,
        expiresAt: time.expiresAt,
        currency,
        language: input.language ?? settings.language,
      }),
      version: 1,
    })),
  );
  return started.asyncAndThen((session) =>
    callPort('sessions', messages, () => deps.sessions.save(session, 0)).andThen((outcome) =>
      outcome === 'saved'
        ? ok({ sessionId: session.id, expiresAt: session.expiresAt })
        : err(checkoutError('conflict', { warning: messageText(messages, 'session.conflict') })),
    ),
  );
}
