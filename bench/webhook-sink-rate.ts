/**
 * `npm run bench:webhook-sink`: the webhook sink alone, without a store: `--events` envelopes like the order
 * events (about 1 KB of JSON each) delivered through `createWebhookSink`, `--concurrency` at a time (the
 * dispatcher's default 100), to the receiver of `bench:dispatch` in a process of its own (checking each
 * signature). Prints the events/s, the sender's CPU per event (user + system, of this process only: what the sink
 * costs the host), the time per call p50/p99, the TCP connections the receiver saw, and the load average.
 *
 *   npm run bench:webhook-sink -- [--events 20000] [--concurrency 100] [--rounds 3] [--fetch]
 *
 * `--fetch` hands the sink the global `fetch` (what it sends with off Node) instead of its default.
 *
 * Timings are measured, never asserted; figures go to docs/benchmarks.md by hand.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { uuidv7 } from 'uuidv7';
import { createWebhookSink } from '../src/adapters/webhooks/index.js';
import type { OutboxEvent } from '../src/ports/outbox.js';
import { newSecret } from '../test/support/webhook-receiver.js';
import { quantile } from './load-flow.js';
import { wholeOption } from './options.js';
import type { ReceiverMessage } from './webhook-receiver-process.js';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '3' },
    fetch: { type: 'boolean', default: false },
  },
});
const events = wholeOption(values, 'events');
const concurrency = wholeOption(values, 'concurrency');
const rounds = wholeOption(values, 'rounds');

/** An `order.placed`-sized envelope: two lines, totals and addresses' worth of data. */
function envelope(orderId: number): OutboxEvent {
  const line = (productId: number) => ({
    product_id: productId,
    name: 'Apple iPhone 15 Pro, 256 GB, natural titanium',
    model: `SKU-${productId}`,
    quantity: 2,
    price: { amount: '1199.0000', currency: 'EUR' },
    total: { amount: '2398.0000', currency: 'EUR' },
    tax: { amount: '455.6200', currency: 'EUR' },
    options: [{ name: 'Colour', value: 'Natural titanium' }],
  });
  return {
    id: uuidv7(),
    type: 'order.placed',
    order_id: orderId,
    sequence: 1,
    occurred_at: new Date().toISOString(),
    schema: 1,
    data: {
      order_id: orderId,
      order_status_id: 1,
      customer_id: 42,
      email: 'ada@example.com',
      currency_code: 'EUR',
      total: { amount: '5706.2400', currency: 'EUR' },
      lines: [line(40), line(41)],
      shipping_address: { city: 'Berlin', postcode: '10115', country_iso: 'DE', zone: 'Berlin' },
    },
  } as unknown as OutboxEvent;
}

const secret = newSecret();
const child = fork(new URL('./webhook-receiver-process.ts', import.meta.url), {
  env: { ...process.env, WEBHOOK_SECRET: secret },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
let arrived = 0;
let refused = 0;
let connections = 0;
const port = await new Promise<number>((resolve) => {
  child.on('message', (message: ReceiverMessage) => {
    if ('port' in message) resolve(message.port);
    else {
      arrived += message.arrivals.length;
      refused = message.refused;
      connections = message.connections;
    }
  });
});
const sink = createWebhookSink({
  name: 'webhook',
  url: `http://127.0.0.1:${port}/hooks`,
  secrets: [secret],
  fetch: values.fetch ? globalThis.fetch : undefined,
});
console.log(
  `Webhook sink alone: ${events} events a round, ${concurrency} at a time, receiver in its own process; ` +
    `sent with ${values.fetch ? 'the global fetch' : 'the default transport'}; ` +
    `node ${process.version}.`,
);
let serial = 0;
for (let round = 1; round <= rounds; round += 1) {
  const batch = Array.from({ length: events }, (_, index) => envelope(serial + index + 1));
  serial += events;
  const load = loadavg();
  const times: number[] = [];
  let failed = 0;
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < batch.length) {
        const event = batch[next] as OutboxEvent;
        next += 1;
        const sent = performance.now();
        try {
          await sink.deliver(event);
        } catch (error) {
          failed += 1;
          if (failed <= 2) console.error(String(error));
        }
        times.push(performance.now() - sent);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 50));
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  console.log(
    `round ${round}: ${(events / seconds).toFixed(0)} events/s; sender CPU ` +
      `${((used.user + used.system) / events).toFixed(0)} µs/event; call p50 ${quantile(times, 0.5).toFixed(1)} ms, ` +
      `p99 ${quantile(times, 0.99).toFixed(1)} ms; ${failed} failed; ${connections} connections so far; load average ${load.map((n) => n.toFixed(2)).join(' ')}`,
  );
}
await new Promise((resolve) => setTimeout(resolve, 100));
if (arrived !== events * rounds || refused > 0) console.error(`arrived ${arrived}, refused ${refused}`);
await sink.close?.();
const exited = once(child, 'exit');
child.disconnect();
await exited;
