import { describe, it } from 'vitest';
import {
  createMemoryAdapters,
  createMemoryCatalog,
  createMemoryOrderRepository,
  createMemoryStock,
  demoStore,
} from '../../src/adapters/memory/index.js';
import { ordersWithStock } from '../../src/engine/index.js';
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

describeOrderRepositoryContract(
  { describe, it },
  'memory orders, stock moved through a Stock port',
  async () => {
    const orderData = demoStore().data;
    const stockData = demoStore().data;
    const ports = createMemoryAdapters(orderData, { clock: createManualClock('2024-05-01T10:00:00Z') });
    return {
      orders: ordersWithStock(ports.orders, createMemoryStock(stockData)),
      catalog: createMemoryCatalog(stockData),
      coupons: ports.coupons,
      customers: ports.customers,
    };
  },
);
