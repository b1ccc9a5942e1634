/**
 * Confirming again after a card payment ended unpaid, on the memory store (the same scenarios run on PostgreSQL
 * in test/integration/postgres/card-reconfirm.test.ts).
 */
import { describe, it } from 'vitest';
import { cardCheckout, cardSession, orderOf } from './support/card-checkout.js';
import { stockOf } from './support/orders.js';
import {
  keysAfterExpiry,
  type ReconfirmWorld,
  repeatAfterExpiry,
  repeatAfterFailure,
} from './support/reconfirm-scenarios.js';

function memoryWorld(): ReconfirmWorld {
  const d = cardCheckout();
  return {
    checkout: d.checkout,
    card: d.card,
    calls: d.calls,
    placedStatusId: d.settings.orderStatusId,
    advance: (ms) => d.clock.advance(ms),
    session: () => cardSession(d),
    order: async (orderId) => orderOf(d, orderId),
    orderCount: async () => d.data.orders.size,
    stock: async () => stockOf(d, 40),
  };
}

describe('confirm again after a card payment ended unpaid (memory store)', () => {
  it('expired: the same confirm makes a new order the customer pays; the expired one stays', () =>
    repeatAfterExpiry(memoryWorld()));

  it('expired, with keys: its own key answers it again; a new key pays', () =>
    keysAfterExpiry(memoryWorld()));

  it('failed: two repeats at once make one new order; an open challenge is answered as it is', () =>
    repeatAfterFailure(memoryWorld()));
});
