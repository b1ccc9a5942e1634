/**
 * `loadDemoStore` on a fresh schema gives the demo's figures back through the PostgreSQL adapters: the same
 * demo-facts cases the memory adapters pass (test/contract/behaviour/demo-facts-behaviour.ts).
 */
import { createPostgresAdapters, loadDemoStore } from '../../../src/adapters/postgres/index.js';
import { describeDemoFacts } from '../../contract/behaviour/demo-facts-behaviour.js';
import { usePostgres } from '../support/postgres.js';

const database = usePostgres('demo_facts');

describeDemoFacts('postgres', async (data) => {
  const { pool, schema } = database();
  await loadDemoStore(pool, { data }, { schema });
  return createPostgresAdapters({ pool, schema });
});
