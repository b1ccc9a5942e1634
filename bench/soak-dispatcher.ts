/**
 * One dispatcher of `npm run soak:events`, in a process of its own as `npm run dispatch` runs one, on the soak's
 * own names: it delivers the outbox of `SOAK_DATABASE_URL` / `SOAK_SCHEMA` to the webhook receiver at
 * `SOAK_WEBHOOK_URL` (signed with `SOAK_WEBHOOK_SECRET`), to NATS JetStream at `SOAK_NATS` on subjects
 * `<SOAK_NATS_PREFIX>.<type>`, and to the RabbitMQ exchange `SOAK_EXCHANGE` at `SOAK_AMQP_URL` (each through the
 * soak's fault proxy). It prints `ready` once started; on SIGTERM it stops gracefully, prints a line of JSON with the
 * failed attempts it saw per sink, and exits.
 */
import { jetstream } from '@nats-io/jetstream';
import { connect as connectNats } from '@nats-io/transport-node';
import amqp from 'amqplib';
import pg from 'pg';
import { createJetStreamSink } from '../src/adapters/nats/index.js';
import { createPostgresOutbox } from '../src/adapters/postgres/index.js';
import { createRabbitMqSink, reconnectingConnection } from '../src/adapters/rabbitmq/index.js';
import { createWebhookSink } from '../src/adapters/webhooks/index.js';
import { createDispatcher } from '../src/core/index.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`soak dispatcher: ${name} is not set`);
  return value;
};

const pool = new pg.Pool({ connectionString: env('SOAK_DATABASE_URL'), max: 4 });
pool.on('error', () => undefined);
const nats = await connectNats({
  servers: env('SOAK_NATS'),
  // Through the proxy only: the server's own address, if it announced one, would go round the outage.
  ignoreClusterUpdates: true,
  maxReconnectAttempts: -1,
  reconnectTimeWait: 200,
});
const rabbit = reconnectingConnection(() => amqp.connect(env('SOAK_AMQP_URL')));
const sinks = [
  createWebhookSink({
    name: 'webhook',
    url: env('SOAK_WEBHOOK_URL'),
    secrets: [env('SOAK_WEBHOOK_SECRET')],
    timeoutMs: 5_000,
  }),
  createJetStreamSink({
    name: 'nats',
    jetstream: jetstream(nats),
    prefix: env('SOAK_NATS_PREFIX'),
    timeoutMs: 2_000,
  }),
  createRabbitMqSink({ name: 'rabbitmq', connection: rabbit, exchange: env('SOAK_EXCHANGE') }),
];
const failed: Record<string, number> = { webhook: 0, nats: 0, rabbitmq: 0, store: 0 };
const dispatcher = createDispatcher({
  store: { outbox: createPostgresOutbox({ pool, schema: env('SOAK_SCHEMA'), deadlineMs: 10_000 }) },
  sinks,
  retry: {
    firstDelayMs: Number(env('SOAK_RETRY_FIRST_MS')),
    maxDelayMs: Number(env('SOAK_RETRY_MAX_MS')),
  },
  logger: {
    // Counted, not printed: an outage fails thousands of attempts, each retried.
    warn: (message) => {
      const sink = /dispatcher: (\w+) failed/.exec(message)?.[1] ?? 'store';
      failed[sink] = (failed[sink] ?? 0) + 1;
    },
    error: () => {
      failed.store = (failed.store ?? 0) + 1;
    },
  },
});
process.stdout.write('ready\n');

process.once('SIGTERM', () => {
  void (async () => {
    await dispatcher.stop();
    await Promise.all(sinks.map((sink) => sink.close?.()));
    await nats.close().catch(() => undefined);
    await rabbit.close();
    await pool.end();
    process.stdout.write(`${JSON.stringify({ failed })}\n`);
    process.exit(0);
  })();
});
