/**
 * The bodies of confirm and history_add, parsed (seed endpoints 8 and 9, DECISIONS 24 and 28). Booleans parse as
 * booleans: `true`/`false`, `1`/`0`, `on`/`off`, `yes`/`no`, and `""` (false), in any case; anything else is
 * malformed, never silently true.
 * @module
 */
import type { Result } from 'neverthrow';
import { z } from 'zod';
import type { ConfirmInput } from '../domain/confirm.js';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import type { HistoryInput } from '../domain/order-history.js';
import { blank, lenientInteger, optionalId, readFields, rule, scalar } from './fields.js';

/** An id that may be left out: absent or blank is null. */
const nullableId: z.ZodType<number | null> = z.union([
  blank.transform(() => null),
  lenientInteger({ min: 0 }),
]);

/** A comment: free text up to 10,000 characters (OpenCart's column is TEXT); absent is `''`. */
const comment: z.ZodType<string> = z.union([blank.transform(() => ''), scalar(z.string().max(10_000))]);

const truthy = ['1', 'true', 'on', 'yes'];
const falsy = ['', '0', 'false', 'off', 'no'];

/** A boolean from JSON or a form: see the module notes; absent is false. */
const flag: z.ZodType<boolean> = z.union([
  z.union([z.undefined(), z.null()]).transform(() => false),
  z.boolean(),
  z.literal(0).transform(() => false),
  z.literal(1).transform(() => true),
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((text) => truthy.includes(text) || falsy.includes(text))
    .transform((text) => truthy.includes(text)),
]);

/** Parses confirm's `order_id`, `order_status_id`, `comment` and `affiliate_id`. */
export function parseConfirm(raw: unknown, messages: MessageCatalog): Result<ConfirmInput, CheckoutError> {
  const rules = {
    order_id: rule(optionalId, 'order_id', messageText(messages, 'order.not_found')),
    order_status_id: rule(nullableId, 'order_status_id', messageText(messages, 'order.status')),
    comment: rule(comment, 'comment', messageText(messages, 'order.comment')),
    affiliate_id: rule(nullableId, 'affiliate_id', messageText(messages, 'affiliate.not_found')),
  };
  return readFields(raw, rules, messages)
    .map(
      (fields): ConfirmInput => ({
        orderId: fields.order_id,
        orderStatusId: fields.order_status_id,
        comment: fields.comment,
        affiliateId: fields.affiliate_id,
      }),
    )
    .mapErr((fields) => checkoutError('validation', fields));
}

/** The parsed history entry with the order it is for. */
export interface HistoryRequestInput extends HistoryInput {
  readonly orderId: number;
}

/** Parses history_add's `order_id` (required), `order_status_id` (required), `comment`, `notify`, `override`. */
export function parseHistory(
  raw: unknown,
  messages: MessageCatalog,
): Result<HistoryRequestInput, CheckoutError> {
  const rules = {
    order_id: rule(lenientInteger({ min: 1 }), 'order_id', messageText(messages, 'order.not_found')),
    order_status_id: rule(
      lenientInteger({ min: 1 }),
      'order_status_id',
      messageText(messages, 'order.status'),
    ),
    comment: rule(comment, 'comment', messageText(messages, 'order.comment')),
    notify: rule(flag, 'notify', messageText(messages, 'field.flag', { name: 'notify' })),
    override: rule(flag, 'override', messageText(messages, 'field.flag', { name: 'override' })),
  };
  return readFields(raw, rules, messages)
    .map(
      (fields): HistoryRequestInput => ({
        orderId: fields.order_id,
        orderStatusId: fields.order_status_id,
        comment: fields.comment,
        notify: fields.notify,
        override: fields.override,
      }),
    )
    .mapErr((fields) => checkoutError('validation', fields));
}

/** Parses order info's `order_id` (required, positive). */
export function parseOrderId(raw: unknown, messages: MessageCatalog): Result<number, CheckoutError> {
  const rules = {
    order_id: rule(lenientInteger({ min: 1 }), 'order_id', messageText(messages, 'order.not_found')),
  };
  return readFields(raw, rules, messages)
    .map((fields) => fields.order_id)
    .mapErr((fields) => checkoutError('validation', fields));
}
