/**
 * What the example servers read from the environment, how they say where they listen, and how they tell they
 * were started directly (rather than imported by a test).
 *
 * | variable | default |
 * |---|---|
 * | `HOST`, `PORT` | `127.0.0.1`, `8080` |
 * | `CARTWRIGHT_API_KEY` | random (`generateApiKey()`), printed at start-up; at least 32 characters when set |
 * | `CARTWRIGHT_API_IPS` | `127.0.0.1,::1` |
 * | `CARTWRIGHT_API_SIGNING` | none: `demo` logs in; `opencart`, it may sign requests as OpenCart 4.1 clients do |
 * | `CARTWRIGHT_SESSION_TTL_SECONDS` | `3600` |
 * | `CARTWRIGHT_CONFIG` | none: a JSON object of `config_*` settings and extension statuses over the demo's |
 * | `CARTWRIGHT_REDIS_URL` | none: sessions in memory; set, sessions in that Redis |
 * | `CARTWRIGHT_REDIS_CLUSTER` | none; set (`host:port,host:port,…`), sessions in that Redis Cluster |
 * | `CARTWRIGHT_REDIS_PREFIX` | `cartwright:session:`, the session store's own default |
 * | `CARTWRIGHT_REDIS_DEADLINE_MS` | `2000`: the longest one Redis call may take before the request answers 503 |
 * | `CARTWRIGHT_REDIS_LOGIN_PREFIX` | `cartwright:login:`; `<CARTWRIGHT_REDIS_PREFIX>login:` if that is set |
 * | `CARTWRIGHT_DATABASE_URL` | none: catalog and orders in memory; set, in that PostgreSQL database |
 * | `CARTWRIGHT_DATABASE_SCHEMA` | none: the connection's `search_path` (normally `public`), as the adapters do |
 * | `CARTWRIGHT_DATABASE_DEADLINE_MS` | `2000`: the longest one PostgreSQL call may take before the request answers 503 |
 * | `CARTWRIGHT_DEMO_RESET` | none; `catalog` reloads the PostgreSQL demo catalog (orders kept), `all` all |
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { err, ok, type Result } from 'neverthrow';
import { DEFAULT_DEADLINE_MS } from '../../src/adapters/deadline.js';
import { quoteSchema } from '../../src/adapters/postgres/identifiers.js';
import { DEFAULT_REDIS_LOGIN_PREFIX, DEFAULT_REDIS_SESSION_PREFIX } from '../../src/adapters/redis/index.js';
import { generateApiKey, minApiKeyLength } from '../../src/adapters/system/index.js';
import type { FieldErrors } from '../../src/core/index.js';
import type { ApiSigning } from '../../src/domain/records/api-user.js';
import { type RedisClusterSeeds, readRedisCluster } from './redis-cluster-env.js';

/** The environment, read and checked. */
export interface DemoEnv {
  readonly host: string;
  readonly port: number;
  readonly apiKey: string;
  /** True when `CARTWRIGHT_API_KEY` was unset and the key is random. */
  readonly generatedKey: boolean;
  readonly apiIps: readonly string[];
  /** `CARTWRIGHT_API_SIGNING`: `opencart` lets `demo` sign its requests (the key is the secret). */
  readonly apiSigning: ApiSigning | undefined;
  readonly sessionTtlSeconds: number;
  readonly config: Readonly<Record<string, unknown>>;
  /** `CARTWRIGHT_REDIS_URL`: where sessions live; undefined keeps them in memory (or in the cluster below). */
  readonly redisUrl: string | undefined;
  /** `CARTWRIGHT_REDIS_CLUSTER`: the Redis Cluster nodes to start from; undefined when sessions are not there. */
  readonly redisCluster: RedisClusterSeeds | undefined;
  /** `CARTWRIGHT_REDIS_PREFIX`: put before every session key. */
  readonly redisPrefix: string;
  /** `CARTWRIGHT_REDIS_DEADLINE_MS`: the longest one Redis call may take, in milliseconds. */
  readonly redisDeadlineMs: number;
  /** `CARTWRIGHT_REDIS_LOGIN_PREFIX`: put before every key of the login throttle. */
  readonly redisLoginPrefix: string;
  /** `CARTWRIGHT_DATABASE_URL`: where catalog, directories and orders live; undefined keeps them in memory. */
  readonly databaseUrl: string | undefined;
  /** `CARTWRIGHT_DATABASE_SCHEMA`: the schema of cartwright's tables; undefined uses the `search_path`. */
  readonly databaseSchema: string | undefined;
  /** `CARTWRIGHT_DATABASE_DEADLINE_MS`: the longest one PostgreSQL call may take, in milliseconds. */
  readonly databaseDeadlineMs: number;
  /**
   * `CARTWRIGHT_DEMO_RESET`: what of the PostgreSQL demo data to load again at start; undefined keeps it all.
   */
  readonly demoReset: DemoReset | undefined;
}

/** What `CARTWRIGHT_DEMO_RESET` reloads: the catalog and directories (orders kept), or everything. */
export type DemoReset = 'catalog' | 'all';

/** `CARTWRIGHT_DEMO_RESET` read and checked against the database variable; errors go into `errors`. */
function readDemoReset(
  env: NodeJS.ProcessEnv,
  databaseUrl: string | undefined,
  errors: Record<string, string>,
): DemoReset | undefined {
  const reset = setValue(env, 'CARTWRIGHT_DEMO_RESET');
  if (reset === undefined) return undefined;
  if (reset !== 'catalog' && reset !== 'all') {
    errors.CARTWRIGHT_DEMO_RESET = 'CARTWRIGHT_DEMO_RESET must be catalog or all!';
  } else if (databaseUrl === undefined) {
    errors.CARTWRIGHT_DEMO_RESET =
      'CARTWRIGHT_DEMO_RESET resets PostgreSQL: set CARTWRIGHT_DATABASE_URL (the memory store starts afresh anyway)!';
  } else {
    return reset;
  }
  return undefined;
}

/** `text` when it is a URL with one of `protocols`, else undefined. */
function urlWith(text: string, protocols: readonly string[]): string | undefined {
  try {
    return protocols.includes(new URL(text).protocol) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** The non-empty value of `name`, or undefined (an empty variable counts as unset, as a shell's `VAR=` does). */
function setValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim() ?? '';
  return value === '' ? undefined : value;
}

/** A key prefix variable: no braces, which would decide every key's Redis Cluster slot (as the adapters say). */
function checkPrefix(name: string, value: string | undefined, errors: Record<string, string>): void {
  if (value !== undefined && /[{}]/.test(value)) {
    errors[name] = `${name} must not contain { or }: Redis Cluster would place every key by the braces!`;
  }
}

/** The store variables, checked; errors go into `errors`. */
function readStores(env: NodeJS.ProcessEnv, errors: Record<string, string>) {
  const redisUrl = setValue(env, 'CARTWRIGHT_REDIS_URL');
  if (redisUrl !== undefined && urlWith(redisUrl, ['redis:', 'rediss:']) === undefined) {
    errors.CARTWRIGHT_REDIS_URL = 'CARTWRIGHT_REDIS_URL must be a redis:// or rediss:// URL!';
  }
  const redisCluster = readRedisCluster(setValue(env, 'CARTWRIGHT_REDIS_CLUSTER'), redisUrl).match(
    (seeds) => seeds,
    (error) => {
      errors.CARTWRIGHT_REDIS_CLUSTER = error;
      return undefined;
    },
  );
  const databaseUrl = setValue(env, 'CARTWRIGHT_DATABASE_URL');
  if (databaseUrl !== undefined && urlWith(databaseUrl, ['postgres:', 'postgresql:']) === undefined) {
    errors.CARTWRIGHT_DATABASE_URL = 'CARTWRIGHT_DATABASE_URL must be a postgres:// or postgresql:// URL!';
  }
  const databaseSchema = setValue(env, 'CARTWRIGHT_DATABASE_SCHEMA');
  if (databaseSchema !== undefined) {
    try {
      quoteSchema(databaseSchema);
    } catch {
      errors.CARTWRIGHT_DATABASE_SCHEMA =
        'CARTWRIGHT_DATABASE_SCHEMA must be a lower-case identifier (a-z, 0-9, _; not pg_…)!';
    }
  }
  const redisPrefix = env.CARTWRIGHT_REDIS_PREFIX ?? DEFAULT_REDIS_SESSION_PREFIX;
  const redisDeadlineMs = readDeadline(env, 'CARTWRIGHT_REDIS_DEADLINE_MS', errors);
  const databaseDeadlineMs = readDeadline(env, 'CARTWRIGHT_DATABASE_DEADLINE_MS', errors);
  // A deployment (or a test) that moves its sessions to a prefix of its own moves its login counts with them,
  // so that two of them sharing one Redis never block each other's logins.
  const redisLoginPrefix =
    env.CARTWRIGHT_REDIS_LOGIN_PREFIX ??
    (env.CARTWRIGHT_REDIS_PREFIX === undefined ? DEFAULT_REDIS_LOGIN_PREFIX : `${redisPrefix}login:`);
  checkPrefix('CARTWRIGHT_REDIS_PREFIX', env.CARTWRIGHT_REDIS_PREFIX, errors);
  checkPrefix('CARTWRIGHT_REDIS_LOGIN_PREFIX', env.CARTWRIGHT_REDIS_LOGIN_PREFIX, errors);
  const demoReset = readDemoReset(env, databaseUrl, errors);
  return {
    redisUrl,
    redisCluster,
    redisPrefix,
    redisDeadlineMs,
    redisLoginPrefix,
    databaseUrl,
    databaseSchema,
    databaseDeadlineMs,
    demoReset,
  };
}

/** A store deadline variable, in milliseconds (default 2000); a bad one goes into `errors`. */
function readDeadline(env: NodeJS.ProcessEnv, name: string, errors: Record<string, string>): number {
  const text = setValue(env, name);
  if (text === undefined) return DEFAULT_DEADLINE_MS;
  const value = wholeNumber(text, 1, 2_147_483_647);
  if (value === undefined) errors[name] = `${name} must be a whole number of milliseconds, at least 1!`;
  return value ?? DEFAULT_DEADLINE_MS;
}

/** A whole number in `[min, max]` from `text`, or undefined. */
function wholeNumber(text: string, min: number, max: number): number | undefined {
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

/** `CARTWRIGHT_CONFIG` as an object, or its error. */
function parseConfig(text: string | undefined): Readonly<Record<string, unknown>> | string {
  if (text === undefined || text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // reported below
  }
  return 'CARTWRIGHT_CONFIG must be a JSON object of config_* settings!';
}

/** The checked environment, or the errors keyed by variable name. */
export function readDemoEnv(env: NodeJS.ProcessEnv = process.env): Result<DemoEnv, FieldErrors> {
  const errors: Record<string, string> = {};
  const port = wholeNumber(env.PORT ?? '8080', 0, 65_535);
  if (port === undefined) errors.PORT = 'PORT must be a whole number from 0 to 65535!';
  const ttl = wholeNumber(env.CARTWRIGHT_SESSION_TTL_SECONDS ?? '3600', 1, 31_536_000);
  if (ttl === undefined) {
    errors.CARTWRIGHT_SESSION_TTL_SECONDS =
      'CARTWRIGHT_SESSION_TTL_SECONDS must be a whole number of seconds!';
  }
  const config = parseConfig(env.CARTWRIGHT_CONFIG);
  if (typeof config === 'string') errors.CARTWRIGHT_CONFIG = config;
  const apiIps = (env.CARTWRIGHT_API_IPS ?? '127.0.0.1,::1').split(',').map((ip) => ip.trim());
  const signing = setValue(env, 'CARTWRIGHT_API_SIGNING');
  if (signing !== undefined && signing !== 'opencart') {
    errors.CARTWRIGHT_API_SIGNING = 'CARTWRIGHT_API_SIGNING must be opencart, or unset!';
  }
  const given = env.CARTWRIGHT_API_KEY ?? '';
  if (given !== '' && [...given].length < minApiKeyLength) {
    errors.CARTWRIGHT_API_KEY = `CARTWRIGHT_API_KEY must be at least ${minApiKeyLength} characters (unset, a random one is made)!`;
  }
  const stores = readStores(env, errors);
  if (
    port === undefined ||
    ttl === undefined ||
    typeof config === 'string' ||
    Object.keys(errors).length > 0
  ) {
    return err(errors);
  }
  return ok({
    host: env.HOST ?? '127.0.0.1',
    port,
    apiKey: given === '' ? generateApiKey() : given,
    generatedKey: given === '',
    apiIps: apiIps.filter((ip) => ip !== ''),
    apiSigning: signing === 'opencart' ? signing : undefined,
    sessionTtlSeconds: ttl,
    config,
    ...stores,
  });
}

/** Prints field errors and ends the process with status 1. */
export function exitWithErrors(errors: FieldErrors): never {
  console.error('The demo server cannot start:');
  for (const [field, text] of Object.entries(errors)) console.error(`  ${field}: ${text}`);
  process.exit(1);
}

/** The base URL of a server on `host`:`port` (IPv6 hosts in brackets). */
export function baseUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** `text` quoted for a POSIX shell. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The banner's store line when everything stays in this process. */
const memoryStoreLines: readonly string[] = [
  'Stores: sessions, catalog and orders in memory (gone when the server stops).',
];

/** What the banner says besides the environment. */
export interface BannerOptions {
  /** Lines saying where sessions, catalog and orders live; default {@link memoryStoreLines}. */
  readonly stores?: readonly string[] | undefined;
  /** Where the lines go; default `console.log`. */
  readonly log?: ((line: string) => void) | undefined;
}

/** Prints where the server listens, where its data lives and a ready-to-paste login. */
export function printBanner(name: string, env: DemoEnv, port: number, options: BannerOptions = {}): void {
  const log = options.log ?? console.log;
  const url = `${baseUrl(env.host, port)}/index.php`;
  log(`cartwright demo store (${name}) listening on ${url}`);
  for (const line of options.stores ?? memoryStoreLines) log(line);
  log(
    env.generatedKey
      ? `API user demo, random key ${env.apiKey} (set CARTWRIGHT_API_KEY to choose one)`
      : 'API user demo, key from CARTWRIGHT_API_KEY',
  );
  log(`Allowed IPs: ${env.apiIps.join(', ')}; sessions expire after ${env.sessionTtlSeconds} s idle.`);
  if (env.apiSigning === 'opencart') {
    log('Signed requests: demo may sign each request as OpenCart 4.1 clients do (the key is the secret).');
  }
  log(
    `API reference: ${baseUrl(env.host, port)}/docs (the OpenAPI document: ${baseUrl(env.host, port)}/api/openapi)`,
  );
  log('Log in with:');
  log(
    `  curl -i -X POST ${shellQuote(`${url}?route=api/account/login`)} -d username=demo --data-urlencode ${shellQuote(`key=${env.apiKey}`)}`,
  );
}

/** True when the module at `moduleUrl` is the script node was started with (not imported by a test). */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
