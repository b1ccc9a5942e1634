/**
 * The order-payments contract suite of `cartwright/testing` on the memory order repository: payments and stock
 * holds on the demo store's data.
 */
import { describe, it } from 'vitest';
import { createMemoryAdapters, demoStore } from '../../src/adapters/memory/index.js';
import { createManualClock, describeOrderPaymentsContract } from '../../src/testing/index.js';

describeOrderPaymentsContract({ describe, it }, 'memory, from createMemoryAdapters', async () => {
  const clock = createManualClock('2024-05-01T10:00:00Z');
  const { orders, catalog } = createMemoryAdapters(demoStore().data, { clock });
  return { orders, catalog, clock };
});
