/**
 * `npm run bench:side-by-side`: the HTTP load benchmark of two versions at once, for a machine whose speed moves
 * while it is measured (a shared one: back-to-back runs of one version differ by up to 2× there, far more than
 * the 5 % a change is allowed to cost). It builds the demo server `npm start` runs (`examples/shared/start.ts`)
 * of a git revision and of the working tree into one file each (esbuild; packages stay imports, from this
 * checkout's `node_modules`), starts both, and drives both at the same moment from this process with
 * `bench:load`'s flows, each from a client process of its own (one client process for both would hold both to
 * its own pace and hide the difference), so whatever slows the machine slows both alike. Each round prints both
 * rates and their ratio; the end prints the median ratio.
 *
 *   npm run bench:side-by-side -- --base 606c9af [--stores memory|real] [--rounds 3] [--seconds 12] [--clients 8]
 *   npm run bench:side-by-side -- --base 606c9af --in-process [--flows 5000]
 *
 * `--stores real` runs each on Redis and PostgreSQL (`REDIS_URL` / `DATABASE_URL`), on a key prefix and schema of
 * its own, removed at the end. Both versions are built as bundles (no tsx), so tsx's own cost is left out.
 *
 * `--in-process` compares the engines alone instead: each version's full checkout (`bench/support.ts`'s engine on
 * the memory stores, called directly, no HTTP) bundled and loaded into this one process, then run flow for flow
 * in turn (`--flows` pairs, which of the two goes first alternating), so both meet the same machine at
 * every moment; prints each version's mean time a flow and the ratio.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { build } from 'esbuild';
import { closeClient, drive } from './load-flow.js';
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
    base: { type: 'string' },
    stores: { type: 'string', default: 'memory' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '12' },
    warmup: { type: 'string', default: '3' },
    clients: { type: 'string', default: '8' },
    drive: { type: 'string' },
    'in-process': { type: 'boolean', default: false },
    flows: { type: 'string', default: '5000' },
  },
});
if (args.base === undefined || !/^[\w./-]+$/.test(args.base)) {
  console.error('--base takes a git revision (a commit, tag or branch)');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const scratch = join(root, '.tmp', 'side-by-side');

/**
 * Bundles `entry` (a file, or a module's text resolved from `tree`) with `tree`'s settings into `scratch` as
 * `name`; packages stay imports. Answers the file.
 */
async function bundleOf(
  tree: string,
  entry: { file: string } | { text: string },
  name: string,
): Promise<string> {
  const outfile = join(scratch, `${name}.mjs`);
  await build({
    ...('file' in entry
      ? { entryPoints: [entry.file] }
      : { stdin: { contents: entry.text, resolveDir: tree, loader: 'ts' as const, sourcefile: 'entry.ts' } }),
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    tsconfig: join(tree, 'tsconfig.json'),
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

/** Bundles the demo server found under `tree` into `scratch`, named `name`; answers the file. */
function bundle(tree: string, name: string): Promise<string> {
  return bundleOf(tree, { file: join(tree, 'examples/shared/start.ts') }, name);
}

/** A full checkout through a tree's own benchmark engine: what `--in-process` runs, bundled per tree. */
const flowModule = `
import { benchCheckout, graceHopper, must, prefixedAddress } from './bench/support.js';
export function makeFlow() {
  const checkout = benchCheckout();
  const payment = prefixedAddress('payment_');
  const shipping = prefixedAddress('shipping_');
  return async () => {
    const { sessionId } = await must(checkout.openSession({ apiUserId: 1 }));
    await must(checkout.setCustomer(sessionId, graceHopper));
    await must(checkout.addProduct(sessionId, { product_id: 40, quantity: 1 }));
    await must(checkout.setPaymentAddress(sessionId, payment));
    await must(checkout.setShippingAddress(sessionId, shipping));
    await must(checkout.getShippingMethods(sessionId));
    await must(checkout.setShippingMethod(sessionId, { shipping_method: { code: 'flat.flat' } }));
    await must(checkout.getPaymentMethods(sessionId));
    await must(checkout.setPaymentMethod(sessionId, { payment_method: { code: 'cod' } }));
    await must(checkout.confirm(sessionId, {}));
  };
}
`;

/** The full checkout of the tree under `tree`, bundled into `scratch` as `name` and loaded. */
async function engineFlow(tree: string, name: string): Promise<() => Promise<void>> {
  const outfile = await bundleOf(tree, { text: flowModule }, `${name}-engine`);
  const loaded = (await import(pathToFileURL(outfile).href)) as { makeFlow(): () => Promise<void> };
  return loaded.makeFlow();
}

/** Nanoseconds `run` takes. */
async function timed(run: () => Promise<void>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start);
}

/** `--in-process`: both engines' flows in turn, in this process; prints the means and the ratio. */
async function inProcess(tree: string): Promise<void> {
  const base = await engineFlow(tree, 'base');
  const now = await engineFlow(root, 'working-tree');
  for (let i = 0; i < 1500; i += 1) {
    await base();
    await now();
  }
  let spentBase = 0;
  let spentNow = 0;
  const flows = Number(args.flows);
  for (let i = 0; i < flows; i += 1) {
    if (i % 2 === 0) {
      spentBase += await timed(base);
      spentNow += await timed(now);
    } else {
      spentNow += await timed(now);
      spentBase += await timed(base);
    }
  }
  const mean = (spent: number) => (spent / flows / 1000).toFixed(1);
  console.log(`${args.base}: ${mean(spentBase)} µs a flow, working tree: ${mean(spentNow)} µs a flow`);
  console.log(`ratio (working tree / ${args.base}), in process: ${(spentNow / spentBase).toFixed(3)}`);
}

/** The revision's tree, checked out under `scratch` (inside this checkout, so its packages resolve here). */
function checkout(revision: string): string {
  const tree = join(scratch, 'base-tree');
  rmSync(tree, { recursive: true, force: true });
  execFileSync('git', ['worktree', 'prune'], { cwd: root });
  execFileSync('git', ['worktree', 'add', '--detach', '--force', tree, revision], {
    cwd: root,
    stdio: 'ignore',
  });
  return tree;
}

/** The stores of one side: memory, or a Redis prefix and PostgreSQL schema of its own. */
function storesOf(side: string): BenchStores {
  return args.stores === 'real' ? { kind: 'real', run: `side_${side}_${process.pid}` } : { kind: 'memory' };
}

/** Drives `port` for the warm-up, then for `seconds`, and prints the flows per second measured: a client process. */
async function driveOne(port: number): Promise<void> {
  const clients = Number(args.clients);
  const run = async (seconds: number) => {
    const until = performance.now() + seconds * 1000;
    const started = performance.now();
    const { flows } = await drive({
      port,
      clients,
      samples: new Map(),
      more: () => performance.now() < until,
    });
    return flows / ((performance.now() - started) / 1000);
  };
  await run(Number(args.warmup));
  console.log(String(await run(Number(args.seconds))));
  closeClient();
}

/** Drives both ports at once, each from a client process of its own; answers each one's flows per second. */
async function both(ports: readonly [number, number]): Promise<[number, number]> {
  const self = fileURLToPath(import.meta.url);
  const options = [
    '--clients',
    String(args.clients),
    '--warmup',
    String(args.warmup),
    '--seconds',
    String(args.seconds),
  ];
  const rates = await Promise.all(
    ports.map(async (port) => {
      const argv = ['--import', 'tsx', self, '--base', 'none', '--drive', String(port), ...options];
      const { stdout } = await promisify(execFile)(process.execPath, argv, { cwd: root });
      return Number(stdout.trim());
    }),
  );
  return [rates[0] ?? 0, rates[1] ?? 0];
}

/** The middle of `values` (the mean of the two middle ones for an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] ?? 0;
  return ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

if (args.drive !== undefined) {
  await driveOne(Number(args.drive));
  process.exit(0);
}

mkdirSync(scratch, { recursive: true });
const tree = checkout(args.base);
if (args['in-process']) {
  try {
    await inProcess(tree);
  } finally {
    rmSync(tree, { recursive: true, force: true });
    execFileSync('git', ['worktree', 'prune'], { cwd: root });
  }
  process.exit(0);
}
const files = [await bundle(tree, 'base'), await bundle(root, 'working-tree')] as const;
const sides = [storesOf('base'), storesOf('tree')] as const;
const ratios: number[] = [];
try {
  for (let round = 1; round <= Number(args.rounds); round += 1) {
    const ports = [await freePort(), await freePort()] as const;
    const servers = await Promise.all(
      files.map((file, i) =>
        startProcess(
          process.execPath,
          [file],
          serverEnv(ports[i] as number, sides[i] as BenchStores),
          ports[i] as number,
        ),
      ),
    );
    try {
      const [base, now] = await both(ports);
      ratios.push(now / base);
      console.log(
        `round ${round}: ${args.base} ${base.toFixed(1)} flows/s, working tree ${now.toFixed(1)} flows/s, ` +
          `ratio ${(now / base).toFixed(3)}`,
      );
    } finally {
      for (const server of servers) await stopProcess(server);
    }
  }
  console.log(
    `median ratio (working tree / ${args.base}), ${args.stores} stores: ${median(ratios).toFixed(3)}`,
  );
} finally {
  closeClient();
  for (const stores of sides) await dropBenchStores(stores);
  rmSync(tree, { recursive: true, force: true });
  execFileSync('git', ['worktree', 'prune'], { cwd: root });
}
