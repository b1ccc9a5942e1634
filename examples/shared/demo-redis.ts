/**
 * The demo's Redis connection: one ioredis `Redis` for a single server (`CARTWRIGHT_REDIS_URL`), or one ioredis
 * `Cluster` for a Redis Cluster (`CARTWRIGHT_REDIS_CLUSTER`), with the same deadlines, connected and checked at
 * start-up so that a wrong address stops the start with a message rather than failing requests later.
 */
import { Cluster, type ClusterOptions, Redis, type RedisOptions } from 'ioredis';
import type { HttpLogger } from '../../src/http/index.js';
import { type RedisClusterSeeds, shownCluster } from './redis-cluster-env.js';

/** Where the demo's Redis is: a single server's URL, or a cluster's seed nodes. */
export type DemoRedisTarget =
  | { readonly kind: 'single'; readonly url: string }
  | { readonly kind: 'cluster'; readonly seeds: RedisClusterSeeds };

/** A connected demo client, and how the banner names it. */
export interface DemoRedis {
  readonly client: Redis | Cluster;
  /** `Redis at redis://…` or `Redis Cluster at redis://host:port,…`, passwords masked. */
  readonly shown: string;
}

/** `url` without its password, for the banner and messages. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}

/** `error`'s message. */
function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The options of one connection to one server, single or a cluster's node. Every wait is bounded, so a request
 * answers 503 rather than hang: a command gets no answer within the deadline (`commandTimeout`), a connection
 * attempt takes longer (`connectTimeout`). The commands under way when a connection drops fail at once
 * (`maxRetriesPerRequest: 0`) and are never sent again on the next connection
 * (`autoResendUnfulfilledCommands: false`): their requests have answered 503 already, and a command may have
 * run before the connection dropped.
 */
export function redisNodeOptions(deadlineMs: number): RedisOptions {
  return {
    commandTimeout: deadlineMs,
    connectTimeout: deadlineMs,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
  };
}

/**
 * The options of the cluster client: each node connection as {@link redisNodeOptions}, and a client that fails
 * rather than waits or resends.
 *
 * - `enableOfflineQueue: false`: while the cluster is not ready (its layout unknown, every node lost), commands
 *   fail at once instead of queueing.
 * - `retryDelayOnFailover: 0`: a command whose node connection closed under it fails; ioredis would otherwise
 *   send it again, and it may already have run (a failed login counted twice).
 * - `commandTimeout` holds across redirections: a command that follows `MOVED` or `ASK` to another node, or
 *   waits out a `TRYAGAIN` while its slot moves, still fails at the deadline. Those replies mean the node did not
 *   run it, so following them is safe; a timed-out command is never sent again.
 * - `scaleReads: 'master'`: every command goes to the master of its slot (a replica may lag behind a save).
 * - `slotsRefreshTimeout`: asking a node for the layout waits at most the deadline.
 */
export function redisClusterOptions(deadlineMs: number, seeds?: RedisClusterSeeds): ClusterOptions {
  return {
    enableOfflineQueue: false,
    retryDelayOnFailover: 0,
    scaleReads: 'master',
    slotsRefreshTimeout: deadlineMs,
    redisOptions: {
      ...redisNodeOptions(deadlineMs),
      ...(seeds?.username === undefined ? {} : { username: seeds.username }),
      ...(seeds?.password === undefined ? {} : { password: seeds.password }),
      ...(seeds?.tls === true ? { tls: {} } : {}),
    },
  };
}

/**
 * Reports connection errors: before the start-up connection succeeded each one is kept for the start-up
 * message; afterwards (the server went away) each new message is logged once. Without a listener ioredis reports
 * every reconnection failure as unhandled.
 */
function watchErrors(client: Redis | Cluster, logger: HttpLogger, what: string) {
  const state: { connected: boolean; lastError: Error | undefined } = {
    connected: false,
    lastError: undefined,
  };
  client.on('error', (error: Error) => {
    if (state.connected && state.lastError?.message !== error.message)
      logger.error(`cartwright demo: ${what}`, error);
    state.lastError = error;
  });
  client.on('ready', () => {
    state.lastError = undefined;
  });
  return state;
}

/**
 * A connected single-server client, or a rejection naming the server. A server that is a node of a Redis Cluster
 * is refused: it serves only its own slots, so sessions whose keys live on other nodes would fail (`MOVED`).
 */
async function connectSingle(url: string, deadlineMs: number, logger: HttpLogger): Promise<Redis> {
  // While the connection is down, commands fail at once instead of queueing for it; ioredis keeps reconnecting.
  const client = new Redis(url, {
    ...redisNodeOptions(deadlineMs),
    lazyConnect: true,
    enableOfflineQueue: false,
  });
  const state = watchErrors(client, logger, 'Redis');
  let info: string;
  try {
    await client.connect();
    await client.ping();
    info = await client.info('cluster');
  } catch (error) {
    client.disconnect();
    throw new Error(`Cannot reach Redis at ${shownUrl(url)}: ${state.lastError?.message ?? reason(error)}`);
  }
  if (/^cluster_enabled:1\b/m.test(info)) {
    client.disconnect();
    throw new Error(
      `CARTWRIGHT_REDIS_URL ${shownUrl(url)} is a node of a Redis Cluster (INFO cluster says cluster_enabled:1). ` +
        'One node serves only its own slots, so most sessions would fail there. Give the cluster as ' +
        'CARTWRIGHT_REDIS_CLUSTER=host:port,host:port,… instead (see docs/redis.md#redis-cluster).',
    );
  }
  state.connected = true;
  return client;
}

/**
 * Resolves once `client` is ready; rejects once it gives up. `connect()` alone would never settle when the layout
 * loads but the ready check then fails (a node the layout names does not answer): the client just ends.
 */
function connected(client: Cluster): Promise<void> {
  return new Promise((resolve, reject) => {
    const ended = () => reject(new Error('the client gave up'));
    client.once('end', ended);
    client.connect().then(
      () => {
        client.off('end', ended);
        resolve();
      },
      (error: unknown) => {
        client.off('end', ended);
        reject(error);
      },
    );
  });
}

/**
 * A connected cluster client (the layout known, every master answering), or a rejection naming the seeds. Before
 * the start-up connection succeeded it gives up at once; afterwards it reconnects in the background as ioredis
 * does.
 */
async function connectCluster(
  seeds: RedisClusterSeeds,
  deadlineMs: number,
  logger: HttpLogger,
): Promise<Cluster> {
  const shown = shownCluster(seeds);
  let state: ReturnType<typeof watchErrors> | undefined;
  const client = new Cluster([...seeds.nodes], {
    ...redisClusterOptions(deadlineMs, seeds),
    lazyConnect: true,
    clusterRetryStrategy: (times) => (state?.connected === true ? Math.min(100 + times * 2, 2_000) : null),
  });
  state = watchErrors(client, logger, 'Redis Cluster');
  // Why a node refused (a single server's ERR…): the client's own error only says it could not load the layout.
  const closed = 'Connection is closed.';
  const nodeErrors = new Map<string, string>();
  client.on('node error', (error: Error, node: string) => {
    // Once started, a node going away is logged (each new message once), as the client's own errors are.
    if (state?.connected === true && nodeErrors.get(node) !== error.message) {
      logger.error(`cartwright demo: Redis Cluster node ${node}`, error);
    }
    if (state?.connected === true || (!nodeErrors.has(node) && error.message !== closed)) {
      nodeErrors.set(node, error.message);
    }
  });
  try {
    await connected(client);
  } catch (error) {
    client.disconnect();
    const cause = (state.lastError as { lastNodeError?: Error } | undefined)?.lastNodeError;
    const nodes = [...nodeErrors].map(([node, message]) => `node ${node}: ${message}`).join('; ');
    const last = cause?.message ?? state.lastError?.message ?? reason(error);
    // ioredis keeps a refused or timed-out connection's own error to itself.
    const why = nodes || (last === closed ? 'no node answered (connection refused or timed out)' : last);
    const hint = /cluster support disabled/.test(why)
      ? ' (a single server, not a cluster: give it as CARTWRIGHT_REDIS_URL)'
      : '';
    throw new Error(`Cannot use the Redis Cluster at ${shown}: ${why}${hint}`);
  }
  // Every master now: a node the cluster names at an address this machine cannot reach stops the start, by name.
  for (const node of client.nodes('master')) {
    try {
      await node.ping();
    } catch (error) {
      client.disconnect();
      const where = `${node.options.host}:${node.options.port}`;
      throw new Error(
        `Cannot use the Redis Cluster at ${shown}: its node ${where} does not answer: ${reason(error)}`,
      );
    }
  }
  nodeErrors.clear();
  state.connected = true;
  return client;
}

/** Connects to `target` with every command bounded by `deadlineMs`; rejects with a message naming it. */
export async function connectDemoRedis(
  target: DemoRedisTarget,
  deadlineMs: number,
  logger: HttpLogger,
): Promise<DemoRedis> {
  if (target.kind === 'single') {
    return {
      client: await connectSingle(target.url, deadlineMs, logger),
      shown: `Redis at ${shownUrl(target.url)}`,
    };
  }
  return {
    client: await connectCluster(target.seeds, deadlineMs, logger),
    shown: `Redis Cluster at ${shownCluster(target.seeds)}`,
  };
}
