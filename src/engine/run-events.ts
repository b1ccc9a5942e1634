/**
 * Delivering domain events to the notifier after the writes they describe. A failing notifier never undoes or
 * fails the operation: the failure goes to the host's `onEventError`, by default to its logger.
 * @module
 */
import type { DomainEvent } from '../domain/machine/events.js';
import type { EngineContext } from './context.js';

/** Delivers `events` in order, one at a time; resolves when all were tried, whatever each delivery did. */
export async function runEvents(context: EngineContext, events: readonly DomainEvent[]): Promise<void> {
  const { notifier } = context.deps;
  if (notifier === undefined) return;
  for (const event of events) {
    try {
      await notifier.notify(event);
    } catch (error) {
      reportEventError(context, error, event);
    }
  }
}

/** Hands a delivery failure to the host; a throwing handler must not turn a success into a failure. */
function reportEventError(context: EngineContext, error: unknown, event: DomainEvent): void {
  try {
    context.onEventError(error, event);
  } catch {
    // The host's handler failed too; the operation's result stands regardless.
  }
}
