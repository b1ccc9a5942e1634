/**
 * The connection that wakes a dispatcher when events were written: one client of the pool listening on the
 * schema's outbox channel, replaced after a failure.
 * @module
 */
import { startDeadline } from '../deadline.js';
import { checkOut } from './checkout.js';
import type { PgListenClientLike, PgListenPoolLike } from './pool.js';

/** How long after a lost connection the next attempt waits. */
const RETRY_MS = 1_000;

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/**
 * Listens on `cartwright_outbox:<schema>` (the connection's current schema when undefined) and calls `wake` on
 * each notice, and once each time it starts listening (notices sent while it did not listen are lost: the
 * caller looks again). A failed connection is closed and replaced after a second; nothing here ever throws into
 * the host. Answers the function that stops listening and closes the connection.
 */
export async function listenForOutbox(
  pool: PgListenPoolLike,
  schema: string | undefined,
  deadlineMs: number,
  wake: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: PgListenClientLike | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt: Promise<void> | undefined;

  const drop = (client: PgListenClientLike, error: Error) => {
    if (current !== client) return;
    current = undefined;
    client.removeListener('notification', onNotice);
    client.release(error);
    if (!stopped) retry = setTimeout(start, RETRY_MS);
  };
  const onNotice = () => wake();

  async function connect(): Promise<void> {
    const deadline = startDeadline(deadlineMs, 'postgres outbox listen');
    let client: PgListenClientLike | undefined;
    try {
      client = await checkOut(pool, deadline.expired);
      const held = client;
      current = held;
      held.on('error', (error) => drop(held, error));
      held.on('end', () => drop(held, new Error('cartwright: the outbox listening connection ended')));
      held.on('notification', onNotice);
      const { rows } = await Promise.race([
        held.query(`SELECT left('cartwright_outbox:' || COALESCE($1, current_schema()), 63) AS channel`, [
          schema ?? null,
        ]),
        deadline.expired,
      ]);
      const channel = String(rows[0]?.channel).replaceAll('"', '""');
      await Promise.race([held.query(`LISTEN "${channel}"`), deadline.expired]);
      if (stopped) drop(held, new Error('cartwright: the outbox listener stopped'));
      else wake();
    } catch (error) {
      if (client !== undefined) drop(client, asError(error));
      else if (!stopped) retry = setTimeout(start, RETRY_MS);
    } finally {
      deadline.clear();
    }
  }

  function start(): void {
    retry = undefined;
    if (stopped) return;
    attempt = connect();
  }

  start();
  return async () => {
    stopped = true;
    if (retry !== undefined) clearTimeout(retry);
    await attempt;
    if (current !== undefined) drop(current, new Error('cartwright: the outbox listener stopped'));
  };
}
