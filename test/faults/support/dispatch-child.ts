/**
 * A dispatcher in a process of its own, for the SIGKILL fault: delivers the outbox of `CW_SCHEMA` to the webhook
 * receiver at `CW_WEBHOOK_URL`, with a lease of `CW_LEASE_MS`; prints `ready` once started.
 */
import pg from 'pg';
import { createPostgresOutbox } from '../../../src/adapters/postgres/index.js';
import { createWebhookSink } from '../../../src/adapters/webhooks/index.js';
import { createDispatcher } from '../../../src/engine/index.js';

const pool = new pg.Pool({ connectionString: process.env.CW_DATABASE_URL, max: 3 });
pool.on('error', () => undefined);
const sink = createWebhookSink({
  name: 'webhook',
  url: String(process.env.CW_WEBHOOK_URL),
  secrets: [String(process.env.CW_SECRET)],
  timeoutMs: 60_000,
});
createDispatcher({
  store: { outbox: createPostgresOutbox({ pool, schema: process.env.CW_SCHEMA }) },
  sinks: [sink],
  leaseMs: Number(process.env.CW_LEASE_MS),
  pollMs: 100,
  logger: { warn: () => undefined, error: () => undefined },
});
process.stdout.write('ready\n');
