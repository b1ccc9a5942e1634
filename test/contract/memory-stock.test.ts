import { describe, it } from 'vitest';
import { createMemoryCatalog, createMemoryStock } from '../../src/adapters/memory/index.js';
import { describeStockContract } from '../../src/testing/index.js';
import { catalogStore } from './support/seeded-store.js';

describeStockContract({ describe, it }, 'memory', async (seed) => {
  const data = catalogStore(seed);
  return { stock: createMemoryStock(data), catalog: createMemoryCatalog(data) };
});
