/**
 * `npm run bench:load`: the HTTP load benchmark. Starts the real server (`npm start`) in a process of its own, on
 * the in-memory demo store by default (`--stores real`: Redis and PostgreSQL, from `REDIS_URL` / `DATABASE_URL`,
 * on a fresh key prefix and schema), and drives `--clients` concurrent full flows for `--seconds`: a login, then
 * customer, two product adds, both addresses, shipping methods and method, payment methods and method, the cart
 * read, confirm and a history entry. In the same run it sends the same requests to a raw node:http server in a
 * process of its own that answers every request with a fixed JSON body: the floor any HTTP server on this machine
 * and this client can reach. It prints flows/s, requests/s, p50/p99 per call and the ratio to the raw server.
 *
 *   npm run bench:load -- --clients 8 --seconds 20 [--stores real] [--target cartwright|raw|both] [--name bench_load]
 *
 * `--name` prefixes the Redis keys and the PostgreSQL schema of `--stores real` (with the process id).
 *
 * Timings are measured, never asserted; results go to docs/benchmarks.md by hand.
 */
import type { ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { closeClient, drive, quantile, type Samples } from './load-flow.js';
import {
  type BenchStores,
  dropBenchStores,
  freePort,
  serverEnv,
  startProcess,
  stopProcess,
} from './server-process.js';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    stores: { type: 'string', default: 'memory' },
    target: { type: 'string', default: 'both' },
    name: { type: 'string', default: 'bench_load' },
  },
});
const clients = Number(args.clients);
const seconds = Number(args.seconds);
const warmupSeconds = Number(args.warmup);
const stores: BenchStores =
  args.stores === 'real' ? { kind: 'real', run: `${args.name}_${process.pid}` } : { kind: 'memory' };
if (!/^[a-z][a-z0-9_]{0,40}$/.test(args.name ?? '')) {
  console.error('--name takes lower-case letters, digits and _');
  process.exit(2);
}

/** Flows on `port` until `until` (a `performance.now()` time). */
const driveUntil = (port: number, until: number, samples: Samples) =>
  drive({ port, clients, samples, more: () => performance.now() < until });

/** Measures one target; prints its table; answers flows per second. */
async function measure(label: string, port: number): Promise<number> {
  await driveUntil(port, performance.now() + warmupSeconds * 1000, new Map());
  const samples: Samples = new Map();
  const started = performance.now();
  const { flows, requests } = await driveUntil(port, started + seconds * 1000, samples);
  const elapsed = (performance.now() - started) / 1000;
  const flowRate = flows / elapsed;
  console.log(`\n${label}: ${clients} clients, ${elapsed.toFixed(1)} s`);
  console.log(`  ${flowRate.toFixed(1)} flows/s, ${(requests / elapsed).toFixed(0)} requests/s`);
  console.log('  call                 p50 ms   p99 ms');
  for (const [name, list] of samples) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(18)} ${quantile(sorted, 0.5).toFixed(2).padStart(8)} ${quantile(sorted, 0.99).toFixed(2).padStart(8)}`,
    );
  }
  return flowRate;
}

/** The raw server: every request answered with one fixed JSON body, the way a minimal node:http app would. */
const rawServer = `
const { createServer } = require('node:http');
const body = JSON.stringify({ success: 'Success: done', api_token: 'raw', order_id: 1 });
createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'set-cookie': 'OCSESSID=raw; Path=/; HttpOnly' });
    res.end(body);
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

const servers: ChildProcess[] = [];
try {
  let cartwright = 0;
  let raw = 0;
  if (args.target !== 'raw') {
    const port = await freePort();
    servers.push(await startProcess('npm', ['start', '--silent'], serverEnv(port, stores), port));
    cartwright = await measure(`cartwright (npm start, ${args.stores} stores)`, port);
    await stopProcess(servers.pop() as ChildProcess);
  }
  if (args.target !== 'cartwright') {
    const port = await freePort();
    servers.push(await startProcess(process.execPath, ['-e', rawServer], { PORT: String(port) }, port));
    raw = await measure('raw node:http, fixed JSON body', port);
  }
  if (cartwright > 0 && raw > 0) {
    console.log(`\ncartwright / raw: ${((100 * cartwright) / raw).toFixed(1)} % of the raw server's flows/s`);
  }
} finally {
  for (const server of servers) await stopProcess(server);
  closeClient();
  await dropBenchStores(stores);
}
