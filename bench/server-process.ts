/**
 * Servers for the HTTP benchmarks, each in a process of its own: a free port, starting a process and waiting until
 * it answers, stopping it (with what it started), and the environment of `npm start` on the memory stores or on
 * Redis and PostgreSQL, and removing what a run left in them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer as createNetServer } from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import { benchApiKey, call } from './load-flow.js';

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createNetServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Starts a child process and waits until it answers HTTP on `port`. */
export async function startProcess(
  command: string,
  argv: string[],
  env: NodeJS.ProcessEnv,
  port: number,
): Promise<ChildProcess> {
  // Its own process group, so that stopping it stops what `npm start` starts under it too.
  const child = spawn(command, argv, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    try {
      await call({ port, path: '/', method: 'GET' });
      return child;
    } catch {
      if (Date.now() > deadline) {
        await stopProcess(child);
        throw new Error(`the server did not start:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Stops a child process started detached: SIGTERM to its group, SIGKILL after 5 s. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const group = -child.pid;
  const exited = once(child, 'exit');
  process.kill(group, 'SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  try {
    process.kill(group, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

/** Where `npm start` keeps its data: the memory stores, or Redis and PostgreSQL. */
export type BenchStores =
  | { readonly kind: 'memory' }
  | {
      readonly kind: 'real';
      /** The Redis key prefix and the PostgreSQL schema, fresh for the run. */
      readonly run: string;
      /** The PostgreSQL database; default `DATABASE_URL` or the local `test` database. */
      readonly databaseUrl?: string;
    };

/** The local PostgreSQL database the tests use, unless `DATABASE_URL` names another. */
export const benchDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * The environment of `npm start` on `port` for the chosen stores, the store settings as installed (stock checked):
 * the demo data holds a million of each thing a flow buys, far more than any run takes.
 */
export function serverEnv(port: number, stores: BenchStores): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    CARTWRIGHT_API_KEY: benchApiKey,
  };
  if (stores.kind === 'memory') return env;
  return {
    ...env,
    CARTWRIGHT_REDIS_URL: benchRedisUrl,
    CARTWRIGHT_REDIS_PREFIX: `${stores.run}:`,
    CARTWRIGHT_DATABASE_URL: stores.databaseUrl ?? benchDatabaseUrl,
    CARTWRIGHT_DATABASE_SCHEMA: stores.run,
  };
}

/** The Redis server the benchmarks use: `REDIS_URL`, or the local one. */
export const benchRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Removes every Redis key under `prefix` (a run's keys), a thousand at a time. */
export async function unlinkRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(benchRedisUrl, { lazyConnect: true });
  await redis.connect();
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 1000 })) {
      if ((keys as string[]).length > 0) await redis.unlink(...(keys as string[]));
    }
  } finally {
    await redis.quit();
  }
}

/**
 * Removes what a run on Redis and PostgreSQL wrote: its schema and its keys, so that repeated runs leave the
 * shared servers as they found them. Nothing for the memory stores.
 */
export async function dropBenchStores(stores: BenchStores): Promise<void> {
  if (stores.kind === 'memory') return;
  const pool = new pg.Pool({ connectionString: stores.databaseUrl ?? benchDatabaseUrl, max: 1 });
  try {
    await pool.query(`DROP SCHEMA IF EXISTS "${stores.run}" CASCADE`);
  } finally {
    await pool.end();
  }
  await unlinkRedisPrefix(`${stores.run}:`);
}
