/**
 * The webhook sink against a real HTTP receiver that verifies with the `standardwebhooks` package: the sink
 * contract suite, secrets in rotation, endpoints per type, 410 disabling, failures and the timeout.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createWebhookSink } from '../../../src/adapters/webhooks/index.js';
import { describeEventSinkContract, sampleOutboxEvent } from '../../../src/testing/index.js';
import { newSecret, startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';

describeEventSinkContract({ describe, it }, 'webhooks', async () => {
  const secret = newSecret();
  const receiver = await startWebhookReceiver(secret);
  return {
    sink: createWebhookSink({ url: receiver.url, secrets: [secret] }),
    received: async () => receiver.accepted.map(({ id, body }) => ({ id, body })),
    cleanup: () => receiver.close(),
  };
});

describeEventSinkContract({ describe, it }, 'webhooks for some types', async () => {
  const secret = newSecret();
  const receiver = await startWebhookReceiver(secret);
  return {
    sink: createWebhookSink({ url: receiver.url, secrets: [secret], types: ['order.status_changed'] }),
    received: async () => receiver.accepted.map(({ id, body }) => ({ id, body })),
    carries: ['order.status_changed'],
    cleanup: () => receiver.close(),
  };
});

describe('webhook sink', () => {
  const open: WebhookReceiver[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((receiver) => receiver.close()));
  });
  const receiver = async (secret: string) => {
    const started = await startWebhookReceiver(secret);
    open.push(started);
    return started;
  };

  it('signs with every secret given, so receivers on the old and on the new secret both accept', async () => {
    const [old, fresh] = [newSecret(), newSecret()];
    const onOld = await receiver(old);
    const onNew = await receiver(fresh);
    const event = sampleOutboxEvent('order.placed', 7, 1);
    await createWebhookSink({ url: onOld.url, secrets: [fresh, old] }).deliver(event);
    await createWebhookSink({ url: onNew.url, secrets: [fresh, old] }).deliver(event);
    expect(onOld.accepted.map((r) => r.id)).toEqual([event.id]);
    expect(onNew.accepted.map((r) => r.id)).toEqual([event.id]);
    expect(onNew.accepted[0]?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    // A secret the receiver does not know is refused.
    await expect(createWebhookSink({ url: onOld.url, secrets: [fresh] }).deliver(event)).rejects.toThrow(
      /401/,
    );
  });

  it('fails an attempt answered 500, or not answered within the timeout; a slow answer in time delivers', async () => {
    const secret = newSecret();
    const target = await receiver(secret);
    const sink = createWebhookSink({ url: target.url, secrets: [secret], timeoutMs: 1_000 });
    target.answer({ status: 500 });
    await expect(sink.deliver(sampleOutboxEvent('order.placed', 8, 1))).rejects.toThrow(/answered 500/);
    target.answer('hang');
    await expect(sink.deliver(sampleOutboxEvent('order.placed', 8, 1))).rejects.toThrow(
      /no answer in 1000 ms/,
    );
    target.answer({ status: 200, delayMs: 300 });
    const event = sampleOutboxEvent('order.placed', 8, 1);
    await sink.deliver(event);
    expect(target.accepted.map((r) => r.id)).toEqual([event.id]);
  });

  it('410 Gone disables the endpoint: later attempts fail without a request, until enabled', async () => {
    const secret = newSecret();
    const target = await receiver(secret);
    const disabled: string[] = [];
    const sink = createWebhookSink({
      url: target.url,
      secrets: [secret],
      onDisabled: (url) => disabled.push(url),
    });
    target.answer({ status: 410 });
    await expect(sink.deliver(sampleOutboxEvent('order.placed', 9, 1))).rejects.toThrow(/410/);
    expect(sink.disabled).toBe(true);
    expect(disabled).toEqual([target.url]);
    target.answer({ status: 204 });
    await expect(sink.deliver(sampleOutboxEvent('order.placed', 9, 2))).rejects.toThrow(/disabled/);
    expect(target.arrived).toHaveLength(1);
    sink.enable();
    await sink.deliver(sampleOutboxEvent('order.placed', 9, 2));
    expect(target.accepted).toHaveLength(1);
  });

  it('refuses a secret that is not a Standard Webhooks secret when made', () => {
    expect(() => createWebhookSink({ url: 'http://127.0.0.1/', secrets: ['hunter2'] })).toThrow(/whsec_/);
    expect(() => createWebhookSink({ url: 'http://127.0.0.1/', secrets: [] })).toThrow(/at least one/);
  });
});
