/**
 * The demo's event delivery: the sinks the environment names, connected with the clients the examples use
 * (`fetch`, `@nats-io/transport-node`, `amqplib`), and a dispatcher over the store's outbox.
 *
 * - `CARTWRIGHT_WEBHOOK_URL` with `CARTWRIGHT_WEBHOOK_SECRET` (`whsec_…`; several, space-separated, while one
 *   is rotated): every event is posted there, signed as Standard Webhooks says.
 * - `CARTWRIGHT_NATS_URL`: published to JetStream on `cartwright.<type>` (the stream `CARTWRIGHT` is created
 *   when missing).
 * - `CARTWRIGHT_AMQP_URL`: published to the RabbitMQ topic exchange `cartwright`.
 * - `CARTWRIGHT_DISPATCH=off`: `npm start` runs no dispatcher (another process runs `npm run dispatch`).
 */
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect as connectNats, type NatsConnection } from '@nats-io/transport-node';
import amqp from 'amqplib';
import { createJetStreamSink } from '../../src/adapters/nats/index.js';
import {
  type AmqpClosableConnectionLike,
  createRabbitMqSink,
  reconnectingConnection,
} from '../../src/adapters/rabbitmq/index.js';
import { createWebhookSink } from '../../src/adapters/webhooks/index.js';
import { createDispatcher, type Dispatcher, type EventSink, type Outbox } from '../../src/core/index.js';

/** The sinks of the environment, and how to close their connections. */
export interface DemoSinks {
  readonly sinks: readonly EventSink[];
  /** One line per sink, for the banner. */
  readonly description: readonly string[];
  close(): Promise<void>;
}

const set = (vars: NodeJS.ProcessEnv, name: string): string | undefined => {
  const value = vars[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

/** Connects the sinks `vars` names; rejects (with what was opened closed) when one cannot be reached. */
export async function openDemoSinks(vars: NodeJS.ProcessEnv = process.env): Promise<DemoSinks> {
  const sinks: EventSink[] = [];
  const description: string[] = [];
  let nats: NatsConnection | undefined;
  let rabbit: AmqpClosableConnectionLike | undefined;
  const close = async () => {
    await Promise.all(sinks.map((sink) => sink.close?.()));
    await nats?.drain().catch(() => undefined);
    await rabbit?.close().catch(() => undefined);
  };
  try {
    const webhookUrl = set(vars, 'CARTWRIGHT_WEBHOOK_URL');
    if (webhookUrl !== undefined) {
      const secrets = (set(vars, 'CARTWRIGHT_WEBHOOK_SECRET') ?? '').split(/\s+/).filter(Boolean);
      sinks.push(createWebhookSink({ name: 'webhook', url: webhookUrl, secrets }));
      description.push(`Events: posted to ${webhookUrl} (Standard Webhooks).`);
    }
    const natsUrl = set(vars, 'CARTWRIGHT_NATS_URL');
    if (natsUrl !== undefined) {
      // Reconnect for as long as it takes: the client's default gives up after a few attempts, and delivery to
      // NATS would then stop until the process restarts.
      nats = await connectNats({ servers: natsUrl, maxReconnectAttempts: -1 });
      const jsm = await jetstreamManager(nats);
      await jsm.streams
        .info('CARTWRIGHT')
        .catch(() => jsm.streams.add({ name: 'CARTWRIGHT', subjects: ['cartwright.>'] }));
      sinks.push(createJetStreamSink({ jetstream: jetstream(nats) }));
      description.push(
        `Events: NATS JetStream at ${natsUrl}, stream CARTWRIGHT, subjects cartwright.<type>.`,
      );
    }
    const amqpUrl = set(vars, 'CARTWRIGHT_AMQP_URL');
    if (amqpUrl !== undefined) {
      // amqplib never reopens a lost connection: this one is opened again on the next delivery after an outage.
      rabbit = reconnectingConnection(() => amqp.connect(amqpUrl));
      // Connected once now, so a wrong URL stops the start with its reason rather than failing every delivery.
      await (await rabbit.createConfirmChannel()).close();
      sinks.push(createRabbitMqSink({ connection: rabbit }));
      description.push(`Events: RabbitMQ exchange cartwright (topic, routing key = type).`);
    }
    return { sinks, description, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A dispatcher over `outbox` to `sinks`, or undefined when there is nothing to deliver to. */
export function startDemoDispatcher(outbox: Outbox, sinks: readonly EventSink[]): Dispatcher | undefined {
  if (sinks.length === 0) return undefined;
  return createDispatcher({ store: { outbox }, sinks });
}
