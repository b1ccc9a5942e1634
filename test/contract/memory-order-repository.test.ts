import { describe, it } from 'vitest';
import {
  createMemoryAdapters,
  createMemoryOrderRepository,
  demoStore,
} from '../../src/adapters/memory/index.js';
import { createManualClock, describeOrderRepositoryContract } from '../../src/testing/index.js';

describeOrderRepositoryContract({ describe, it }, 'memory, from createMemoryAdapters', async () => {
  const { orders, catalog, coupons, customers } = createMemoryAdapters(demoStore().data, {
    clock: createManualClock('2024-05-01T10:00:00Z'),
  });
  return { orders, catalog, coupons, customers };
});

describeOrderRepositoryContract({ describe, it }, 'memory, createMemoryOrderRepository', async () => {
  const { data } = demoStore();
  const ports = createMemoryAdapters(data, { clock: createManualClock('2024-05-01T10:00:00Z') });
  return { ...ports, orders: createMemoryOrderRepository(data) };
});
