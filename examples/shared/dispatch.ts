/**
 * `npm run dispatch`: a dispatcher in a process of its own, delivering the events the servers on one PostgreSQL
 * database write to the sinks the environment names (see `demo-events.ts`); run several, they share the work.
 * SIGINT or SIGTERM stops it gracefully (deliveries under way finish, unattempted claims are released).
 *
 * Also the operator's command for redelivery:
 *   npm run dispatch -- redeliver --id <event id> | --order <order id> | --from <ISO> --to <ISO> [--sink <name>]
 *   npm run dispatch -- skip <event id> <sink>
 * and for pruning: deletes the events older than the retention (default 7 days) that every sink the environment
 * names has settled (each order's last event stays):
 *   npm run dispatch -- prune [--days <n>]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createPostgresOutbox } from '../../src/adapters/postgres/index.js';
import { createDispatcher } from '../../src/core/index.js';
import type { RedeliverySelector } from '../../src/ports/outbox.js';
import { openDemoSinks } from './demo-events.js';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const url = process.env.CARTWRIGHT_DATABASE_URL;
if (url === undefined || url === '')
  fail('Set CARTWRIGHT_DATABASE_URL: the dispatcher reads the outbox of that database.');
const schema = process.env.CARTWRIGHT_DATABASE_SCHEMA || undefined;
const pool = new pg.Pool({ connectionString: url, max: 4, keepAlive: true });
pool.on('error', (error) => console.error(`cartwright dispatch: PostgreSQL: ${error.message}`));
const outbox = createPostgresOutbox({ pool, schema });
const [command, ...rest] = process.argv.slice(2);

/** What `redeliver`'s options select. */
function selector(values: { id?: string; order?: string; from?: string; to?: string }): RedeliverySelector {
  if (values.id !== undefined) return { ids: values.id.split(',') };
  if (values.order !== undefined) return { orderId: Number(values.order) };
  if (values.from !== undefined && values.to !== undefined) return { from: values.from, to: values.to };
  return fail('redeliver needs --id, --order, or --from with --to');
}

if (command === 'redeliver') {
  const { values } = parseArgs({
    args: rest,
    options: {
      id: { type: 'string' },
      order: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      sink: { type: 'string', multiple: true },
    },
  });
  const count = await outbox.redeliver(selector(values), new Date().toISOString(), values.sink);
  console.log(`${count} deliveries made due again.`);
  await pool.end();
} else if (command === 'skip') {
  const [eventId, sink] = rest;
  if (eventId === undefined || sink === undefined) fail('skip needs an event id and a sink name');
  console.log((await outbox.skip(eventId, sink, new Date().toISOString())) ? 'Skipped.' : 'Nothing to skip.');
  await pool.end();
} else if (command === 'prune') {
  const { values } = parseArgs({ args: rest, options: { days: { type: 'string', default: '7' } } });
  const days = Number(values.days);
  if (!Number.isInteger(days) || days < 0) fail('prune --days takes a whole number of days, 0 or more');
  const events = await openDemoSinks();
  if (events.sinks.length === 0)
    fail('No sink: prune keeps what a sink has not settled, so name them as for dispatching.');
  const dispatcher = createDispatcher({ store: { outbox }, sinks: events.sinks, autoStart: false });
  const count = await dispatcher.prune(days * 86_400_000);
  console.log(`${count} events pruned.`);
  await events.close();
  await pool.end();
} else if (command === undefined) {
  const events = await openDemoSinks();
  if (events.sinks.length === 0)
    fail('No sink: set CARTWRIGHT_WEBHOOK_URL, CARTWRIGHT_NATS_URL or CARTWRIGHT_AMQP_URL.');
  const dispatcher = createDispatcher({ store: { outbox }, sinks: events.sinks });
  for (const line of events.description) console.log(line);
  console.log(`Dispatching the outbox of ${schema ?? 'the search_path schema'}; SIGTERM stops.`);
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    dispatcher
      .stop()
      .then(() => events.close())
      .then(() => pool.end())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Shutdown failed:', error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} else {
  fail(`Unknown command ${command}: run without one, or with redeliver, skip or prune.`);
}
