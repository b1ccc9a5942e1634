/**
 * The dispatcher: delivers the outbox's events to the sinks, at least once and in order per order.
 * @module
 */
import { defaultRetryPolicy, nextAttemptAt, type RetryPolicy } from '../domain/events/retry.js';
import type { Clock } from '../ports/clock.js';
import type { EventSink } from '../ports/event-sink.js';
import type { DeliveryClaim, Outbox, RedeliverySelector } from '../ports/outbox.js';

/** Where the dispatcher reports what it absorbs (a sink's failure, the store failing). */
export interface DispatcherLogger {
  /** A delivery failed and will be retried (or was parked). */
  warn(message: string, error?: unknown): void;
  /** The outbox failed (claiming, recording): the dispatcher goes on and tries again. */
  error(message: string, error?: unknown): void;
}

/** Options of {@link createDispatcher}. */
export interface DispatcherOptions {
  /** The store whose outbox the order writes fill (`memoryStore`'s, `createPostgresOutbox`'s). */
  readonly store: { readonly outbox: Outbox };
  /** Where to deliver; each sink's deliveries are recorded under its `name`, which must be unique. */
  readonly sinks: readonly EventSink[];
  /** Events claimed per sink at once (default 500), at most one per order. */
  readonly batchSize?: number | undefined;
  /**
   * Deliveries one sink has under way at once (default 100): a batch's events go out this many at a time, so a
   * webhook endpoint never gets more requests together than this (lower it for a small receiver, and keep
   * `batchSize / concurrency` rounds of the sink's timeout under `leaseMs`).
   */
  readonly concurrency?: number | undefined;
  /**
   * How long a claim is this dispatcher's, in milliseconds (default 120 s): a dispatcher that dies holding
   * claims holds them this long, then another takes them over. Keep it above the sinks' own timeouts.
   */
  readonly leaseMs?: number | undefined;
  /** How often to look for due events when no notice came, in milliseconds (default 1 s). */
  readonly pollMs?: number | undefined;
  /** Backoff of failed deliveries (default: from 5 s, doubling, at most 1 h apart, for 3 days). */
  readonly retry?: Partial<RetryPolicy> | undefined;
  /** Time of claims, leases and retries; default the system clock. */
  readonly clock?: Clock | undefined;
  /** The jitter's randomness, a number in [0, 1); default `Math.random`. */
  readonly random?: (() => number) | undefined;
  /** Where failures are reported; default `console`. */
  readonly logger?: DispatcherLogger | undefined;
  /** Start delivering at once (default true); otherwise call `start()`, or `drain()` in tests. */
  readonly autoStart?: boolean | undefined;
}

/** A running dispatcher. */
export interface Dispatcher {
  /** Starts the delivery loops (once; `createDispatcher` does unless `autoStart` is false). */
  start(): void;
  /**
   * Stops: no new claims; deliveries under way finish and are recorded, claims not yet attempted are released
   * for another dispatcher at once. Resolves when all of that is done.
   */
  stop(): Promise<void>;
  /** Delivers every event due now to every sink, until none is left; answers how many attempts were made. */
  drain(): Promise<number>;
  /**
   * Delivers the selected events again (by id, every event of an order, or those that occurred in a time range)
   * to `sinks` (the names; every sink of this dispatcher by default), whatever their state, dead ones included.
   * Answers how many deliveries were reset.
   */
  redeliver(selector: RedeliverySelector, sinks?: readonly string[]): Promise<number>;
  /** Gives up one event for one sink (`skipped`), so its order's later events go on. */
  skip(eventId: string, sink: string): Promise<boolean>;
  /**
   * Deletes the events that occurred more than `retentionMs` ago and were delivered (or skipped) to every sink of
   * this dispatcher, with their deliveries, in batches of `batchSize`; answers how many. Each order's last event
   * is kept: the order's later events are numbered after it. Events another sink has not settled stay, so prune
   * from a dispatcher that names every sink.
   */
  prune(retentionMs: number): Promise<number>;
}

const systemClock: Clock = { now: () => new Date() };

/** Checks that `value` is a positive whole number of at most `max`, or throws naming the option. */
function positive(value: number | undefined, fallback: number, name: string, max = 2 ** 31 - 1): number {
  const chosen = value ?? fallback;
  if (!Number.isSafeInteger(chosen) || chosen < 1 || chosen > max) {
    throw new TypeError(`cartwright dispatcher: ${name} must be a whole number from 1 to ${max}`);
  }
  return chosen;
}

/** The message of a failure, as recorded on the delivery (bounded: a receiver's body can be large). */
function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2_000);
}

/** `work` over `items`, at most `limit` running at once; the answers in the items' order. */
async function mapAtMost<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const answers: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      answers[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return answers;
}

/** Settings every sink loop shares. */
interface Settings {
  readonly outbox: Outbox;
  readonly batchSize: number;
  readonly concurrency: number;
  readonly leaseMs: number;
  readonly pollMs: number;
  readonly retry: RetryPolicy;
  readonly clock: Clock;
  readonly random: () => number;
  readonly logger: DispatcherLogger;
}

/** One sink's loop: claim a batch, deliver it (one event per order at once), record each outcome. */
class SinkLoop {
  private stopping = false;
  private wakeUp: (() => void) | undefined;
  /** A wake-up came while no wait was under way: the next wait returns at once. */
  private woken = false;
  private running: Promise<void> | undefined;

  constructor(
    private readonly settings: Settings,
    private readonly sink: EventSink,
  ) {}

  /** Starts looping until `stop`. */
  start(): void {
    this.running ??= this.loop();
  }

  /** Cuts the current wait short, or the next one when not waiting (events were written). */
  wake(): void {
    if (this.wakeUp === undefined) this.woken = true;
    else this.wakeUp();
  }

  /** Stops claiming; resolves once the current batch is recorded or released. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.running;
  }

  /** Claims and delivers one batch; answers how many events were attempted. */
  async once(): Promise<number> {
    const { outbox, clock, leaseMs, batchSize } = this.settings;
    const now = clock.now();
    const claims = await outbox.claim({
      sink: this.sink.name,
      limit: batchSize,
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
      token: globalThis.crypto.randomUUID(),
    });
    if (this.stopping) {
      await outbox.release(claims);
      return 0;
    }
    // Claims hold one event per order: they may go out side by side without reordering any order's events. What
    // was delivered is recorded together, in one write where the store can.
    const delivered = await mapAtMost(claims, this.settings.concurrency, (claim) => this.deliver(claim));
    const done = claims.filter((_, index) => delivered[index]);
    if (done.length > 0) {
      const at = clock.now().toISOString();
      await this.record(() =>
        outbox.completeAll === undefined
          ? Promise.all(done.map((claim) => outbox.complete(claim, at)))
          : outbox.completeAll(done, at),
      );
    }
    return claims.length;
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let attempted = 0;
      try {
        attempted = await this.once();
      } catch (error) {
        this.settings.logger.error(`cartwright dispatcher: claiming for ${this.sink.name} failed`, error);
      }
      // A delivered event may have made its order's next one claimable: look again at once while there is work.
      if (attempted === 0) await this.pause();
    }
  }

  /** Waits for a wake-up or the poll interval, whichever comes first. */
  private pause(): Promise<void> {
    if (this.stopping || this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.settings.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }

  /** One attempt: answers true when the sink took the event; a failure is recorded here (with its retry, or parked). */
  private async deliver(claim: DeliveryClaim): Promise<boolean> {
    const { outbox, clock, retry, random, logger } = this.settings;
    try {
      await this.sink.deliver(claim.event);
      return true;
    } catch (error) {
      const at = clock.now().toISOString();
      const failures = claim.attempts + 1;
      const retryAt = nextAttemptAt(retry, failures, claim.firstFailedAt ?? at, at, random());
      const message = describe(error);
      logger.warn(
        `cartwright dispatcher: ${this.sink.name} failed ${claim.event.type} ${claim.event.id} ` +
          `(attempt ${failures}${retryAt === null ? ', parked as dead' : `, next at ${retryAt}`}): ${message}`,
      );
      await this.record(() => outbox.fail(claim, { error: message, at, retryAt }));
      return false;
    }
  }

  /** Records outcomes; a store failure is logged (the lease runs out and the events are delivered again). */
  private async record(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.settings.logger.error(
        `cartwright dispatcher: recording a delivery to ${this.sink.name} failed`,
        error,
      );
    }
  }
}

/**
 * Creates a dispatcher over a store's outbox: one loop per sink claims the oldest undelivered event of each order
 * (in batches, under a lease), delivers them, and records each outcome; a failure is retried with exponential
 * backoff and jitter, then parked `dead` (holding its order's later events for that sink until redelivered or
 * skipped). The loops wake when the outbox says events were written (PostgreSQL: LISTEN/NOTIFY) and poll
 * otherwise. Run one in the host's process, or several in several processes on one PostgreSQL database: they
 * share the work, and each event goes to each sink at least once, in order per order.
 *
 * @example
 * ```ts
 * const dispatcher = createDispatcher({ store, sinks: [createNotifierSink(notifier)] });
 * process.on('SIGTERM', () => dispatcher.stop());
 * ```
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const names = new Set(options.sinks.map((sink) => sink.name));
  if (names.size !== options.sinks.length) {
    throw new TypeError('cartwright dispatcher: every sink needs a name of its own');
  }
  const settings: Settings = {
    outbox: options.store.outbox,
    batchSize: positive(options.batchSize, 500, 'batchSize', 10_000),
    concurrency: positive(options.concurrency, 100, 'concurrency', 10_000),
    leaseMs: positive(options.leaseMs, 120_000, 'leaseMs'),
    pollMs: positive(options.pollMs, 1_000, 'pollMs'),
    retry: { ...defaultRetryPolicy, ...options.retry },
    clock: options.clock ?? systemClock,
    random: options.random ?? Math.random,
    logger: options.logger ?? console,
  };
  const loops = options.sinks.map((sink) => new SinkLoop(settings, sink));
  let started = false;
  let unlisten: Promise<() => Promise<void>> | undefined;
  let stopping: Promise<void> | undefined;
  const now = () => settings.clock.now().toISOString();

  const dispatcher: Dispatcher = {
    start() {
      if (started || stopping !== undefined) return;
      started = true;
      unlisten = settings.outbox.onWritten(() => {
        for (const loop of loops) loop.wake();
      });
      unlisten.catch((error: unknown) =>
        settings.logger.error('cartwright dispatcher: listening failed', error),
      );
      for (const loop of loops) loop.start();
    },

    stop() {
      stopping ??= (async () => {
        await Promise.all(loops.map((loop) => loop.stop()));
        const stopListening = await unlisten?.catch(() => undefined);
        await stopListening?.();
      })();
      return stopping;
    },

    async drain() {
      let total = 0;
      for (;;) {
        const counts = await Promise.all(loops.map((loop) => loop.once()));
        const round = counts.reduce((sum, n) => sum + n, 0);
        if (round === 0) return total;
        total += round;
      }
    },

    async redeliver(selector, sinks) {
      const count = await settings.outbox.redeliver(selector, now(), sinks ?? [...names]);
      for (const loop of loops) loop.wake();
      return count;
    },

    async skip(eventId, sink) {
      const skipped = await settings.outbox.skip(eventId, sink, now());
      for (const loop of loops) loop.wake();
      return skipped;
    },

    async prune(retentionMs) {
      if (!Number.isSafeInteger(retentionMs) || retentionMs < 0) {
        throw new TypeError('cartwright dispatcher: prune takes a retention of 0 or more whole milliseconds');
      }
      const before = new Date(settings.clock.now().getTime() - retentionMs).toISOString();
      let total = 0;
      for (;;) {
        const pruned = await settings.outbox.prune(before, [...names], settings.batchSize);
        total += pruned;
        if (pruned < settings.batchSize) return total;
      }
    },
  };
  if (options.autoStart !== false) dispatcher.start();
  return dispatcher;
}
