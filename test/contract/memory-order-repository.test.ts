/**
 * The order-repository contract suite on the memory adapters: over tables holding the suite's seed and nothing
 * else, and (the seed ignored) over the whole OpenCart demo, which holds the same ids and figures.
 */
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
import { orderStore } from './support/seeded-store.js';

const clock = () => createManualClock('2024-05-01T10:00:00Z');

describeOrderRepositoryContract({ describe, it }, 'memory, from createMemoryAdapters', async (seed) => {
  const { orders, catalog, coupons, customers } = createMemoryAdapters(orderStore(seed), { clock: clock() });
  return { orders, catalog, coupons, customers };
});

describeOrderRepositoryContract({ describe, it }, 'memory, createMemoryOrderRepository', async (seed) => {
  const data = orderStore(seed);
  const ports = createMemoryAdapters(data, { clock: clock() });
  return { ...ports, orders: createMemoryOrderRepository(data) };
});

describeOrderRepositoryContract(
  { describe, it },
  'memory orders, stock moved through a Stock port',
  async (seed) => {
    const orderData = orderStore(seed);
    const stockData = orderStore(seed);
    const ports = createMemoryAdapters(orderData, { clock: clock() });
    return {
      orders: ordersWithStock(ports.orders, createMemoryStock(stockData)),
      catalog: createMemoryCatalog(stockData),
      coupons: ports.coupons,
      customers: ports.customers,
    };
  },
);

describeOrderRepositoryContract({ describe, it }, 'memory, over the whole demo store', async () => {
  const { orders, catalog, coupons, customers } = createMemoryAdapters(demoStore().data, { clock: clock() });
  return { orders, catalog, coupons, customers };
});
