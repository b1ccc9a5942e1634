/**
 * The built package as a consumer sees it: `npm pack` the build, install the tarball into a scratch project
 * (with the drivers and frameworks a host brings: pg, ioredis, Express, Fastify, Hono, …), then import every
 * entry point from ESM and CJS, run the memory adapters and the Redis and PostgreSQL adapters on the real servers,
 * run the snippets of the README and of every docs page, and
 * type-check a consumer under nodenext, bundler and node10 (`moduleResolution: node`) resolution. Needs
 * `npm run build` first and the servers up (.ci/run does both).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries } from '../../tsup.config.js';
import { relativeLinks } from './support/links.js';
import { consumerTooling, createScratchProject, root, run, type ScratchProject } from './support/project.js';
import { runDocumentedSnippets, snippetPackages, withChecks } from './support/readme.js';

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  devDependencies: Record<string, string>;
};
/**
 * The drivers and frameworks the docs' snippets import (pg and ioredis among them), at the versions cartwright is
 * developed against, as a host would install them.
 */
const drivers = snippetPackages.map((name) => `${name}@${pkg.devDependencies[name]}`);
/** The servers the run uses, as the integration tests find them; and a schema and key prefix of its own. */
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const runId = randomBytes(4).toString('hex');
/** The code entry points; `./package.json` and the OpenAPI document (`./openapi.json`) are data. */
const subpaths = Object.keys(pkg.exports).filter((key) => key !== './package.json' && !key.endsWith('.json'));
const specifiers = subpaths.map((subpath) =>
  subpath === '.' ? 'cartwright' : `cartwright/${subpath.slice(2)}`,
);

let project: ScratchProject;
let packedFiles: string[] = [];

beforeAll(() => {
  project = createScratchProject('consumer');
  // The build is the one .ci/run just made: packing without scripts keeps `prepare` from building it again.
  const packed = JSON.parse(
    run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', project.dir], root),
  ) as { filename: string; files: { path: string }[] }[];
  const tarball = packed[0];
  if (!tarball) throw new Error('npm pack produced nothing');
  packedFiles = tarball.files.map((file) => file.path);
  project.install([join(project.dir, tarball.filename), ...consumerTooling, ...drivers]);
});

afterAll(() => {
  project?.remove();
});

describe('the packed tarball', () => {
  it('holds every entry point in both formats with their types, and no sources or tests', () => {
    for (const name of Object.keys(entries)) {
      for (const ext of ['js', 'cjs', 'd.ts', 'd.cts']) expect(packedFiles).toContain(`dist/${name}.${ext}`);
    }
    expect(packedFiles.filter((file) => /^(src|test|examples)\//.test(file))).toEqual([]);
  });

  it('holds the licence, and every file the README and the docs link to', () => {
    expect(packedFiles).toContain('LICENSE');
    const documents = packedFiles.filter((file) => file.endsWith('.md'));
    expect(documents).toContain('README.md');
    const links = documents.flatMap((document) => relativeLinks(root, document));
    expect(links.length).toBeGreaterThan(10);
    const dead = links.filter((link) => !packedFiles.includes(link.target));
    expect(dead, 'relative links to files the package does not ship').toEqual([]);
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
const core = ${load('cartwright/core')};
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
const session = core.createSession({ id: 's1', apiUserId: 1, now: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-01T01:00:00.000Z', currency: 'USD', language: 'en-gb' });
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
    project.write('esm.mjs', `${imports}\n${body}`);
    expect(JSON.parse(project.node('esm.mjs', 'esm'))).toEqual(expected);
  });

  it('requires every entry point from CJS and runs the memory, Redis and PostgreSQL adapters', () => {
    const requires = specifiers.map((s) => `require('${s}');`).join('\n');
    project.write('cjs.cjs', `${requires}\n${usage((s) => `require('${s}')`)}`);
    expect(JSON.parse(project.node('cjs.cjs', 'cjs'))).toEqual(expected);
  });

  it('ships the OpenAPI document as cartwright/openapi.json, to require and to import', () => {
    project.write(
      'openapi.mjs',
      "const { default: doc } = await import('cartwright/openapi.json', { with: { type: 'json' } });\n" +
        "const cjs = (await import('node:module')).createRequire(import.meta.url)('cartwright/openapi.json');\n" +
        'console.log(JSON.stringify([doc.openapi, cjs.openapi, Object.keys(doc.paths).includes("/api/order/confirm")]));',
    );
    expect(JSON.parse(project.node('openapi.mjs'))).toEqual(['3.1.0', '3.1.0', true]);
  });

  it('runs the typed client from ESM and CJS: no server is a network error value, not a throw', () => {
    const script = (load: string) => `const { createClient } = ${load};
createClient({ baseUrl: 'http://127.0.0.1:1/index.php' }).getProducts().then((result) => {
  console.log(JSON.stringify([result.isErr(), result.isErr() && result.error.kind]));
});`;
    project.write('client.mjs', script("await import('cartwright/client')"));
    project.write('client.cjs', script("require('cartwright/client')"));
    expect(JSON.parse(project.node('client.mjs'))).toEqual([true, 'network']);
    expect(JSON.parse(project.node('client.cjs'))).toEqual([true, 'network']);
  });

  it('cannot reach files the exports map does not name', () => {
    project.write(
      'private.mjs',
      "import('cartwright/dist/money/decimal.js').then(() => console.log('reached'), (e) => console.log(e.code));",
    );
    expect(project.node('private.mjs').trim()).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });

  it('type-checks a consumer under nodenext (ESM and CJS) and under bundler resolution', () => {
    const check = (kind: 'esm' | 'cjs') => `
${specifiers.map((s, i) => (kind === 'esm' ? `import * as e${i} from '${s}';` : `import e${i} = require('${s}');`)).join('\n')}
${kind === 'esm' ? "import { money, type Money, type CheckoutError } from 'cartwright';\nimport type { SessionStore } from 'cartwright/core';" : "import root = require('cartwright'); const { money } = root; type Money = root.Money; type CheckoutError = root.CheckoutError;\nimport core = require('cartwright/core'); type SessionStore = core.SessionStore;"}
const m: Money = money('1.00', 'USD');
const kind: CheckoutError['kind'] = 'validation';
declare const store: SessionStore;
export const used = [m, kind, store, ${specifiers.map((_, i) => `e${i}`).join(', ')}];
${kind === 'esm' ? "import pg from 'pg';\nimport { Redis } from 'ioredis';\nimport { migrate } from 'cartwright/adapters/postgres';\nimport { createRedisSessionStore } from 'cartwright/adapters/redis';" : "import pg = require('pg');\nimport IORedis = require('ioredis');\nconst { Redis } = IORedis;\nimport postgresAdapter = require('cartwright/adapters/postgres');\nimport redisAdapter = require('cartwright/adapters/redis');\nconst { migrate } = postgresAdapter;\nconst { createRedisSessionStore } = redisAdapter;"}
// The host's own driver objects fit the adapters as they are, without a cast.
export const migrating = () => migrate(new pg.Pool(), { schema: 'shop' });
export const sessions = () => createRedisSessionStore({ client: new Redis({ lazyConnect: true }) });
`;
    project.write('check.mts', check('esm'));
    project.write('checkout.mts', clientCheckout);
    project.write('check.cts', check('cjs'));
    const common = ['--noEmit', '--strict', '--types', 'node', '--skipLibCheck', 'false'];
    project.tsc(...common, '--module', 'nodenext', 'check.mts', 'check.cts', 'checkout.mts');
    project.tsc(
      ...common,
      '--module',
      'esnext',
      '--moduleResolution',
      'bundler',
      'check.mts',
      'checkout.mts',
    );
  });

  it('type-checks a CommonJS consumer under moduleResolution node (node10), subpaths included', () => {
    // node10 reads no exports map: the subpaths' types come from typesVersions.
    project.write(
      'check-node10.ts',
      `${specifiers.map((s, i) => `import * as e${i} from '${s}';`).join('\n')}
import { money, type Money } from 'cartwright';
import type { SessionStore } from 'cartwright/core';
import { toNodeListener, type FetchHandler } from 'cartwright/http';
import { createMemoryAdapters, demoStore } from 'cartwright/adapters/memory';
import { createRedisSessionStore } from 'cartwright/adapters/redis';
import { migrate } from 'cartwright/adapters/postgres';
import { createManualClock, describeSessionStoreContract } from 'cartwright/testing';
import pg from 'pg';
import { Redis } from 'ioredis';
const m: Money = money('1.00', 'USD');
declare const handler: FetchHandler;
const clock = createManualClock('2026-01-01T00:00:00.000Z');
const sessions: SessionStore = createMemoryAdapters(demoStore().data, { clock }).sessions;
export const used = [m, sessions, toNodeListener(handler), describeSessionStoreContract, ${specifiers.map((_, i) => `e${i}`).join(', ')}];
export const migrating = () => migrate(new pg.Pool(), { schema: 'shop' });
export const redisSessions = () => createRedisSessionStore({ client: new Redis({ lazyConnect: true }) });
`,
    );
    project.tsc(
      '--noEmit',
      '--strict',
      '--types',
      'node',
      '--skipLibCheck',
      'false',
      '--esModuleInterop',
      '--module',
      'commonjs',
      '--moduleResolution',
      'node10',
      'check-node10.ts',
    );
  });

  it('runs and type-checks the snippets of the README and of every docs page', async () => {
    const { snippets, checks, fragments, pages } = await runDocumentedSnippets(project);
    expect(pages).toContain('README.md');
    expect(pages).toContain('docs/getting-started.md');
    expect(pages.length).toBeGreaterThanOrEqual(12);
    expect(checks).toBeGreaterThanOrEqual(7);
    // Fragments are the exception: most blocks are whole programs.
    expect(fragments).toBeLessThan(snippets / 2);
  });

  it('fails a README snippet whose value comment is wrong', () => {
    const wrong =
      "import { money } from 'cartwright';\nmoney('1', 'USD'); // { amount: '2.0000', currency: 'USD' }\n";
    const { source, checks } = withChecks(wrong, 'wrong');
    expect(checks).toBe(1);
    project.write('wrong.mts', source);
    // The package's own types are checked elsewhere: this compiles one snippet, so it skips the libraries' types.
    project.tsc(
      '--module',
      'nodenext',
      '--types',
      'node',
      '--skipLibCheck',
      '--outDir',
      'wrong-out',
      'wrong.mts',
    );
    expect(() => project.node('wrong-out/wrong.mjs')).toThrow(/README wrong line 2/);
  });
});
