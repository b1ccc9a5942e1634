/**
 * The catalog contract suite under node:test, on the memory catalog with no failed store: run by
 * `cannot-run.test.ts` as `node --import tsx --test`, which reads node:test's report of the skipped case.
 */
import { describe, it } from 'node:test';
import { createMemoryCatalog } from '../../../src/adapters/memory/index.js';
import { describeCatalogContract } from '../../../src/testing/index.js';
import { catalogStore } from '../../contract/support/seeded-store.js';

describeCatalogContract({ describe, it }, 'memory under node:test', async (seed) => ({
  catalog: createMemoryCatalog(catalogStore(seed)),
}));
