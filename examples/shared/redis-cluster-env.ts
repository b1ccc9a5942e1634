/**
 * `CARTWRIGHT_REDIS_CLUSTER`, read and checked: the Redis Cluster nodes `npm start` connects to first (ioredis
 * learns the others, and which slots each serves, from them).
 *
 * The value is a comma-separated list of nodes, each `host:port` (an IPv6 host in brackets) or a `redis://` or
 * `rediss://` URL. A URL's user, password and scheme hold for every node, since the cluster hands out the other
 * nodes' addresses without them: `rediss://:secret@10.0.0.1:6379,10.0.0.2:6379` connects to both over TLS with
 * the password. URLs that disagree on them are refused, and so is a database number (a cluster has only 0).
 */
import { err, ok, type Result } from 'neverthrow';

/** One node, as ioredis takes it. */
export interface RedisClusterNode {
  readonly host: string;
  readonly port: number;
}

/** The checked value of `CARTWRIGHT_REDIS_CLUSTER`. */
export interface RedisClusterSeeds {
  /** The nodes to ask for the cluster's layout, in the order given. */
  readonly nodes: readonly RedisClusterNode[];
  /** The user every node is logged in as (Redis 6 ACLs), or undefined. */
  readonly username: string | undefined;
  /** The password of every node, or undefined. */
  readonly password: string | undefined;
  /** True for `rediss://`: every node over TLS. */
  readonly tls: boolean;
}

/** What a URL entry says about every node. */
interface Access {
  readonly username: string;
  readonly password: string;
  readonly tls: boolean;
}

const usage =
  'CARTWRIGHT_REDIS_CLUSTER must be the cluster nodes as host:port,host:port,… (or redis:// or rediss:// URLs)!';

/** One entry as a node and, for a URL, what it says about access; undefined when it is neither. */
function readEntry(entry: string): { node: RedisClusterNode; access: Access | undefined } | undefined {
  const isUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(entry);
  let url: URL;
  try {
    url = new URL(isUrl ? entry : `redis://${entry}`);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') return undefined;
  if (url.hostname === '' || (url.pathname !== '' && url.pathname !== '/') || url.search !== '')
    return undefined;
  if (!isUrl && (url.username !== '' || url.password !== '')) return undefined;
  const node = { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port || 6379) };
  const access = isUrl
    ? {
        username: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
        tls: url.protocol === 'rediss:',
      }
    : undefined;
  return { node, access };
}

/** The seeds in `text`, or the error to show for `CARTWRIGHT_REDIS_CLUSTER`. */
export function parseRedisCluster(text: string): Result<RedisClusterSeeds, string> {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const nodes: RedisClusterNode[] = [];
  let access: Access | undefined;
  for (const entry of entries) {
    const read = readEntry(entry);
    if (read === undefined) return err(usage);
    nodes.push(read.node);
    if (read.access === undefined) continue;
    const same =
      access === undefined ||
      (access.username === read.access.username &&
        access.password === read.access.password &&
        access.tls === read.access.tls);
    if (!same) {
      return err(
        'CARTWRIGHT_REDIS_CLUSTER: the URLs must share one scheme, user and password (they hold for every node)!',
      );
    }
    access = read.access;
  }
  if (nodes.length === 0) return err(usage);
  return ok({
    nodes,
    username: access?.username || undefined,
    password: access?.password || undefined,
    tls: access?.tls ?? false,
  });
}

/**
 * `CARTWRIGHT_REDIS_CLUSTER` (`text`, undefined when unset or empty) checked, and against `CARTWRIGHT_REDIS_URL`
 * (`redisUrl`): the seeds, undefined when unset, or the error to show.
 */
export function readRedisCluster(
  text: string | undefined,
  redisUrl: string | undefined,
): Result<RedisClusterSeeds | undefined, string> {
  if (text === undefined) return ok(undefined);
  if (redisUrl !== undefined) {
    return err(
      'Set CARTWRIGHT_REDIS_URL for a single Redis or CARTWRIGHT_REDIS_CLUSTER for a Redis Cluster, not both!',
    );
  }
  return parseRedisCluster(text);
}

/** The seeds as the banner and messages show them: `redis[s]://host:port,…`, the password masked. */
export function shownCluster(seeds: RedisClusterSeeds): string {
  const user = seeds.username === undefined ? '' : encodeURIComponent(seeds.username);
  const credentials = seeds.password === undefined ? (user === '' ? '' : `${user}@`) : `${user}:***@`;
  const hosts = seeds.nodes.map(({ host, port }) => `${host.includes(':') ? `[${host}]` : host}:${port}`);
  return `${seeds.tls ? 'rediss' : 'redis'}://${credentials}${hosts.join(',')}`;
}
