/**
 * Text no store can hold is refused where it enters, alike on every store: the same requests to the demo on
 * memory and on PostgreSQL (catalog, directories, API users and orders) answer the same statuses and error keys,
 * and an order confirmed with any storable text reads back the same text from both. A NUL there once passed the
 * customer step and then made every confirm of the session a 503 on PostgreSQL alone.
 */

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDemoStore, wireDemoApp } from '../../../examples/shared/demo-app.js';
import { createPostgresAdapters, loadDemoStore } from '../../../src/adapters/postgres/index.js';
import { createNodeServer } from '../../../src/http/index.js';
import { createManualClock, createSequentialIds } from '../../../src/testing/index.js';
import { guest, send, startInstant, ukAddress } from '../../http/support/harness.js';
import { usePostgres } from '../support/postgres.js';

const database = usePostgres('hostile_text', 4);
const KEY = 'hostile-text-key-0123456789abcdef0123';

const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

/** Serves `server` on a free port of 127.0.0.1 until the file ends; answers its origin. */
async function listen(server: Server): Promise<string> {
  servers.push(server);
  // The servers live for the whole file, and the gap between two cases can match node's keep-alive timeout of
  // 5 s: fetch then reuses a connection the server is closing that moment (ECONNRESET, a known race of node's
  // keep-alive). A minute keeps idle connections open across any gap here.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The origins of the demo on memory and on PostgreSQL, made once for the file. */
let serving: Promise<{ memory: string; postgres: string }> | undefined;

function origins(): Promise<{ memory: string; postgres: string }> {
  serving ??= (async () => {
    const { pool, schema } = database();
    const options = { clock: createManualClock(startInstant), ids: createSequentialIds() };
    const memory = prepareDemoStore({ apiKey: KEY })._unsafeUnwrap();
    const prepared = prepareDemoStore({ apiKey: KEY })._unsafeUnwrap();
    await loadDemoStore(pool, { data: prepared.data }, { schema });
    const postgres = createPostgresAdapters({ pool, schema, currency: prepared.settings.currency });
    return {
      memory: await listen(createNodeServer(wireDemoApp(memory, options).handler)),
      postgres: await listen(
        createNodeServer(
          wireDemoApp(prepared, { ...options, ids: createSequentialIds() }, { postgres }).handler,
        ),
      ),
    };
  })();
  return serving;
}

/** What one checkout answered: each step's status and error keys, and the texts the order reads back. */
type Trace = unknown[];

/**
 * Logs in as `username`, then runs a checkout with `text` as the first name and as the confirm comment, on the
 * demo at `origin`, and traces the answers.
 */
async function checkout(origin: string, text: string, username = 'demo'): Promise<Trace> {
  const trace: Trace = [];
  const login = await send(origin, 'api/account/login', { json: { username, key: KEY } });
  trace.push(login.status, Object.keys(login.error));
  if (login.status !== 200) return trace;
  const token = (login.body as { api_token: string }).api_token;
  const call = async (route: string, json: Record<string, unknown> = {}) => {
    const reply = await send(origin, route, { json, query: { api_token: token } });
    trace.push(route, reply.status, Object.keys(reply.error).sort());
    return reply;
  };
  await call('api/customer', { ...guest, firstname: text });
  await call('api/cart/addProduct', { product_id: 40 });
  await call('api/order&call=payment_address', ukAddress('payment_'));
  await call('api/order&call=shipping_address', ukAddress('shipping_'));
  await call('api/order&call=shipping_method', { shipping_method: { code: 'flat.flat' } });
  await call('api/order&call=payment_method', { payment_method: { code: 'cod' } });
  const confirmed = await call('api/order&call=confirm', { comment: text });
  if (confirmed.status !== 200) return trace;
  const orderId = String((confirmed.body as { order_id: number }).order_id);
  const info = await send(origin, 'api/order/info', { query: { api_token: token, order_id: orderId } });
  const order = (info.body as { order: { customer: { firstname: string }; comment: string } }).order;
  trace.push(info.status, order.customer.firstname, order.comment);
  return trace;
}

/** Runs the checkout on both stores and insists they answered alike; answers the trace. */
async function alike(text: string, username?: string): Promise<Trace> {
  const { memory, postgres } = await origins();
  const onMemory = await checkout(memory, text, username);
  const onPostgres = await checkout(postgres, text, username);
  expect(onPostgres, JSON.stringify(text)).toEqual(onMemory);
  return onMemory;
}

describe('memory and PostgreSQL answer hostile text alike', () => {
  it('refuse NUL, unpaired surrogates and non-characters at the customer step and at confirm', async () => {
    for (const bad of ['Jo\0', 'x\ud800', '\udc00', 'Jo\ufffe', 'Jo\u{10FFFF}']) {
      const trace = await alike(bad);
      expect(trace).toContainEqual(['firstname']);
      expect(trace.slice(-2)).toEqual([422, ['comment']]);
    }
  });

  it('keep any storable text exactly, and confirm succeeds on both', async () => {
    for (const good of ['Zoë', 'Jo 😀', 'Ω\ufffd', '李\u{10FFFD}', 'a\u0301b', '\u202eJo']) {
      const trace = await alike(good);
      expect(trace.slice(-3)).toEqual([200, good, good]);
    }
  });

  it('agree on any text whatever, refused or kept (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }), async (text) => {
        await alike(text);
      }),
      { numRuns: 20 },
    );
  });

  it('refuse a username no store can hold as a wrong login, not a failed store', async () => {
    expect(await alike('Jo', 'demo\0')).toEqual([401, ['warning']]);
  });
});
