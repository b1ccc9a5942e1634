import { describe, it } from 'vitest';
import { createMemoryCatalog } from '../../src/adapters/memory/index.js';
import { describeCatalogContract } from '../../src/testing/index.js';
import { catalogStore } from './support/seeded-store.js';

describeCatalogContract({ describe, it }, 'memory', async (seed) => ({
  catalog: createMemoryCatalog(catalogStore(seed)),
}));
