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
/** The code entry points; `./package.json` and the OpenAPI document (`./openapi.json`) are data. */
const subpaths = Object.keys(pkg.exports).filter((key) => key !== './package.json' && !key.endsWith('.json'));
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

/** A whole checkout a consumer writes with the typed client: no casts, every answer read through its type. */
const clientCheckout = `
import { createClient, type ClientError } from 'cartwright/client';

export async function checkout(baseUrl: string, key: string): Promise<number | ClientError<unknown>> {
  const client = createClient({ baseUrl, session: 'cookie' });
  const steps = [
    () => client.login({ username: 'demo', key }),
    () => client.setCustomer({ firstname: 'Jane', lastname: 'Smith', email: 'jane@example.com', telephone: '01632 960123' }),
    () => client.addProducts({ product: [{ product_id: 40, quantity: 2 }, { product_id: '30', option: { 226: 15 } }] }),
    () => client.setPaymentAddress({ payment_firstname: 'Jane', payment_lastname: 'Smith', payment_address_1: '1 Market Street', payment_city: 'Preston', payment_postcode: 'PR1 2HJ', payment_country_id: 222, payment_zone_id: 3563 }),
    () => client.setShippingAddress({ shipping_firstname: 'Jane', shipping_lastname: 'Smith', shipping_address_1: '1 Market Street', shipping_city: 'Preston', shipping_postcode: 'PR1 2HJ', shipping_country_id: 222, shipping_zone_id: 3563 }),
  ];
  for (const step of steps) {
    const result = await step();
    if (result.isErr()) return result.error;
  }
  const quotes = await client.getShippingMethods();
  if (quotes.isErr()) return quotes.error;
  const flat = quotes.value.shipping_methods.flat?.quote.flat;
  if (flat === undefined) return 0;
  const shipped = await client.setShippingMethod({ shipping_method: flat.code });
  if (shipped.isErr()) return shipped.error;
  const methods = await client.getPaymentMethods();
  if (methods.isErr()) return methods.error;
  const cod = methods.value.payment_methods.cod;
  const paid = await client.setPaymentMethod({ payment_method: { code: cod?.code ?? 'cod' } });
  if (paid.isErr()) return paid.error;
  const total: number | undefined = paid.value.totals.find((line) => line.code === 'total')?.value;
  const confirmed = await client.confirm({ comment: 'Leave at the door' }, { idempotencyKey: 'order-' + String(total) });
  if (confirmed.isErr()) {
    const failure = confirmed.error;
    if (failure.kind === 'answer' && 'products' in failure.body) console.log(failure.body.products.length);
    return failure;
  }
  const history = await client.addHistory({ order_id: confirmed.value.order_id, order_status_id: 2, notify: false });
  if (history.isErr()) return history.error;
  const order = await client.getOrder({ order_id: confirmed.value.order_id });
  return order.isOk() ? order.value.order.history.length : order.error;
}
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

  it('ships the OpenAPI document as cartwright/openapi.json, to require and to import', () => {
    writeFileSync(
      join(scratch, 'openapi.mjs'),
      "const { default: doc } = await import('cartwright/openapi.json', { with: { type: 'json' } });\n" +
        "const cjs = (await import('node:module')).createRequire(import.meta.url)('cartwright/openapi.json');\n" +
        'console.log(JSON.stringify([doc.openapi, cjs.openapi, Object.keys(doc.paths).includes("/api/order/confirm")]));',
    );
    expect(JSON.parse(runNode('openapi.mjs'))).toEqual(['3.1.0', '3.1.0', true]);
  });

  it('runs the typed client from ESM and CJS: no server is a network error value, not a throw', () => {
    const script = (load: string) => `const { createClient } = ${load};
createClient({ baseUrl: 'http://127.0.0.1:1/index.php' }).getProducts().then((result) => {
  console.log(JSON.stringify([result.isErr(), result.isErr() && result.error.kind]));
});`;
    writeFileSync(join(scratch, 'client.mjs'), script("await import('cartwright/client')"));
    writeFileSync(join(scratch, 'client.cjs'), script("require('cartwright/client')"));
    expect(JSON.parse(runNode('client.mjs'))).toEqual([true, 'network']);
    expect(JSON.parse(runNode('client.cjs'))).toEqual([true, 'network']);
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
    writeFileSync(join(scratch, 'checkout.mts'), clientCheckout);
    writeFileSync(join(scratch, 'check.cts'), check('cjs'));
    const tsc = join(scratch, 'node_modules/typescript/bin/tsc');
    const common = ['--noEmit', '--strict', '--types', 'node', '--skipLibCheck', 'false'];
    run(
      process.execPath,
      [tsc, ...common, '--module', 'nodenext', 'check.mts', 'check.cts', 'checkout.mts'],
      scratch,
    );
    run(
      process.execPath,
      [tsc, ...common, '--module', 'esnext', '--moduleResolution', 'bundler', 'check.mts', 'checkout.mts'],
      scratch,
    );
  });
});
