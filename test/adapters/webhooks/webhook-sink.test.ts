/**
 * The webhook sink against a real HTTP receiver that verifies with the `standardwebhooks` package: the sink
 * contract suite, secrets in rotation, endpoints per type, 410 disabling, failures and the timeout; each with the
 * sink's default transport (node:http on Node) and with the global `fetch` (what it sends with elsewhere).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  createWebhookSink,
  secretKey,
  signatureHeader,
  type WebhookSinkOptions,
} from '../../../src/adapters/webhooks/index.js';
import { nodeSignatureHeader } from '../../../src/adapters/webhooks/node-transport.js';
import { describeEventSinkContract, sampleOutboxEvent } from '../../../src/testing/index.js';
import { newSecret, startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';

/** The sink's transports: its default, and the global `fetch` handed to it. */
const transports: readonly { readonly name: string; readonly options: Partial<WebhookSinkOptions> }[] = [
  { name: 'default transport', options: {} },
  { name: 'global fetch', options: { fetch: globalThis.fetch } },
];

/** Timers keeping the process alive now. */
const liveTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

for (const transport of transports) {
  const sinkOf = (options: WebhookSinkOptions) => createWebhookSink({ ...transport.options, ...options });

  describeEventSinkContract({ describe, it }, `webhooks (${transport.name})`, async () => {
    const secret = newSecret();
    const receiver = await startWebhookReceiver(secret);
    const sink = sinkOf({ url: receiver.url, secrets: [secret] });
    return {
      sink,
      received: async () => receiver.accepted.map(({ id, body }) => ({ id, body })),
      cleanup: async () => {
        await sink.close?.();
        await receiver.close();
      },
    };
  });

  describeEventSinkContract({ describe, it }, `webhooks for some types (${transport.name})`, async () => {
    const secret = newSecret();
    const receiver = await startWebhookReceiver(secret);
    const sink = sinkOf({ url: receiver.url, secrets: [secret], types: ['order.status_changed'] });
    return {
      sink,
      received: async () => receiver.accepted.map(({ id, body }) => ({ id, body })),
      carries: ['order.status_changed'],
      cleanup: async () => {
        await sink.close?.();
        await receiver.close();
      },
    };
  });

  describe(`webhook sink (${transport.name})`, () => {
    const open: WebhookReceiver[] = [];
    const sinks: { close?(): Promise<void> }[] = [];
    afterEach(async () => {
      await Promise.all(sinks.splice(0).map((sink) => sink.close?.()));
      await Promise.all(open.splice(0).map((receiver) => receiver.close()));
    });
    const receiver = async (secret: string) => {
      const started = await startWebhookReceiver(secret);
      open.push(started);
      return started;
    };
    const sinkTo = (options: WebhookSinkOptions) => {
      const sink = sinkOf(options);
      sinks.push(sink);
      return sink;
    };

    it('signs with every secret given, so receivers on the old and on the new secret both accept', async () => {
      const [old, fresh] = [newSecret(), newSecret()];
      const onOld = await receiver(old);
      const onNew = await receiver(fresh);
      const event = sampleOutboxEvent('order.placed', 7, 1);
      await sinkTo({ url: onOld.url, secrets: [fresh, old] }).deliver(event);
      await sinkTo({ url: onNew.url, secrets: [fresh, old] }).deliver(event);
      expect(onOld.accepted.map((r) => r.id)).toEqual([event.id]);
      expect(onNew.accepted.map((r) => r.id)).toEqual([event.id]);
      expect(onNew.accepted[0]?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
      // A secret the receiver does not know is refused.
      await expect(sinkTo({ url: onOld.url, secrets: [fresh] }).deliver(event)).rejects.toThrow(/401/);
    });

    it('fails an attempt answered 500, or not answered within the timeout; a slow answer in time delivers', async () => {
      const secret = newSecret();
      const target = await receiver(secret);
      const sink = sinkTo({ url: target.url, secrets: [secret], timeoutMs: 1_000 });
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
      const sink = sinkTo({
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

    it('leaves no timer behind once an attempt is answered (the timeout ends with the attempt)', async () => {
      const secret = newSecret();
      const target = await receiver(secret);
      const sink = sinkTo({ url: target.url, secrets: [secret] });
      await sink.deliver(sampleOutboxEvent('order.placed', 10, 1));
      const before = liveTimers();
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          sink.deliver(sampleOutboxEvent('order.placed', 11 + index, 1)),
        ),
      );
      expect(target.accepted).toHaveLength(21);
      expect(liveTimers()).toBeLessThanOrEqual(before);
    });
  });
}

describe('webhook sink, default transport', () => {
  it('keeps its connections alive: no more connections than attempts under way at once', async () => {
    const secret = newSecret();
    const target = await startWebhookReceiver(secret);
    const sink = createWebhookSink({ url: target.url, secrets: [secret] });
    try {
      for (let round = 0; round < 5; round += 1) {
        await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            sink.deliver(sampleOutboxEvent('order.placed', 100 + round * 10 + index, 1)),
          ),
        );
      }
      expect(target.accepted).toHaveLength(50);
      expect(target.connections).toBeLessThanOrEqual(10);
    } finally {
      await sink.close?.();
      await target.close();
    }
  });

  it('close() closes the connections it kept alive; a later attempt opens one again', async () => {
    const secret = newSecret();
    const target = await startWebhookReceiver(secret);
    const sink = createWebhookSink({ url: target.url, secrets: [secret] });
    try {
      await createWebhookSink({ url: target.url, secrets: [secret] }).close?.();
      await Promise.all(
        Array.from({ length: 3 }, (_, index) =>
          sink.deliver(sampleOutboxEvent('order.placed', 200 + index, 1)),
        ),
      );
      const opened = target.connections;
      expect(target.closedConnections).toBe(0);
      await sink.close?.();
      for (let waited = 0; target.closedConnections < opened && waited < 2_000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(target.closedConnections).toBe(opened);
      await sink.deliver(sampleOutboxEvent('order.placed', 203, 1));
      expect(target.accepted).toHaveLength(4);
    } finally {
      await sink.close?.();
      await target.close();
    }
  });

  it('signs on Node exactly as signatureHeader does', () => {
    const keys = [secretKey(newSecret()), secretKey(newSecret())];
    for (const body of [
      '{}',
      JSON.stringify(sampleOutboxEvent('order.placed', 12, 1)),
      '{"name":"Zoë ✓ 😀"}',
    ]) {
      expect(nodeSignatureHeader(keys, 'msg_1', 1_700_000_000, body)).toBe(
        signatureHeader(keys, 'msg_1', 1_700_000_000, body),
      );
    }
  });
});

describe('webhook sink options', () => {
  it('sends with the fetch it is given', async () => {
    const secret = newSecret();
    const target = await startWebhookReceiver(secret);
    const sent: string[] = [];
    const counting: typeof fetch = (input, init) => {
      sent.push(String(input));
      return globalThis.fetch(input, init);
    };
    const sink = createWebhookSink({ url: target.url, secrets: [secret], fetch: counting });
    try {
      await sink.deliver(sampleOutboxEvent('order.placed', 300, 1));
      expect(sent).toEqual([target.url]);
      expect(target.accepted).toHaveLength(1);
    } finally {
      await sink.close?.();
      await target.close();
    }
  });

  it('refuses a secret that is not a Standard Webhooks secret when made', () => {
    expect(() => createWebhookSink({ url: 'http://127.0.0.1/', secrets: ['hunter2'] })).toThrow(/whsec_/);
    expect(() => createWebhookSink({ url: 'http://127.0.0.1/', secrets: [] })).toThrow(/at least one/);
  });
});
