/**
 * The order operations: `confirm` (OpenCart's step 7) writes the order and its first history entry; `history_add`
 * appends a status change; `order_info` reads a stored order. Confirm and history_add are decided purely
 * (`decideConfirm`, `decideHistory`) into an effect the engine performs in one repository transaction.
 * @module
 */
import { z } from 'zod';
import type { ConfirmInput } from '../domain/order/confirm.js';
import type { HistoryCommand } from '../domain/order/history.js';
import { readerOf, undecided, withReader } from './field-readers.js';
import { blank, lenientInteger, type OptionalIntegerField, optionalId, scalar } from './fields.js';
import { field, form, required } from './form.js';
import { describeRequest, jsonBlank, jsonNull, jsonTrimmed } from './json-schema.js';
import { type ConfirmDescriptor, defineLookup, type HistoryDescriptor } from './operation.js';

/** An id as {@link nullableId} reads it, plainly (see `field-readers.ts`). */
const anyId = lenientInteger({ min: 0 });

/** Whether `value` is absent or blank (what `blank` reads). */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** An id that may be left out (null), as opposed to 0; the declared input is what a well-behaved client sends. */
const nullableIdUnion = z.union([blank.transform(() => null), anyId]) as unknown as z.ZodType<
  number | null,
  OptionalIntegerField
>;
const nullableId = describeRequest(
  withReader(nullableIdUnion, (value) => (isBlank(value) ? null : (readerOf(anyId)?.(value) ?? undecided))),
  {
    jsonSchema: {
      anyOf: [
        { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
        jsonTrimmed('(?:\\d{1,15})?'),
        jsonNull,
      ],
      description:
        'An id (a JSON number or a string of digits); absent, null or blank leaves it to the store.',
    },
  },
);

/** The longest comment. */
const maxComment = 10_000;

/** A comment: at most 10,000 characters; absent is `''`. */
const commentUnion = z.union([blank.transform(() => ''), scalar(z.string().max(maxComment))]);
const comment = describeRequest(
  withReader(commentUnion, (value) =>
    isBlank(value) ? '' : typeof value === 'string' && value.length <= maxComment ? value : undecided,
  ),
  {
    jsonSchema: {
      anyOf: [{ type: 'string', maxLength: maxComment }, jsonNull],
      description: `A comment of at most ${maxComment} characters; absent or null is ''.`,
    },
  },
);

const truthy = ['1', 'true', 'on', 'yes'];
const falsy = ['', '0', 'false', 'off', 'no'];

/** A word of `words` in any case (JSON Schema patterns have no case-insensitive flag). */
function anyCase(words: readonly string[]): string {
  const letters = (word: string) =>
    [...word].map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c)).join('');
  return words.map(letters).join('|');
}

/**
 * A flag as a client sends it: JSON's booleans, 0 or 1, or a form's words (the server also reads them in any case
 * and with blanks around them); absent, null or blank is false.
 */
export type FlagField =
  | boolean
  | 0
  | 1
  | '1'
  | 'true'
  | 'on'
  | 'yes'
  | '0'
  | 'false'
  | 'off'
  | 'no'
  | ''
  | null;

/** A flag as JSON (`true`) or a form (`"1"`, `"true"`, `"on"`, `"0"`, `""`) sends it; absent is false. */
const flagUnion = z.union([
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
// Reads what the union reads; the declared input is what a well-behaved client sends.
const flagSchema = flagUnion as unknown as z.ZodType<boolean, FlagField>;

/** A flag's value read plainly: absent, a boolean, 0 or 1, or a word of the lists. */
function readFlag(value: unknown): boolean | typeof undecided {
  if (value === undefined || value === null || value === 0 || value === false) return false;
  if (value === 1 || value === true) return true;
  if (typeof value !== 'string') return undecided;
  const text = value.trim().toLowerCase();
  if (truthy.includes(text)) return true;
  return falsy.includes(text) ? false : undecided;
}

const flag = describeRequest(withReader(flagSchema, readFlag), {
  jsonSchema: {
    anyOf: [
      { type: 'boolean' },
      { enum: [0, 1] },
      jsonTrimmed(anyCase([...truthy, ...falsy].filter((word) => word !== ''))),
      jsonBlank,
      jsonNull,
    ],
    description: `A flag: true or false, 1 or 0, or the words ${[...truthy, ...falsy.slice(1)].join(', ')} in any case; absent, null or blank is false.`,
  },
});

const orderId = required(field(lenientInteger({ min: 1 }), 'order_id', 'order.not_found'));

/** `confirm`: checks every step, then writes the order and its first history entry in one transaction. */
export const confirm = {
  kind: 'confirm',
  name: 'confirm',
  method: 'confirm',
  summary:
    'Checks every step, then writes the order and its first history entry in one transaction; the same ' +
    'Idempotency-Key and payload, or the same unchanged session, answer the same order.',
  http: { method: 'POST', alsoGet: true, routes: [{ route: 'api/order', call: 'confirm' }] },
  input: form(
    {
      order_id: field(optionalId, 'order_id', 'order.not_found'),
      order_status_id: field(nullableId, 'order_status_id', 'order.status'),
      comment: field(comment, 'comment', 'order.comment'),
      // A malformed affiliate id is an affiliate that cannot be found: the key of confirm's unknown affiliate.
      affiliate_id: field(nullableId, 'affiliate', 'affiliate.not_found'),
    },
    (fields): ConfirmInput => ({
      orderId: fields.order_id,
      orderStatusId: fields.order_status_id,
      comment: fields.comment,
      affiliateId: fields.affiliate_id,
    }),
  ),
  answer: 'confirm',
} as const satisfies ConfirmDescriptor;

/** `history_add`: appends a status change, moving stock and ledgers as the statuses say. */
export const historyAdd = {
  kind: 'history',
  name: 'history_add',
  method: 'addHistory',
  summary:
    'Appends a status change to an order, moving stock and coupon and reward uses as the statuses say.',
  http: { method: 'POST', routes: [{ route: 'api/order', call: 'history_add' }] },
  input: form(
    {
      order_id: orderId,
      order_status_id: required(field(lenientInteger({ min: 1 }), 'order_status_id', 'order.status')),
      comment: field(comment, 'comment', 'order.comment'),
      notify: field(flag, 'notify', 'field.flag', { name: 'notify' }),
      override: field(flag, 'override', 'field.flag', { name: 'override' }),
    },
    (fields): HistoryCommand => ({
      orderId: fields.order_id,
      orderStatusId: fields.order_status_id,
      comment: fields.comment,
      notify: fields.notify,
      override: fields.override,
    }),
  ),
  answer: 'step',
} as const satisfies HistoryDescriptor;

/** `order_info` (`route=api/order/info`): a stored order with its history, or `not_found`. */
export const orderInfo = defineLookup({
  name: 'order_info',
  method: 'getOrder',
  summary: 'A stored order with its history.',
  http: { method: 'GET', routes: [{ route: 'api/order/info' }] },
  input: form({ order_id: orderId }, (fields) => fields.order_id),
  answer: 'order',
  port: 'orders',
  read: (id, { orders }) => orders.get(id),
  notFound: { key: 'order_id', text: 'order.not_found' },
});
