/**
 * The connection the reference cache listens on for change notices: taken from the pool, kept, watched, and
 * given up (closed) as soon as it fails, stalls or the cache closes.
 * @module
 */
import { startDeadline } from '../deadline.js';
import { checkOut } from './checkout.js';
import type { PgListenClientLike, PgListenPoolLike, PgNotificationLike } from './pool.js';

/** What the listener tells the cache. */
export interface ListenerEvents {
  /** The connection listens now: nothing read before is known to be current. */
  listening(): void;
  /** The connection is gone (lost, stalled or closed): notices may be missed from now on. */
  lost(): void;
  /** A notice arrived on the channel. */
  notice(payload: string | undefined): void;
}

/** How the listener connects and watches. */
export interface ListenerSettings {
  readonly pool: PgListenPoolLike;
  /** The schema of the tables (undefined: the connection's `current_schema()`). */
  readonly schema: string | undefined;
  /** The longest connecting, `LISTEN`, or a heartbeat may take, in milliseconds. */
  readonly deadlineMs: number;
  /** How often the connection is asked `SELECT 1`, to find one that went silent. */
  readonly heartbeatMs: number;
  /** How long after losing the connection the next attempt waits at least. */
  readonly retryMs: number;
  readonly events: ListenerEvents;
}

/** The channel the migration's triggers send on for `schema`: `cartwright:<schema>`, cut to 63 bytes. */
export function channelOf(schema: string): string {
  return Buffer.from(`cartwright:${schema}`).subarray(0, 63).toString();
}

/** `name` as a quoted SQL identifier. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** One checked-out listening connection, with its listeners, released (closed) exactly once. */
class Held {
  private released = false;

  constructor(
    readonly client: PgListenClientLike,
    private readonly onNotice: (message: PgNotificationLike) => void,
    private readonly onFailure: (error?: Error) => void,
  ) {
    client.on('error', onFailure);
    client.on('end', onFailure);
    client.on('notification', onNotice);
  }

  /** Closes the connection (released with an error, so the pool never hands it out again). */
  release(error: Error): void {
    if (this.released) return;
    this.released = true;
    this.client.release(error);
    this.client.removeListener('notification', this.onNotice);
    this.client.removeListener('end', this.onFailure);
    this.client.removeListener('error', this.onFailure);
  }
}

/**
 * Keeps one connection of the pool listening on the schema's channel. `ensure` starts an attempt when there is
 * none and the retry delay is over; a failed or silent connection (its heartbeat unanswered within the
 * deadline) is closed, reported `lost`, and replaced on a later `ensure`.
 */
export class ChangeListener {
  private state: 'idle' | 'connecting' | 'listening' | 'closed' = 'idle';
  private held: Held | undefined;
  private attempt: Promise<boolean> | undefined;
  private retryAt = 0;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private beating = false;

  constructor(private readonly settings: ListenerSettings) {}

  /** True while the connection listens. */
  isListening(): boolean {
    return this.state === 'listening';
  }

  /** Starts listening when idle and the retry delay is over; answers whether the connection listens. */
  ensure(): Promise<boolean> {
    if (this.state === 'idle' && Date.now() >= this.retryAt) {
      this.state = 'connecting';
      this.attempt = this.connect().finally(() => {
        this.attempt = undefined;
      });
    }
    return this.attempt ?? Promise.resolve(this.state === 'listening');
  }

  /** Stops listening for good and closes the connection. */
  async close(): Promise<void> {
    const attempt = this.attempt;
    this.drop(this.held, new Error('cartwright: the reference cache closed'));
    this.state = 'closed';
    await attempt;
  }

  /** Checks a connection out, learns its channel and listens on it, all within the deadline. */
  private async connect(): Promise<boolean> {
    const { pool, deadlineMs, events } = this.settings;
    const deadline = startDeadline(deadlineMs, 'postgres cache listen');
    let held: Held | undefined;
    try {
      const client = await checkOut(pool, deadline.expired);
      held = new Held(
        client,
        (message) => this.onNotice(held, message),
        (error) => this.drop(held, error ?? new Error('cartwright: the listening connection ended')),
      );
      if (this.state !== 'connecting') throw new Error('cartwright: the reference cache closed');
      this.held = held;
      const channel = await Promise.race([this.channel(client), deadline.expired]);
      await Promise.race([client.query(`LISTEN ${quoted(channel)}`), deadline.expired]);
      if (this.held !== held || this.state !== 'connecting') return false;
      this.state = 'listening';
      this.startHeartbeat();
      events.listening();
      return true;
    } catch (error) {
      const failure = asError(error);
      if (held !== undefined && this.held !== held) held.release(failure);
      this.drop(held, failure);
      if (this.state === 'connecting') this.waitToRetry();
      return false;
    } finally {
      deadline.clear();
    }
  }

  /**
   * The channel: the schema's, or the connection's current schema's. Throws when the schema lacks migration 7's
   * triggers: nothing would ever be notified, so nothing may be kept.
   */
  private async channel(client: PgListenClientLike): Promise<string> {
    const { rows } = await client.query(
      `SELECT n.nspname AS schema, EXISTS (
         SELECT 1 FROM pg_proc p WHERE p.pronamespace = n.oid AND p.proname = 'cartwright_notify_product_change'
       ) AS notifies
       FROM pg_namespace n WHERE n.nspname = COALESCE($1, current_schema())`,
      [this.settings.schema ?? null],
    );
    const [row] = rows;
    if (row?.notifies !== true) {
      throw new Error(
        'cartwright: the schema has no change notices yet (run migrate): nothing is kept in memory',
      );
    }
    return channelOf(String(row.schema));
  }

  /** A notice of the held connection's channel goes to the cache; anything else is ignored. */
  private onNotice(held: Held | undefined, message: PgNotificationLike): void {
    if (held !== undefined && held === this.held && this.state === 'listening') {
      this.settings.events.notice(message.payload);
    }
  }

  /** Gives up `held` when it is the current connection: closed, reported lost, retried after the delay. */
  private drop(held: Held | undefined, error: Error): void {
    if (held === undefined || held !== this.held) return;
    this.held = undefined;
    this.stopHeartbeat();
    held.release(error);
    if (this.state !== 'closed') this.waitToRetry();
    this.settings.events.lost();
  }

  /** Idle until the retry delay is over. */
  private waitToRetry(): void {
    this.state = 'idle';
    this.retryAt = Date.now() + this.settings.retryMs;
  }

  /** Asks `SELECT 1` every `heartbeatMs`; no answer within the deadline drops the connection. */
  private startHeartbeat(): void {
    this.heartbeat = setInterval(() => void this.beat(), this.settings.heartbeatMs);
    this.heartbeat.unref?.();
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  /** One heartbeat on the held connection. */
  private async beat(): Promise<void> {
    const held = this.held;
    if (held === undefined || this.beating) return;
    this.beating = true;
    const deadline = startDeadline(this.settings.deadlineMs, 'postgres cache heartbeat');
    try {
      await Promise.race([held.client.query('SELECT 1'), deadline.expired]);
    } catch (error) {
      this.drop(held, asError(error));
    } finally {
      deadline.clear();
      this.beating = false;
    }
  }
}

/** `error` as an `Error`. */
function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
