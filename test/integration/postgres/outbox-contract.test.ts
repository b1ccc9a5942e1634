/**
 * The outbox contract suite on the real PostgreSQL server: the order repository writes its events in its own
 * transactions, and the outbox claims them with SKIP LOCKED, leases and tokens.
 */
import { describe, it } from 'vitest';
import {
  createPostgresAdapters,
  createPostgresOutbox,
  loadDemoStore,
} from '../../../src/adapters/postgres/index.js';
import { describeOutboxContract } from '../../../src/testing/index.js';
import { orderStore } from '../../contract/support/seeded-store.js';
import { CONTENTION_DEADLINE_MS } from '../support/deadlines.js';
import { usePostgres } from '../support/postgres.js';

const database = usePostgres('outbox', 4);

describeOutboxContract({ describe, it }, 'postgres', async (seed) => {
  const { pool, schema } = database();
  await loadDemoStore(pool, { data: orderStore(seed) }, { schema });
  const { orders } = createPostgresAdapters({ pool, schema, deadlineMs: CONTENTION_DEADLINE_MS });
  const outbox = createPostgresOutbox({ pool, schema, deadlineMs: CONTENTION_DEADLINE_MS });
  return { orders, outbox };
});
