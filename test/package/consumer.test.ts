/**
 * The built package as a consumer sees it: `npm pack` the build, install the tarball into a scratch project
 * (with the drivers a host brings: pg and ioredis), then import every entry point from ESM and CJS, run the
 * memory adapters and the Redis and PostgreSQL adapters on the real servers, and type-check a consumer under
 * nodenext and bundler resolution. Needs `npm run build` first and the servers up (.ci/run does both).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries } from '../../tsup.config.js';

const root = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  devDependencies: Record<string, string>;
};
/** The drivers at the versions cartwright is developed against, as a host would install them. */
const drivers = ['pg', '@types/pg', 'ioredis'].map((name) => `${name}@${pkg.devDependencies[name]}`);
/** The servers the run uses, as the integration tests find them; and a schema and key prefix of its own. */
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const runId = randomBytes(4).toString('hex');
const subpaths = Object.keys(pkg.exports).filter((key) => key !== './package.json');
const specifiers = subpaths.map((subpath) =>
  subpath === '.' ? 'cartwright' : `cartwright/${subpath.slice(2)}`,
);

let scratch = '';
let packedFiles: string[] = [];

function run(command: string, args: readonly string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function runNode(file: string, ...args: string[]): string {
  return run(process.execPath, [file, ...args], scratch);
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'cartwright-consumer-'));
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', scratch], root)) as {
    filename: string;
    files: { path: string }[];
  }[];
  const tarball = packed[0];
  if (!tarball) throw new Error('npm pack produced nothing');
  packedFiles = tarball.files.map((file) => file.path);
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  run(
    'npm',
    [
      'install',
      join(scratch, tarball.filename),
      'typescript@~5.9.3',
      '@types/node@^20.19',
      ...drivers,
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
    ],
    scratch,
  );
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it('holds every entry point in both formats with their types, and no sources or tests', () => {
    for (const name of Object.keys(entries)) {
      for (const ext of ['js', 'cjs', 'd.ts', 'd.cts']) expect(packedFiles).toContain(`dist/${name}.${ext}`);
    }
    expect(packedFiles.filter((file) => /^(src|test|examples)\//.test(file))).toEqual([]);
  });

  it('builds exactly the subpaths the exports map names', () => {
    const built = Object.keys(entries).map((name) => (name === 'index' ? '.' : `./${name}`));
    expect([...built].sort()).toEqual([...subpaths].sort());
    for (const subpath of subpaths) {
      const target = pkg.exports[subpath] as Record<string, Record<string, string>>;
      for (const condition of ['import', 'require']) {
        const paths = target[condition];
        expect(paths && Object.keys(paths)[0]).toBe('types');
        for (const file of Object.values(paths ?? {})) expect(existsSync(join(root, file))).toBe(true);
      }
    }
  });
});

const usage = (load: (specifier: string) => string) => `
const root = ${load('cartwright')};
const memory = ${load('cartwright/adapters/memory')};
const redisAdapter = ${load('cartwright/adapters/redis')};
const postgresAdapter = ${load('cartwright/adapters/postgres')};
const testing = ${load('cartwright/testing')};
// The drivers as either module system hands them over (ESM sees pg's CommonJS exports as its default).
const pgModule = ${load('pg')};
const Pool = (pgModule.Pool ?? pgModule.default.Pool);
const redisModule = ${load('ioredis')};
const Redis = redisModule.Redis ?? redisModule.default;
const usd = root.money('1234.5', 'USD');
const text = root.formatMoney(usd, { code: 'USD', title: 'US Dollar', symbolLeft: '$', symbolRight: '', decimalPlaces: 2, value: '1' });
const { data } = memory.demoStore();
const clock = testing.createFixedClock('2026-01-01T00:00:00.000Z');
const adapters = memory.createMemoryAdapters(data, { clock });
const session = root.createSession({ id: 's1', apiUserId: 1, now: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-01T01:00:00.000Z', currency: 'USD', language: 'en-gb' });
const kind = process.argv[2];
const schema = 'cw_consumer_${runId}_' + kind;
const prefix = 'cartwright-consumer:${runId}:' + kind + ':';
(async () => {
  const saved = await adapters.sessions.save({ ...session, version: 1 }, 0);
  const found = await adapters.sessions.get('s1');
  const products = await adapters.catalog.getProducts([40]);
  const pool = new Pool({ connectionString: ${JSON.stringify(databaseUrl)}, max: 2 });
  const client = new Redis(${JSON.stringify(redisUrl)}, { maxRetriesPerRequest: 1 });
  try {
    await postgresAdapter.migrate(pool, { schema });
    await postgresAdapter.loadDemoStore(pool, memory.demoStore(), { schema });
    const stored = await postgresAdapter.createPostgresCatalog({ pool, schema }).getProducts([40]);
    const sessions = redisAdapter.createRedisSessionStore({ client, prefix, clock });
    const redisSaved = await sessions.save({ ...session, version: 1 }, 0);
    const redisFound = await sessions.get('s1');
    console.log(JSON.stringify({ text, saved, status: found.status, name: products[0].name, invariant: typeof root.CartwrightInvariantError, postgres: stored[0].name, redis: [redisSaved, redisFound.status] }));
  } finally {
    await pool.query('DROP SCHEMA IF EXISTS "' + schema + '" CASCADE').catch(() => undefined);
    await client.del(prefix + 's1').catch(() => undefined);
    await pool.end();
    client.disconnect();
  }
})().catch((error) => { console.error(error); process.exit(1); });
`;

describe('a consumer project', () => {
  const expected = {
    text: '$1,234.50',
    saved: 'saved',
    status: 'found',
    name: 'iPhone',
    invariant: 'function',
    postgres: 'iPhone',
    redis: ['saved', 'found'],
  };

  it('imports every entry point from ESM and runs the memory, Redis and PostgreSQL adapters', () => {
    const imports = specifiers.map((s, i) => `import * as e${i} from '${s}'; void e${i};`).join('\n');
    const body = usage((s) => `await import('${s}')`);
    writeFileSync(join(scratch, 'esm.mjs'), `${imports}\n${body}`);
    expect(JSON.parse(runNode('esm.mjs', 'esm'))).toEqual(expected);
  });

  it('requires every entry point from CJS and runs the memory, Redis and PostgreSQL adapters', () => {
    const requires = specifiers.map((s) => `require('${s}');`).join('\n');
    writeFileSync(join(scratch, 'cjs.cjs'), `${requires}\n${usage((s) => `require('${s}')`)}`);
    expect(JSON.parse(runNode('cjs.cjs', 'cjs'))).toEqual(expected);
  });

  it('cannot reach files the exports map does not name', () => {
    writeFileSync(
      join(scratch, 'private.mjs'),
      "import('cartwright/dist/money/decimal.js').then(() => console.log('reached'), (e) => console.log(e.code));",
    );
    expect(runNode('private.mjs').trim()).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });

  it('type-checks a consumer under nodenext (ESM and CJS) and under bundler resolution', () => {
    const check = (kind: 'esm' | 'cjs') => `
${specifiers.map((s, i) => (kind === 'esm' ? `import * as e${i} from '${s}';` : `import e${i} = require('${s}');`)).join('\n')}
${kind === 'esm' ? "import { money, type Money, type CheckoutError, type SessionStore } from 'cartwright';" : "import root = require('cartwright'); const { money } = root; type Money = root.Money; type CheckoutError = root.CheckoutError; type SessionStore = root.SessionStore;"}
const m: Money = money('1.00', 'USD');
const kind: CheckoutError['kind'] = 'validation';
declare const store: SessionStore;
export const used = [m, kind, store, ${specifiers.map((_, i) => `e${i}`).join(', ')}];
${kind === 'esm' ? "import pg from 'pg';\nimport { Redis } from 'ioredis';\nimport { migrate } from 'cartwright/adapters/postgres';\nimport { createRedisSessionStore } from 'cartwright/adapters/redis';" : "import pg = require('pg');\nimport IORedis = require('ioredis');\nconst { Redis } = IORedis;\nimport postgresAdapter = require('cartwright/adapters/postgres');\nimport redisAdapter = require('cartwright/adapters/redis');\nconst { migrate } = postgresAdapter;\nconst { createRedisSessionStore } = redisAdapter;"}
// The host's own driver objects fit the adapters as they are, without a cast.
export const migrating = () => migrate(new pg.Pool(), { schema: 'shop' });
export const sessions = () => createRedisSessionStore({ client: new Redis({ lazyConnect: true }) });
`;
    writeFileSync(join(scratch, 'check.mts'), check('esm'));
    writeFileSync(join(scratch, 'check.cts'), check('cjs'));
    const tsc = join(scratch, 'node_modules/typescript/bin/tsc');
    const common = ['--noEmit', '--strict', '--types', 'node', '--skipLibCheck', 'false'];
    run(process.execPath, [tsc, ...common, '--module', 'nodenext', 'check.mts', 'check.cts'], scratch);
    run(
      process.execPath,
      [tsc, ...common, '--module', 'esnext', '--moduleResolution', 'bundler', 'check.mts'],
      scratch,
    );
  });
});
