/**
 * `npm start` delivers the events of the orders placed on it to the sink its environment names: started as a
 * process of its own (on the memory stores, a free port) with `CARTWRIGHT_WEBHOOK_URL` and
 * `CARTWRIGHT_WEBHOOK_SECRET` pointing at a receiver of this test, an order placed over HTTP arrives there as
 * signed Standard Webhooks requests that the `standardwebhooks` package verifies, in order.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { runDemoCheckout } from '../../../examples/demo-checkout.js';
import { startChildServer } from '../../faults/support/child-server.js';
import { newSecret, startWebhookReceiver } from '../../support/webhook-receiver.js';

const apiKey = 'start-events-key-0123456789abcdef0123456789';

describe('npm start and its event sinks', () => {
  it('posts the events of an order placed over HTTP to CARTWRIGHT_WEBHOOK_URL, signed', async () => {
    const secret = newSecret();
    const receiver = await startWebhookReceiver(secret);
    onTestFinished(() => receiver.close());
    const server = await startChildServer({
      CARTWRIGHT_API_KEY: apiKey,
      CARTWRIGHT_WEBHOOK_URL: receiver.url,
      CARTWRIGHT_WEBHOOK_SECRET: secret,
    });
    onTestFinished(() => server.killAll());

    const order = await runDemoCheckout({ url: server.url, apiKey, log: () => {} });
    expect(order.confirm.status).toBe(200);
    const orderId = (order.confirm.body as { order_id: number }).order_id;
    expect(server.output()).toContain(`Events: posted to ${receiver.url}`);
    const events = () =>
      receiver.accepted
        .map((got) => got.body as { type: string; order_id: number; sequence: number })
        .filter((event) => event.order_id === orderId);
    const deadline = Date.now() + 10_000;
    while (!events().some((event) => event.type === 'order.placed') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Every request verified against the secret (a bad signature would be counted as refused, not accepted).
    expect(receiver.refused).toBe(0);
    const [first] = events();
    expect(first).toMatchObject({ type: 'order.placed', order_id: orderId, sequence: 1 });
    expect(events().map((event) => event.sequence)).toEqual(events().map((_, index) => index + 1));
    const [got] = receiver.accepted;
    expect(got?.headers['webhook-id']).toBe((got?.body as { id: string } | undefined)?.id);
    expect(await server.stop(15_000)).toBe('0');
  });
});
