/**
 * The tests' own Redis Cluster: three masters on 127.0.0.1 on ports of their own (7301-7303), started and
 * formed by `scripts/redis-cluster.sh` when a test first needs them, so that `npm test` on a fresh machine needs
 * only redis-server installed. `REDIS_CLUSTER_NODES=host:port,…` points the tests at another cluster instead (then
 * nothing is started). A cluster that cannot be started or reached FAILS the tests, naming why.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Cluster, type ClusterNode, type ClusterOptions } from 'ioredis';

const run = promisify(execFile);
const script = join(import.meta.dirname, '../../../scripts/redis-cluster.sh');

/** A node as ioredis takes it. */
export interface NodeAddress {
  readonly host: string;
  readonly port: number;
}

/** `host:port,host:port,…` as addresses. */
export function parseNodes(text: string): NodeAddress[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const url = new URL(`redis://${entry}`);
      return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 6379) };
    });
}

/**
 * Runs `scripts/redis-cluster.sh` with `args`; answers its standard output. Rejects with the script's own
 * message (which names what is missing or which port is taken).
 */
export async function clusterScript(...args: string[]): Promise<string> {
  try {
    const { stdout } = await run('bash', [script, ...args], { timeout: 300_000 });
    return stdout.trim();
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(
      `scripts/redis-cluster.sh ${args.join(' ')} failed: ${stderr || (error as Error).message}. The Redis ` +
        'Cluster tests start their own cluster and need redis-server and redis-cli (Debian packages redis-server, ' +
        'redis-tools), or REDIS_CLUSTER_NODES pointing at a running cluster.',
    );
  }
}

let started: Promise<NodeAddress[]> | undefined;

/** The cluster's nodes, started (once per test process) by the script unless `REDIS_CLUSTER_NODES` names them. */
export function clusterNodes(): Promise<NodeAddress[]> {
  const given = process.env.REDIS_CLUSTER_NODES?.trim();
  if (given) return Promise.resolve(parseNodes(given));
  started ??= clusterScript('start').then((stdout) => parseNodes(stdout.split('\n').at(-1) ?? ''));
  return started;
}

/** The nodes as `CARTWRIGHT_REDIS_CLUSTER` takes them. */
export const nodesText = (nodes: readonly NodeAddress[]): string =>
  nodes.map(({ host, port }) => `${host.includes(':') ? `[${host}]` : host}:${port}`).join(',');

/**
 * A connected ioredis `Cluster` over the test cluster (its slots known, every master answering PING), or a
 * rejection naming the nodes. Like the single-node test client it gives up rather than reconnect forever.
 */
export async function connectCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const nodes = await clusterNodes();
  const client = new Cluster(nodes as ClusterNode[], {
    lazyConnect: true,
    enableOfflineQueue: false,
    clusterRetryStrategy: () => null,
    ...options,
    redisOptions: { connectTimeout: 3_000, maxRetriesPerRequest: 1, ...options.redisOptions },
  });
  let lastError: Error | undefined;
  client.on('error', (error: Error) => {
    lastError = error;
  });
  try {
    // connect() never settles when the layout loads and the ready check then fails: the client just ends.
    await new Promise<void>((resolve, reject) => {
      client.once('end', () => reject(new Error('the client gave up')));
      client.connect().then(resolve, reject);
    });
    await Promise.all(client.nodes('master').map((node) => node.ping()));
  } catch (error) {
    client.disconnect();
    const reason =
      (lastError ?? error) instanceof Error ? (lastError ?? (error as Error)).message : String(error);
    throw new Error(`Cannot reach the Redis Cluster at ${nodesText(nodes)} (${reason}).`);
  }
  return client;
}

/** The master serving each of `keys` now, as `host:port`, from the cluster's own slot table (CLUSTER SLOTS). */
export async function mastersOf(cluster: Cluster, keys: readonly string[]): Promise<string[]> {
  const ranges = await cluster.cluster('SLOTS');
  return Promise.all(
    keys.map(async (key) => {
      const slot = Number(await cluster.cluster('KEYSLOT', key));
      const master = ranges.find(([from, to]) => slot >= from && slot <= to)?.[2];
      if (master === undefined) throw new Error(`no master serves slot ${slot} (of ${key})`);
      return `${master[0]}:${master[1]}`;
    }),
  );
}
