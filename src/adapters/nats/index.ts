/**
 * `cartwright/adapters/nats`: a NATS JetStream stream as an event sink (the host brings `@nats-io/jetstream`).
 * @module
 */
export {
  createJetStreamSink,
  type JetStreamClientLike,
  type JetStreamPubAckLike,
  type JetStreamSinkOptions,
} from './jetstream-sink.js';
