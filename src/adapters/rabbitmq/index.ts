/**
 * `cartwright/adapters/rabbitmq`: a RabbitMQ topic exchange as an event sink (the host brings `amqplib`).
 * @module
 */
export {
  type AmqpConfirmChannelLike,
  type AmqpConnectionLike,
  type AmqpReturnedLike,
  createRabbitMqSink,
  type RabbitMqSinkOptions,
} from './rabbitmq-sink.js';
export { type AmqpClosableConnectionLike, reconnectingConnection } from './reconnecting-connection.js';
