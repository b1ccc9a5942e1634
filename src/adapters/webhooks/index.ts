/**
 * `cartwright/adapters/webhooks`: webhook endpoints as event sinks, signed as the Standard Webhooks
 * specification says.
 * @module
 */
export { secretKey, signatureHeader } from './signature.js';
export { createWebhookSink, type WebhookSink, type WebhookSinkOptions } from './webhook-sink.js';
