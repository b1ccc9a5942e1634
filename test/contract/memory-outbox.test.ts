/**
 * The outbox contract suite on the memory store: the order repository and the outbox over one set of tables.
 */
import { describe, it } from 'vitest';
import { createMemoryAdapters } from '../../src/adapters/memory/index.js';
import { createManualClock, describeOutboxContract } from '../../src/testing/index.js';
import { orderStore } from './support/seeded-store.js';

describeOutboxContract({ describe, it }, 'memory', async (seed) => {
  const { orders, outbox } = createMemoryAdapters(orderStore(seed), {
    clock: createManualClock('2024-05-01T10:00:00Z'),
  });
  return { orders, outbox };
});
