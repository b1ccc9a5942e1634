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
 *
 * `--stores real` runs each on Redis and PostgreSQL (`REDIS_URL` / `DATABASE_URL`), on a key prefix and schema of
 * its own, removed at the end. Both versions are built as bundles (no tsx), so tsx's own cost is left out.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  },
});
if (args.base === undefined || !/^[\w./-]+$/.test(args.base)) {
  console.error('--base takes a git revision (a commit, tag or branch)');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const scratch = join(root, '.tmp', 'side-by-side');

/** Bundles the demo server found under `tree` into `scratch`, named `name`; answers the file. */
async function bundle(tree: string, name: string): Promise<string> {
  const outfile = join(scratch, `${name}.mjs`);
  await build({
    entryPoints: [join(tree, 'examples/shared/start.ts')],
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
