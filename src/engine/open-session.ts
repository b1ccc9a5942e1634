/**
 * Opening a session: a new, empty session for an API user, stored at version 1.
 * @module
 */
import { err, errAsync, ok, ResultAsync } from 'neverthrow';
import { type CheckoutError, checkoutError, invariant } from '../domain/errors.js';
import { createSession } from '../domain/machine/session.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import { findCurrency } from '../money/index.js';
import type { OpenedSession, OpenSessionInput } from './checkout.js';
import { type EngineContext, newIds } from './context.js';
import { readTimeFacts } from './facts.js';
import { conflict, storeSession } from './session-access.js';

/** The session a new client starts with, stored at version 1. */
export function openSession(
  context: EngineContext,
  input: OpenSessionInput,
): ResultAsync<OpenedSession, CheckoutError> {
  const { settings } = context;
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
  const time = readTimeFacts(context, messages);
  if (time.isErr()) return errAsync(time.error);
  const ids = newIds(context, messages, 'session', 1);
  if (ids.isErr()) return errAsync(ids.error);
  const [id = ''] = ids.value;
  const session = {
    ...createSession({
      id,
      apiUserId: input.apiUserId,
      now: time.value.now,
      expiresAt: time.value.expiresAt,
      currency,
      language: input.language ?? settings.language,
    }),
    version: 1,
  };
  return new ResultAsync(storeSession(context, session, 0, messages)).andThen((saved) =>
    saved ? ok({ sessionId: session.id, expiresAt: session.expiresAt }) : err(conflict(messages)),
  );
}
