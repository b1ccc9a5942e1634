/**
 * `npm start` on the tests' real Redis Cluster (`CARTWRIGHT_REDIS_CLUSTER`): started as its own process, `npm run
 * demo` against it places an order and the sessions are in the cluster; two servers on it serve each other's
 * sessions and meet one login limit (the throttle's scripts on the cluster, through HTTP). A node of the cluster
 * given as a single server (`CARTWRIGHT_REDIS_URL`) is refused at start, saying why, as is a "cluster" that is a
 * single server or does not answer.
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Cluster } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningDemo, startDemoServer } from '../../../examples/shared/demo-main.js';
import { startChildServer } from '../../faults/support/child-server.js';
import { startFakeClusterNode } from '../support/fake-cluster-node.js';
import { deleteKeysUnder, keysUnder, redisUrl, uniquePrefix } from '../support/redis.js';
import { clusterNodes, connectCluster, mastersOf, nodesText } from '../support/redis-cluster.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const prefix = uniquePrefix();
const apiKey = 'cluster-main-job-key-0123456789abcdef01';
let direct: Cluster | undefined;

afterAll(async () => {
  if (direct === undefined) return;
  await deleteKeysUnder(direct, prefix);
  expect(await keysUnder(direct, prefix)).toEqual([]);
  direct.disconnect();
});

/** A client straight to the cluster, to look at what the servers wrote. */
async function cluster(): Promise<Cluster> {
  direct ??= await connectCluster();
  return direct;
}

/** `npm start`'s variables for the cluster, under `sub` of this file's prefix. */
async function clusterVars(sub: string): Promise<NodeJS.ProcessEnv> {
  return {
    HOST: '127.0.0.1',
    PORT: '0',
    CARTWRIGHT_API_KEY: apiKey,
    CARTWRIGHT_REDIS_CLUSTER: nodesText(await clusterNodes()),
    CARTWRIGHT_REDIS_PREFIX: `${prefix}${sub}:`,
  };
}

/** `npm run demo` against `url` as its own process: its exit code and output. */
function runDemo(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'examples/demo-checkout.ts'], {
      cwd: root,
      env: { ...process.env, CARTWRIGHT_URL: url, CARTWRIGHT_API_KEY: apiKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output: chunks.join('') }));
  });
}

/** A login as `demo` with `key` on `server`: the status, and the session's token when it succeeded. */
async function login(server: RunningDemo, key: string): Promise<{ status: number; token: string }> {
  const response = await fetch(`${server.url}?route=api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'demo', key }).toString(),
  });
  const body = (await response.json()) as { api_token?: unknown };
  return { status: response.status, token: typeof body.api_token === 'string' ? body.api_token : '' };
}

/** Adds one iPhone to the cart of session `token` on `server`: the status. */
async function addIphone(server: RunningDemo, token: string): Promise<number> {
  const response = await fetch(`${server.url}?route=api/cart/addProduct&api_token=${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ product_id: '40', quantity: '1' }).toString(),
  });
  await response.body?.cancel();
  return response.status;
}

/** The banner line naming where the sessions are, once the process has printed it. */
async function sessionsLine(output: () => string): Promise<string> {
  for (let tries = 0; tries < 100; tries += 1) {
    const line = output()
      .split('\n')
      .find((text) => text.startsWith('Sessions:'));
    if (line !== undefined) return line;
    await sleep(100);
  }
  throw new Error(`no Sessions: line in the banner:\n${output()}`);
}

describe('npm start on a Redis Cluster', () => {
  it('runs npm run demo to an order, its sessions in the cluster', async () => {
    const vars = await clusterVars('demo');
    const server = await startChildServer(vars);
    try {
      expect(await sessionsLine(server.output)).toContain(
        `Sessions: Redis Cluster at redis://${vars.CARTWRIGHT_REDIS_CLUSTER}`,
      );
      const demo = await runDemo(server.url);
      expect(demo.output).toMatch(/Order 1 placed, total \$\d+\.\d\d, now Processing\./);
      expect(demo.code, demo.output).toBe(0);
      const sessions = (await keysUnder(await cluster(), `${vars.CARTWRIGHT_REDIS_PREFIX}`)).filter(
        (key) => !key.includes(':login:') && !key.includes(':replay:'),
      );
      expect(sessions.length).toBeGreaterThan(0);
    } finally {
      expect(await server.stop(), server.output()).toBe('0');
    }
  }, 120_000);

  it('two servers on it serve each other’s sessions and meet one login limit', async () => {
    const vars = await clusterVars('pair');
    const servers: RunningDemo[] = [];
    try {
      for (let i = 0; i < 2; i += 1) {
        const started = await startDemoServer(vars, { log: () => {} });
        if (started.isErr()) throw new Error(JSON.stringify(started.error));
        servers.push(started.value);
      }
      const [first, second] = servers as [RunningDemo, RunningDemo];
      // A session made on one server is served by the other, each save a compare-and-set on its master.
      const { token } = await login(first, apiKey);
      expect([await addIphone(second, token), await addIphone(first, token)]).toEqual([200, 200]);
      const cart = await fetch(`${second.url}?route=api/cart/getProducts&api_token=${token}`);
      expect(((await cart.json()) as { quantity: number }[]).map((line) => line.quantity)).toEqual([2]);
      // Five wrong keys from one address, spread over both, block the right key on both (the limit is 5).
      for (let i = 0; i < 5; i += 1) {
        expect((await login(servers[i % 2] as RunningDemo, `wrong-${i}`)).status).toBe(401);
      }
      expect([(await login(first, apiKey)).status, (await login(second, apiKey)).status]).toEqual([429, 429]);
      const throttleKeys = await keysUnder(await cluster(), `${vars.CARTWRIGHT_REDIS_PREFIX}login:`);
      expect(throttleKeys.length).toBe(2);
      expect(new Set(await mastersOf(await cluster(), throttleKeys)).size, 'one slot, one master').toBe(1);
    } finally {
      for (const server of servers) await server.close();
    }
  }, 60_000);
});

describe('npm start refuses a Redis it cannot use as told', () => {
  it('a node of the cluster given as CARTWRIGHT_REDIS_URL, naming the cluster and the variable to use', async () => {
    const [node] = await clusterNodes();
    const vars = { ...(await clusterVars('single')), CARTWRIGHT_REDIS_CLUSTER: undefined };
    const url = `redis://${node?.host}:${node?.port}`;
    await expect(startDemoServer({ ...vars, CARTWRIGHT_REDIS_URL: url })).rejects.toThrow(
      `CARTWRIGHT_REDIS_URL ${url} is a node of a Redis Cluster (INFO cluster says cluster_enabled:1). One node ` +
        'serves only its own slots, so most sessions would fail there. Give the cluster as ' +
        'CARTWRIGHT_REDIS_CLUSTER=host:port,host:port,… instead',
    );
  });

  it('a single server, or nothing, given as CARTWRIGHT_REDIS_CLUSTER', async () => {
    const vars = await clusterVars('wrong');
    const single = new URL(redisUrl());
    await expect(
      startDemoServer({ ...vars, CARTWRIGHT_REDIS_CLUSTER: `${single.hostname}:${single.port || 6379}` }),
    ).rejects.toThrow(
      /ERR This instance has cluster support disabled \(a single server, not a cluster: give it as CARTWRIGHT_REDIS_URL\)/,
    );
    await expect(startDemoServer({ ...vars, CARTWRIGHT_REDIS_CLUSTER: '127.0.0.1:1' })).rejects.toThrow(
      'Cannot use the Redis Cluster at redis://127.0.0.1:1: no node answered',
    );
  });

  it('a cluster that names a node nothing answers at (its announced address), naming that node', async () => {
    const fake = await startFakeClusterNode({ host: '127.0.0.1', port: 1 });
    try {
      await expect(
        startDemoServer({
          ...(await clusterVars('fake')),
          CARTWRIGHT_REDIS_CLUSTER: `127.0.0.1:${fake.port}`,
        }),
      ).rejects.toThrow(
        `Cannot use the Redis Cluster at redis://127.0.0.1:${fake.port}: node 127.0.0.1:1: connect ECONNREFUSED`,
      );
    } finally {
      await fake.close();
    }
  });
});
