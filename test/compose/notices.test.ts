/**
 * The store's notifier under `createCheckout`: fed from the outbox alone, so each customer notice reaches it once
 * per delivery, with the outbox event's id, and the engine never calls it directly as well.
 */
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../src/adapters/memory/index.js';
import { createMemoryOutbox } from '../../src/adapters/memory/outbox.js';
import { generateApiKey } from '../../src/adapters/system/index.js';
import { createCheckout } from '../../src/compose/create-checkout.js';
import { demoSnapshot } from '../../src/demo/index.js';
import type { DomainEvent } from '../../src/domain/machine/events.js';
import type { Notifier, NotifierDelivery } from '../../src/ports/notifier.js';
import { expectOk, guest } from '../engine/support/demo-checkout.js';

const apiKey = generateApiKey();

/** A notifier recording every call with its delivery. */
function recordingNotifier() {
  const calls: { event: DomainEvent; delivery: NotifierDelivery | undefined }[] = [];
  const notifier: Notifier = {
    async notify(event, delivery) {
      calls.push({ event, delivery });
    },
  };
  return { notifier, calls };
}

/** Waits (bounded) until `done` holds; the dispatcher is woken by each write, so this is quick. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
}

/** Places an order for a guest through `checkout`, then adds an entry that notifies the customer. */
async function placeAndNotify(checkout: ReturnType<typeof createCheckout>): Promise<number> {
  const { sessionId } = await expectOk(checkout.openSession({ apiUserId: 1 }));
  await expectOk(checkout.setCustomer(sessionId, guest));
  await expectOk(checkout.addProducts(sessionId, { product: [{ productId: 40, quantity: 1 }] }));
  const address = {
    firstname: 'Jane',
    lastname: 'Smith',
    address1: '1 Market Street',
    city: 'Preston',
    postcode: 'PR1 2HJ',
    countryId: 222,
    zoneId: 3563,
  };
  await expectOk(checkout.setPaymentAddress(sessionId, address));
  await expectOk(checkout.setShippingAddress(sessionId, address));
  await expectOk(checkout.getShippingMethods(sessionId));
  await expectOk(checkout.setShippingMethod(sessionId, { shippingMethod: 'flat.flat' }));
  await expectOk(checkout.run('payment_method', sessionId, { payment_method: 'cod' }));
  const order = await expectOk(checkout.confirm(sessionId, {}));
  await expectOk(
    checkout.addHistory(sessionId, {
      orderId: order.orderId,
      orderStatusId: 2,
      notify: true,
      comment: 'Sent',
    }),
  );
  await expectOk(checkout.addHistory(sessionId, { orderId: order.orderId, orderStatusId: 5 }));
  return order.orderId;
}

describe("the store's notifier under createCheckout", () => {
  it('hears each customer.notify once, through the outbox, and nothing directly', async () => {
    const snapshot = demoSnapshot({ apiKey });
    const { notifier, calls } = recordingNotifier();
    const store = memoryStore(snapshot).mount({
      name: 'mailer',
      provides: ['notifier'],
      open: () => ({ notifier }),
    });
    const checkout = createCheckout({ store });
    const orderId = await placeAndNotify(checkout);
    const outbox = createMemoryOutbox(snapshot.outbox);
    const notices = (await outbox.eventsOf(orderId)).filter((event) => event.type === 'customer.notify');
    expect(notices).toHaveLength(2);
    await until(() => calls.length >= notices.length);
    // Anything the engine would have called directly (OrderPlaced, StockAdjusted, …) would have arrived by now too.
    await checkout.close();
    expect(calls.map((call) => call.delivery?.eventId)).toEqual(notices.map((event) => event.id));
    expect(calls.map((call) => call.event)).toEqual([
      expect.objectContaining({ type: 'OrderStatusChanged', orderId, fromStatusId: 0, notify: true }),
      expect.objectContaining({
        type: 'OrderStatusChanged',
        orderId,
        toStatusId: 2,
        comment: 'Sent',
        notify: true,
      }),
    ]);
    const deliveries = await outbox.deliveriesOf(notices[1]?.id ?? '');
    expect(deliveries.map((d) => [d.sink, d.status])).toEqual([['notifier', 'delivered']]);
  });

  it('without a notifier runs nothing in the background; close resolves', async () => {
    const checkout = createCheckout({ store: memoryStore(demoSnapshot({ apiKey })) });
    await expect(checkout.close()).resolves.toBeUndefined();
  });

  it('refuses a notifier in a store without an outbox: its notices would have no way to it', () => {
    const { notifier } = recordingNotifier();
    const base = memoryStore(demoSnapshot({ apiKey }));
    const layers = base.layers.map((layer) => ({
      ...layer,
      provides: layer.provides.filter((name) => name !== 'outbox'),
    }));
    const store = {
      ...base,
      layers: [...layers, { name: 'mailer', provides: ['notifier' as const], open: () => ({ notifier }) }],
    };
    expect(() => createCheckout({ store })).toThrow(/receives customer\.notify through the outbox/);
  });
});
