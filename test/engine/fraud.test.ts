/**
 * The fraud hook: `createIpFraudCheck` moves an order from a blocked IP to its status at confirm and
 * at a history entry into processing; `override` skips the checks.
 */
import { describe, expect, it } from 'vitest';
import { createIpFraudCheck } from '../../src/extensions/fraud/ip.js';
import { demoCheckout, expectOk } from './support/demo-checkout.js';
import { readySession, stockOf } from './support/orders.js';

const blocked = { ip: '203.0.113.7', forwardedIp: '', userAgent: 'ua', acceptLanguage: 'en' };

/** A demo checkout whose IP check sends blocked orders to 8 (Denied, outside processing ∪ complete). */
const fraudCheckout = () =>
  demoCheckout({
    deps: () => ({ fraudChecks: [createIpFraudCheck({ ips: [blocked.ip], orderStatusId: 8 })] }),
  });

describe('fraud checks', () => {
  it('flags a blocked IP at confirm: the order is written in the check status and takes no stock', async () => {
    const d = fraudCheckout();
    const sessionId = await readySession(d);
    const { orderId } = await expectOk(d.checkout.confirm(sessionId, {}, { client: blocked }));
    const order = await expectOk(d.checkout.getOrder(sessionId, { order_id: orderId }));
    expect(order.orderStatusId).toBe(8);
    expect(stockOf(d, 40)).toBe(1_000_000);
    expect(d.adapters.notifier.events).toContainEqual({
      type: 'FraudFlagged',
      orderId,
      requestedStatusId: 1,
      orderStatusId: 8,
      check: 'ip',
    });
  });

  it('lets other IPs through', async () => {
    const d = fraudCheckout();
    const sessionId = await readySession(d);
    const client = { ...blocked, ip: '198.51.100.1' };
    const { orderId } = await expectOk(d.checkout.confirm(sessionId, {}, { client }));
    expect(d.data.orders.get(orderId)?.orderStatusId).toBe(1);
  });

  it('flags a history entry into processing, and override skips the check', async () => {
    const d = fraudCheckout();
    const sessionId = await readySession(d);
    const { orderId } = await expectOk(
      d.checkout.confirm(sessionId, { order_status_id: 10 }, { client: blocked }),
    );
    await expectOk(d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 2 }));
    expect(d.data.orders.get(orderId)?.orderStatusId).toBe(8);
    expect(stockOf(d, 40)).toBe(1_000_000);
    await expectOk(
      d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 2, override: true }),
    );
    expect(d.data.orders.get(orderId)?.orderStatusId).toBe(2);
    expect(stockOf(d, 40)).toBe(999_999);
  });
});
