/**
 * The recording notifier.
 * @module
 */
import type { DomainEvent } from '../../domain/machine/events.js';
import type { Notifier } from '../../ports/notifier.js';
import { frozenCopy } from './freeze.js';

/** A {@link Notifier} that keeps what it was given, for tests and examples. */
export interface MemoryNotifier extends Notifier {
  /** Records `event` (a frozen copy), after every event delivered before it. */
  notify(event: DomainEvent): Promise<void>;
  /** Every event delivered so far, in delivery order (a snapshot: later events do not appear in it). */
  readonly events: readonly DomainEvent[];
  /** Forgets the events delivered so far. */
  clear(): void;
}

/** A notifier that records every delivered event in memory; it never fails and never sends anything. */
export function createMemoryNotifier(): MemoryNotifier {
  let delivered: DomainEvent[] = [];
  return {
    async notify(event: DomainEvent): Promise<void> {
      delivered.push(frozenCopy(event));
    },
    get events(): readonly DomainEvent[] {
      return [...delivered];
    },
    clear(): void {
      delivered = [];
    },
  };
}
