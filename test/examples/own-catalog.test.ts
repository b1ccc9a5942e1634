/**
 * The worked example of docs/bring-your-own-catalog.md (examples/own-catalog): a `Catalog` and a `Stock` over the
 * host's own tables pass the catalog, stock and order-repository contract suites, and carry a whole checkout,
 * confirm included, with the stock moved in the host's tables and nowhere else. Without the `Stock` port the same
 * catalog cannot confirm: the order repository finds none of the host's products in its own tables.
 */
import { describe, expect, it } from 'vitest';
import { createHostCatalog, onHand } from '../../examples/own-catalog/catalog.js';
import { createShopCheckout } from '../../examples/own-catalog/checkout.js';
import { emptyTables, type HostTables, importCatalog } from '../../examples/own-catalog/host-tables.js';
import { createHostStock } from '../../examples/own-catalog/stock.js';
import {
  createMemoryAdapters,
  createMemorySessionStore,
  demoStore,
  type MemoryStoreData,
  memoryStore,
} from '../../src/adapters/memory/index.js';
import { createCheckout } from '../../src/compose/create-checkout.js';
import { ordersWithStock } from '../../src/core/index.js';
import {
  createManualClock,
  createSequentialIds,
  describeCatalogContract,
  describeOrderRepositoryContract,
  describeStockContract,
} from '../../src/testing/index.js';
import { expectErr, expectOk, guest } from '../engine/support/demo-checkout.js';

const t = { describe, it };

/** Host tables holding `records`. */
function tablesWith(records: Parameters<typeof importCatalog>[1]): HostTables {
  const tables = emptyTables();
  importCatalog(tables, records);
  return tables;
}

/** The demo store, its catalog moved into the host's tables: cartwright's own tables keep no product. */
function demoShop(): { tables: HostTables; data: MemoryStoreData } {
  const { data } = demoStore();
  const tables = tablesWith({
    products: [...data.products.values()],
    manufacturers: [...data.manufacturers.values()],
    categories: [...data.categories.values()],
  });
  data.products.clear();
  data.manufacturers.clear();
  data.categories.clear();
  return { tables, data };
}

describeCatalogContract(t, 'host tables (examples/own-catalog)', async (seed) => ({
  catalog: createHostCatalog(tablesWith(seed)),
}));

describeStockContract(t, 'host tables (examples/own-catalog)', async (seed) => {
  const tables = tablesWith(seed);
  return { stock: createHostStock(tables), catalog: createHostCatalog(tables) };
});

describeOrderRepositoryContract(
  t,
  'memory orders with the host tables stock (examples/own-catalog)',
  async () => {
    const { tables, data } = demoShop();
    const ports = createMemoryAdapters(data, { clock: createManualClock('2024-05-01T10:00:00Z') });
    return {
      orders: ordersWithStock(ports.orders, createHostStock(tables)),
      catalog: createHostCatalog(tables),
      coupons: ports.coupons,
      customers: ports.customers,
    };
  },
);

/** The address of `ukAddress`, as the checkout's typed methods take it: camelCase, no prefix. */
const jsAddress = {
  firstname: 'Jane',
  lastname: 'Smith',
  address1: '1 Market Street',
  city: 'Preston',
  postcode: 'PR1 2HJ',
  countryId: 222,
  zoneId: 3563,
};

/** Runs every step of a checkout up to confirm: two iPhones and a red Canon EOS 5D, shipped flat, paid cash. */
async function readyToConfirm(checkout: ReturnType<typeof createCheckout>): Promise<string> {
  const { sessionId } = await expectOk(checkout.openSession({ apiUserId: 1 }));
  await expectOk(checkout.setCustomer(sessionId, guest));
  await expectOk(
    checkout.addProducts(sessionId, {
      product: [
        { productId: 40, quantity: 2 },
        { productId: 30, option: { 226: 15 } },
      ],
    }),
  );
  await expectOk(checkout.setPaymentAddress(sessionId, jsAddress));
  await expectOk(checkout.setShippingAddress(sessionId, jsAddress));
  await expectOk(checkout.getShippingMethods(sessionId));
  await expectOk(checkout.setShippingMethod(sessionId, { shippingMethod: 'flat.flat' }));
  await expectOk(checkout.getPaymentMethods(sessionId));
  await expectOk(checkout.setPaymentMethod(sessionId, { paymentMethod: 'cod' }));
  return sessionId;
}

describe('a checkout on the host tables (examples/own-catalog)', () => {
  it('confirms, taking the stock from the host tables, and a cancellation puts it back', async () => {
    const { tables, data } = demoShop();
    const checkout = createShopCheckout(tables, {
      data,
      clock: createManualClock('2026-03-01T10:00:00Z'),
      ids: createSequentialIds(),
    });
    const [iphones, canons, reds] = [
      onHand(tables, 40, null),
      onHand(tables, 30, null),
      onHand(tables, 30, 15),
    ];
    const sessionId = await readyToConfirm(checkout);
    const placed = await expectOk(checkout.confirm(sessionId, {}));
    expect(placed.orderId).toBe(1);
    expect(data.orders.get(1)?.products.map((line) => [line.productId, line.quantity])).toEqual([
      [40, 2],
      [30, 1],
    ]);
    expect(onHand(tables, 40, null)).toBe(iphones - 2);
    expect(onHand(tables, 30, null)).toBe(canons - 1);
    expect(onHand(tables, 30, 15)).toBe(reds - 1);
    expect(data.products.size).toBe(0);

    await expectOk(checkout.addHistory(sessionId, { orderId: 1, orderStatusId: 7 }));
    expect(onHand(tables, 40, null)).toBe(iphones);
    expect(onHand(tables, 30, null)).toBe(canons);
    expect(onHand(tables, 30, 15)).toBe(reds);
  });

  it('refuses a confirm the host stock no longer covers, and takes nothing', async () => {
    const { tables, data } = demoShop();
    const checkout = createShopCheckout(tables, {
      data,
      clock: createManualClock('2026-03-01T10:00:00Z'),
      ids: createSequentialIds(),
    });
    const sessionId = await readyToConfirm(checkout);
    const red = tables.stock.find((row) => row.product_id === 30 && row.option_value_id === 15);
    if (red === undefined) throw new Error('no stock row for the red Canon');
    red.on_hand = 0;
    const error = await expectErr(checkout.confirm(sessionId, {}));
    expect(error.kind).toBe('validation');
    expect(data.orders.size).toBe(0);
    expect(onHand(tables, 40, null)).toBe(1_000_000);
  });

  it('without the Stock port cannot confirm: the order repository finds none of the host products', async () => {
    const { tables, data } = demoShop();
    const clock = createManualClock('2026-03-01T10:00:00Z');
    const sessions = createMemorySessionStore({ clock });
    const shop = createShopCheckout(tables, { data, clock, ids: createSequentialIds(), sessions });
    const store = memoryStore(data)
      .mount({
        name: 'hostCatalog',
        provides: ['catalog'],
        open: () => ({ catalog: createHostCatalog(tables) }),
      })
      .mount({ name: 'sharedSessions', provides: ['sessions'], open: () => ({ sessions }) });
    const catalogOnly = createCheckout({ store, clock, ids: createSequentialIds('b') });
    const sessionId = await readyToConfirm(shop);
    const error = await expectErr(catalogOnly.confirm(sessionId, {}));
    expect(error.kind).toBe('validation');
    expect(error.fields).toEqual({
      product:
        'Not enough stock of iPhone: 2 needed, 0 in stock! Not enough stock of Canon EOS 5D: 1 needed, 0 in stock! ' +
        'Not enough stock of Canon EOS 5D (Select: Red): 1 needed, 0 in stock!',
    });
    expect(data.orders.size).toBe(0);
    expect(onHand(tables, 40, null)).toBe(1_000_000);
  });
});
