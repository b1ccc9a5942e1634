/**
 * The JetStream sink on the real NATS server (JetStream on 127.0.0.1:4222): the sink contract suite on a stream
 * of each case's own, the duplicate window dropping a re-send, and a stream that is missing failing the delivery.
 */
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJetStreamSink } from '../../../src/adapters/nats/index.js';
import { describeEventSinkContract, sampleOutboxEvent } from '../../../src/testing/index.js';

const NATS_URL = process.env.NATS_URL ?? '127.0.0.1:4222';
let nc: NatsConnection;

beforeAll(async () => {
  nc = await connect({ servers: NATS_URL });
});
afterAll(async () => {
  await nc?.drain();
});

/** A stream of its own (`<prefix>.>`), and a reader of what it holds. */
async function freshStream() {
  const prefix = `cwtest${globalThis.crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const name = prefix.toUpperCase();
  const jsm = await jetstreamManager(nc);
  await jsm.streams.add({ name, subjects: [`${prefix}.>`] });
  const seen: { id: string; body: unknown }[] = [];
  return {
    prefix,
    /** Reads the stream's messages by sequence: what it stored, in order, without a consumer's wait. */
    async received() {
      const last = (await jsm.streams.info(name)).state.last_seq;
      for (let seq = seen.length + 1; seq <= last; seq += 1) {
        const message = await jsm.streams.getMessage(name, { seq });
        if (message === null) continue;
        seen.push({ id: message.header.get('Nats-Msg-Id'), body: message.json() });
      }
      return seen;
    },
    cleanup: async () => {
      await jsm.streams.delete(name);
    },
  };
}

describeEventSinkContract({ describe, it }, 'NATS JetStream', async () => {
  const stream = await freshStream();
  return {
    sink: createJetStreamSink({ jetstream: jetstream(nc), prefix: stream.prefix }),
    received: stream.received,
    cleanup: stream.cleanup,
  };
});

describe('JetStream sink', () => {
  it('publishes on <prefix>.<type> with the event id as Nats-Msg-Id; a re-send is stored once', async () => {
    const stream = await freshStream();
    try {
      const sink = createJetStreamSink({ jetstream: jetstream(nc), prefix: stream.prefix });
      const event = sampleOutboxEvent('order.placed', 5, 1);
      await sink.deliver(event);
      await sink.deliver(event);
      const got = await stream.received();
      expect(got).toEqual([{ id: event.id, body: event }]);
    } finally {
      await stream.cleanup();
    }
  });

  it('fails a delivery no stream takes', async () => {
    const sink = createJetStreamSink({ jetstream: jetstream(nc), prefix: 'cwnostream', timeoutMs: 1_000 });
    await expect(sink.deliver(sampleOutboxEvent('order.placed', 5, 1))).rejects.toThrow();
  });
});
