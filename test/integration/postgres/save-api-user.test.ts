/**
 * `saveApiUser`: puts one API user's key hash, status and IPs in force over loaded data, touching nothing else.
 */
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import { createPostgresAdapters, loadDemoStore, saveApiUser } from '../../../src/adapters/postgres/index.js';
import { generateApiKey, hashApiKey, verifyApiKey } from '../../../src/adapters/system/index.js';
import { sampleHistoryWrite, sampleOrderDraft } from '../../../src/testing/index.js';
import { usePostgres } from '../support/postgres.js';

const database = usePostgres('apiuser');

describe('saveApiUser', () => {
  it('replaces the key hash, status and IPs of a loaded user, keeping its orders and the other users', async () => {
    const { pool, schema } = database();
    const { data } = demoStore({ apiKey: 'save-api-user-first-0123456789abcdef' });
    const second = { apiId: 2, username: 'other', keyHash: 'scrypt$a$b', status: true, ips: ['10.0.0.1'] };
    data.apiUsers.set(2, second);
    await loadDemoStore(pool, { data }, { schema });
    const ports = createPostgresAdapters({ pool, schema });
    const created = await ports.orders.create(sampleOrderDraft(), sampleHistoryWrite());

    const demo = {
      apiId: 1,
      username: 'demo',
      keyHash: 'scrypt$new$hash',
      status: false,
      ips: ['::1', '10.1.1.1'],
    };
    await saveApiUser(pool, demo, { schema });

    expect(await ports.apiUsers.getApiUser(1)).toEqual(demo);
    expect(await ports.apiUsers.findByUsername('demo')).toEqual(demo);
    expect(await ports.apiUsers.getApiUser(2)).toEqual(second);
    expect(created.status).toBe('created');
    expect(await ports.orders.get(1)).toMatchObject({ orderId: 1, revision: 1 });
    // Nothing was reloaded: 'if-empty' still sees a store with data.
    expect(await loadDemoStore(pool, demoStore(), { schema, mode: 'if-empty' })).toBe(false);
  });

  it('inserts a user that is not stored, with its IPs in order (a repeated address once), and may clear them', async () => {
    const { pool, schema } = database();
    const ports = createPostgresAdapters({ pool, schema });
    const user = { apiId: 7, username: 'late', keyHash: 'scrypt$x$y', status: true, ips: ['b', 'a', 'b'] };
    await saveApiUser(pool, user, { schema });
    expect(await ports.apiUsers.getApiUser(7)).toEqual({ ...user, ips: ['b', 'a'] });

    await saveApiUser(pool, { ...user, ips: [] }, { schema });
    expect(await ports.apiUsers.getApiUser(7)).toEqual({ ...user, ips: [] });
  });

  it('stores a signing secret apart from the key hash, replaces it, and removes it when the user stops signing', async () => {
    const { pool, schema } = database();
    const ports = createPostgresAdapters({ pool, schema });
    const user = { apiId: 8, username: 'signer', keyHash: 'scrypt$k$h', status: true, ips: ['127.0.0.1'] };
    const signing = { signing: 'opencart', signingSecret: 'first secret 0123456789abcdef0123' } as const;
    await saveApiUser(pool, { ...user, ...signing }, { schema });
    expect(await ports.apiUsers.findByUsername('signer')).toEqual({ ...user, ...signing });
    const stored = await pool.query(`SELECT * FROM "${schema}".api WHERE api_id = 8`);
    expect(JSON.stringify(stored.rows)).not.toContain('first secret');
    const row = await pool.query(`SELECT scheme, secret FROM "${schema}".api_signing WHERE api_id = 8`);
    expect(row.rows).toEqual([{ scheme: 'opencart', secret: signing.signingSecret }]);

    await saveApiUser(pool, { ...user, ...signing, signingSecret: 'second secret' }, { schema });
    expect((await ports.apiUsers.getApiUser(8))?.signingSecret).toBe('second secret');
    await saveApiUser(pool, user, { schema });
    expect(await ports.apiUsers.getApiUser(8)).toEqual(user);
    const gone = await pool.query(`SELECT 1 FROM "${schema}".api_signing WHERE api_id = 8`);
    expect(gone.rows).toEqual([]);
  });

  it('stores sha256$ hashes and keeps scrypt$ hashes of earlier releases: both still let their key in', async () => {
    const { pool, schema } = database();
    const ports = createPostgresAdapters({ pool, schema });
    const key = generateApiKey();
    // An earlier release's hash of 'let-me-in' (scrypt, as hashApiKey wrote them then).
    const legacy = 'scrypt$m5hEOlueONNN33NCfqw4DQ$bkPSY_SsudmdLbm4xPPnphufCExtmXlZlR1HzgNwJns';
    await saveApiUser(
      pool,
      { apiId: 9, username: 'new', keyHash: hashApiKey(key), status: true, ips: [] },
      { schema },
    );
    await saveApiUser(
      pool,
      { apiId: 10, username: 'old', keyHash: legacy, status: true, ips: [] },
      { schema },
    );
    const fresh = await ports.apiUsers.findByUsername('new');
    const old = await ports.apiUsers.findByUsername('old');
    expect(fresh?.keyHash).toMatch(/^sha256\$[0-9a-f]{64}$/);
    expect(await verifyApiKey(key, fresh?.keyHash)).toBe(true);
    expect(await verifyApiKey(generateApiKey(), fresh?.keyHash)).toBe(false);
    expect(old?.keyHash).toBe(legacy);
    expect(await verifyApiKey('let-me-in', old?.keyHash)).toBe(true);
    expect(await verifyApiKey('let-me-out', old?.keyHash)).toBe(false);
  });

  it('loads the signing users of a memory store', async () => {
    const { pool, schema } = database();
    const { data } = demoStore({ apiKey: 'save-api-user-signing-0123456789abcd' });
    const demo = data.apiUsers.get(1);
    if (demo === undefined) throw new Error('no demo user');
    data.apiUsers.set(1, { ...demo, signing: 'opencart', signingSecret: 'demo secret' });
    await loadDemoStore(pool, { data }, { schema });
    const loaded = await createPostgresAdapters({ pool, schema }).apiUsers.getApiUser(1);
    expect(loaded).toMatchObject({ username: 'demo', signing: 'opencart', signingSecret: 'demo secret' });
  });

  it('concurrent saves of one user leave one of them whole, never a mix of their IPs', async () => {
    const { pool, schema } = database();
    const ports = createPostgresAdapters({ pool, schema });
    const base = { apiId: 9, username: 'racer', keyHash: 'h', status: true };
    const versions = Array.from({ length: 8 }, (_, i) => ({
      ...base,
      keyHash: `h${i}`,
      ips: [`10.0.0.${i}`, `::${i}`],
    }));
    // The upsert locks the user's row, so the saves take turns, the first inserts included.
    await Promise.all(versions.map((user) => saveApiUser(pool, user, { schema })));
    expect(versions).toContainEqual(await ports.apiUsers.getApiUser(9));
  });
});
