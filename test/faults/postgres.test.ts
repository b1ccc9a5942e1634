/**
 * PostgreSQL faults, injected by a proxy between the service (as `npm start` runs it, with its 2 s deadlines) and
 * the real server: a stall, a commit whose answer never comes, a reset in the middle of a transaction, a
 * connection gone silent while it holds a row lock, every connection cut, the server down. Each time the requests
 * the fault touched answer a JSON 503 well before the fault ends, the process lives, the pool recovers by itself,
 * and confirms retried with their Idempotency-Key own exactly one order each, with stock moved once. Reads the
 * reference cache answers from memory are not touched by a stall until its listening connection misses a heartbeat.
 */
import { describe, expect, it, vi } from 'vitest';
import { expectUnavailable, reportTimes } from './support/expect-unavailable.js';
import { expectOrdersAdded, storedOrders, useFaultStack } from './support/fault-stack.js';
import { guardProcess } from './support/process-guard.js';
import { confirm, confirmUntilDone, ok, readyCheckout, send, untilOk } from './support/shop-client.js';

const stack = useFaultStack('pgfaults');
guardProcess();

/** The COMMIT of a transaction as `pg` sends it: a simple-query message ('Q', its length, the text). */
const COMMIT = 'Q\u0000\u0000\u0000\u000bCOMMIT\u0000';
/** The statement of a confirm's transaction that locks the products' stock rows. */
const STOCK_LOCK = 'ORDER BY product_id FOR UPDATE';

describe('PostgreSQL faults under the service', () => {
  it('a stalled server: what needs it answers JSON 503 within the deadline, the cache stops answering, the pool recovers', async () => {
    const { url, postgres } = stack();
    const token = await readyCheckout(url);
    const before = await storedOrders(stack());
    const totals = await ok(url, 'api/cart/getTotals', { token });

    postgres.stall();
    try {
      // More requests at once than the pool has connections (10): the wait for a connection is bounded too.
      const [confirmed, ...reads] = await Promise.all([
        confirm(url, token, 'pg-stall'),
        ...Array.from({ length: 14 }, () => send(url, 'api/cart/getTotals', { token })),
      ]);
      expectUnavailable('postgres stall', [confirmed]);
      // The totals need reference data alone, which the reference cache answers from memory while its listening
      // connection has not yet missed a heartbeat: the totals as before the stall, or a 503.
      reportTimes('postgres stall, reference reads', reads);
      for (const read of reads) {
        if (read.status === 200) expect(read.body).toEqual(totals.body);
        else expectUnavailable('postgres stall, reference read', [read]);
      }
      // Once the heartbeat goes unanswered (within its interval and the deadline) memory answers nothing more.
      const missed = await vi.waitFor(
        async () => {
          const reply = await send(url, 'api/cart/getTotals', { token });
          expect(reply.status).toBe(503);
          return reply;
        },
        { timeout: 15_000, interval: 200 },
      );
      expectUnavailable('postgres stall, heartbeat missed', [missed]);
    } finally {
      postgres.restore();
    }
    const done = await confirmUntilDone(url, token, 'pg-stall');
    await expectOrdersAdded(stack(), before, { 'pg-stall': done.orderId });
  });

  it('a commit whose answer never comes: 503, and the retry with the same key answers the committed order', async () => {
    const { url, postgres } = stack();
    const token = await readyCheckout(url);
    const before = await storedOrders(stack());

    const held = postgres.holdRepliesAfter(COMMIT);
    const first = await confirm(url, token, 'late-commit').finally(() => postgres.restore());
    await held;
    expectUnavailable('postgres commit unanswered', [first]);
    // The server did commit: the client was told 503 for an order that exists.
    const committed = await storedOrders(stack());
    expect(committed.orderIds).toHaveLength(before.orderIds.length + 1);

    const retried = await confirmUntilDone(url, token, 'late-commit');
    const again = await confirm(url, token, 'late-commit');
    expect(retried.orderId).toBe(committed.byKey.get('late-commit'));
    expect(again.body.order_id).toBe(retried.orderId);
    await expectOrdersAdded(stack(), before, { 'late-commit': retried.orderId });
  });

  it('a connection reset in the middle of a transaction: 503, the process lives, nothing of it is kept', async () => {
    const { url, postgres } = stack();
    const token = await readyCheckout(url);
    const before = await storedOrders(stack());

    const reset = postgres.resetOn(STOCK_LOCK);
    const first = await confirm(url, token, 'pg-reset');
    await reset;
    expectUnavailable('postgres reset mid-transaction', [first]);
    // The claims written before the reset were rolled back with the transaction.
    expect(await storedOrders(stack())).toEqual(before);

    const done = await confirmUntilDone(url, token, 'pg-reset');
    await expectOrdersAdded(stack(), before, { 'pg-reset': done.orderId });
  });

  it('a connection gone silent while it holds the stock row: the server ends its transaction, others go through', async () => {
    const { url, postgres } = stack();
    const [a, b] = [await readyCheckout(url), await readyCheckout(url)];
    const before = await storedOrders(stack());

    const silent = postgres.silenceOn(STOCK_LOCK);
    const first = confirm(url, a, 'silent-a');
    await silent;
    // B needs the row A's transaction locked. A's connection stays open and silent (the proxy holds it), so only
    // the server can end A's transaction: it does once the transaction has idled past the deadline.
    const other = await confirmUntilDone(url, b, 'silent-b', { attempts: 5, pauseMs: 100 });
    expectUnavailable('postgres connection silent in a transaction', [await first]);
    const retried = await confirmUntilDone(url, a, 'silent-a', { attempts: 5, pauseMs: 100 });
    postgres.restore();

    await expectOrdersAdded(stack(), before, { 'silent-a': retried.orderId, 'silent-b': other.orderId });
  });

  it('every connection cut while confirms run: each answers 200 or 503, and the retries own one order each', async () => {
    const { url, postgres } = stack();
    const tokens = await Promise.all(Array.from({ length: 4 }, () => readyCheckout(url)));
    const before = await storedOrders(stack());

    // The cut comes when the first of the confirms locks the stock: it and the others are mid-way.
    const cut = postgres.cutOn(STOCK_LOCK);
    const answered = await Promise.all(tokens.map((token, i) => confirm(url, token, `cut-${i}`)));
    await cut;
    for (const reply of answered) expect([200, 503]).toContain(reply.status);
    expect(answered.some((reply) => reply.status === 503)).toBe(true);
    reportTimes('postgres connections cut', answered);

    const done = await Promise.all(tokens.map((token, i) => confirmUntilDone(url, token, `cut-${i}`)));
    await expectOrdersAdded(stack(), before, Object.fromEntries(done.map((d, i) => [`cut-${i}`, d.orderId])));
  });

  it('idle connections cut between requests are reported, replaced, and no request fails for them', async () => {
    const { url, postgres, logged } = stack();
    const token = await readyCheckout(url);
    // Reads at once leave the pool with idle connections; the cut then finds every one of them idle.
    await Promise.all(Array.from({ length: 6 }, () => ok(url, 'api/product/list', { token })));
    postgres.cut();
    // The pool reports each on its 'error' event, which npm start logs; the socket's close arrives on its own time.
    await expect
      .poll(() => logged.some((line) => line.startsWith('cartwright demo: PostgreSQL')), { timeout: 5_000 })
      .toBe(true);
    expect((await ok(url, 'api/product/list', { token })).status).toBe(200);
  });

  it('the server down: 503 at once, and the service recovers by itself when it is back', async () => {
    const { url, postgres } = stack();
    const token = await readyCheckout(url);
    const before = await storedOrders(stack());

    postgres.down();
    const replies = await Promise.all([
      send(url, 'api/cart/getTotals', { token }),
      confirm(url, token, 'pg-down'),
    ]).finally(() => postgres.restore());
    expectUnavailable('postgres down', replies);

    await untilOk(url, 'api/cart/getTotals', { token });
    const done = await confirmUntilDone(url, token, 'pg-down');
    await expectOrdersAdded(stack(), before, { 'pg-down': done.orderId });
  });
});
