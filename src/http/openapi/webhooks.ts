/**
 * The OpenAPI document's `webhooks`: every event type the outbox delivers, as the webhook sink posts it (the
 * envelope with the type's data), with the Standard Webhooks headers.
 * @module
 */
import type { EventType, OutboxEvent } from '../../domain/events/event-types.js';

/** The layout version the envelopes carry (the domain's `EVENT_SCHEMA_VERSION`; a type check keeps them equal). */
const EVENT_SCHEMA_VERSION: OutboxEvent['schema'] = 1;

import type { JsonObject } from './json.js';

const integer = { type: 'integer' } as const;
const text = { type: 'string' } as const;
const money = {
  type: 'object',
  required: ['amount', 'currency'],
  properties: {
    amount: {
      type: 'string',
      pattern: '^-?\\d+\\.\\d{4,}$',
      description: 'Exact decimal, at least 4 places.',
    },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
  },
  additionalProperties: false,
} as const;
const line = {
  type: 'object',
  required: ['product_id', 'name', 'model', 'quantity', 'total'],
  properties: { product_id: integer, name: text, model: text, quantity: integer, total: money },
  additionalProperties: false,
} as const;

/** An object schema whose every property is required. */
const record = (properties: Record<string, unknown>): JsonObject => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
  additionalProperties: false,
});

const orderData = record({
  order_id: integer,
  order_status_id: integer,
  customer_id: integer,
  email: text,
  total: money,
  currency_code: text,
  products: { type: 'array', items: line },
});

/** Each type's data, and what it reports. */
const dataOf: Record<EventType, { readonly summary: string; readonly data: JsonObject }> = {
  'order.created': { summary: 'An order was written at status 0, waiting for its payment.', data: orderData },
  'order.placed': { summary: 'An order entered its first status above 0.', data: orderData },
  'order.updated': {
    summary: "An order's contents were replaced by an edit.",
    data: record({
      order_id: integer,
      order_status_id: integer,
      total: money,
      products: { type: 'array', items: line },
    }),
  },
  'order.status_changed': {
    summary: 'A history entry was appended.',
    data: record({
      order_id: integer,
      from_order_status_id: integer,
      order_status_id: integer,
      comment: text,
      notify: { type: 'boolean' },
    }),
  },
  'order.payment_changed': {
    summary: "The order's payment moved.",
    data: record({
      order_id: integer,
      provider_code: text,
      reference: { type: ['string', 'null'] },
      from_status: { type: ['string', 'null'] },
      status: text,
      amount: money,
      captured: money,
      refunded: money,
    }),
  },
  'stock.changed': {
    summary: 'Units of a product or option value moved (negative: out of stock).',
    data: record({
      order_id: integer,
      product_id: integer,
      product_option_value_id: { type: ['integer', 'null'] },
      delta: integer,
    }),
  },
  'coupon.redeemed': {
    summary: 'A coupon use was recorded against the order.',
    data: record({ order_id: integer, coupon_id: integer, customer_id: integer, amount: money }),
  },
  'reward.redeemed': {
    summary: "Reward points were written to a customer's ledger (negative spends).",
    data: record({ order_id: integer, customer_id: integer, points: integer }),
  },
  'order.redemptions_released': {
    summary: "The order's coupon and reward uses were deleted.",
    data: record({ order_id: integer }),
  },
  'customer.notify': {
    summary: 'The customer is to be told of a status (the order placed, or an entry with notify).',
    data: record({
      order_id: integer,
      order_status_id: integer,
      from_order_status_id: integer,
      comment: text,
      email: text,
      firstname: text,
      lastname: text,
      language_code: text,
    }),
  },
};

const header = (description: string) => ({ required: true, schema: text, description });

/** One webhook: a POST of the envelope of `type`. */
function webhook(type: EventType): JsonObject {
  const { summary, data } = dataOf[type];
  return {
    post: {
      summary,
      description: `Delivered at least once, in order per order; dedupe by \`id\` (also \`webhook-id\`). See docs/events.md.`,
      tags: ['Events'],
      parameters: [
        { in: 'header', name: 'webhook-id', ...header("The event's id, the same on every retry.") },
        { in: 'header', name: 'webhook-timestamp', ...header("This attempt's time, in Unix seconds.") },
        {
          in: 'header',
          name: 'webhook-signature',
          ...header(
            '`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, one per secret, space-separated.',
          ),
        },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: record({
              id: { type: 'string', format: 'uuid', description: 'UUIDv7: unique, time-ordered.' },
              type: { const: type },
              order_id: integer,
              sequence: { type: 'integer', minimum: 1, description: '1, 2, … per order.' },
              occurred_at: { type: 'string', format: 'date-time' },
              schema: { const: EVENT_SCHEMA_VERSION },
              data,
            }),
          },
        },
      },
      responses: {
        '2XX': { description: 'Delivered.' },
        '410': { description: 'The endpoint is disabled: nothing more is sent until the host enables it.' },
        default: {
          description:
            'Not delivered: retried with backoff (from 5 s, doubling, at most 1 h apart, for 3 days).',
        },
      },
    },
  };
}

/** The document's `webhooks`: one per event type, named by it. */
export function eventWebhooks(): Record<string, JsonObject> {
  return Object.fromEntries((Object.keys(dataOf) as EventType[]).map((type) => [type, webhook(type)]));
}
