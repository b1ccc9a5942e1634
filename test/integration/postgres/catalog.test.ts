/**
 * The catalog and directory behaviours (test/contract/behaviour, which the memory adapters run too), against the
 * PostgreSQL adapters: both must answer alike. Each case's data is loaded into this file's schema.
 */
import { createPostgresAdapters, loadDemoStore } from '../../../src/adapters/postgres/index.js';
import { describeCatalogBehaviour } from '../../contract/behaviour/catalog-behaviour.js';
import { describeDirectoriesBehaviour } from '../../contract/behaviour/directories-behaviour.js';
import type { OpenStore } from '../../contract/behaviour/stores.js';
import { usePostgres } from '../support/postgres.js';

const database = usePostgres('catalog');

const postgres: OpenStore = async (data) => {
  const { pool, schema } = database();
  await loadDemoStore(pool, { data }, { schema });
  return createPostgresAdapters({ pool, schema });
};

describeCatalogBehaviour('postgres', postgres);
describeDirectoriesBehaviour('postgres', postgres);
