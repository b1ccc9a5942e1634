/**
 * The document's named schemas (`#/components/schemas/…`): the wire shape of every kind of answer and of the
 * parts they share (a cart line, a total line, an order), converted from the zod schemas the presenters'
 * types come from.
 * @module
 */
import { z } from 'zod';
import type { AnswerKind } from '../../operations/answers.js';
import type { JsonSchema } from '../../operations/json-schema.js';
import { loginWire, logoutWire } from '../wire/account.js';
import { answerWires } from '../wire/answers.js';
import { cartLineWire, cartOptionWire, cartSubscriptionWire, totalLineWire } from '../wire/cart.js';
import { manufacturerEntryWire, manufacturerWire, productEntryWire } from '../wire/catalog.js';
import { confirmFailureWire, errorWire } from '../wire/errors.js';
import { paymentMethodWire, shippingMethodWire, shippingQuoteWire } from '../wire/methods.js';
import {
  orderAddressWire,
  orderCustomerWire,
  orderHistoryWire,
  orderProductWire,
  orderWire,
} from '../wire/order.js';
import { paymentWire, webhookAnswerWire } from '../wire/payment.js';
import { tidySchema } from './json.js';

/** The component name of each kind of answer. */
export const answerComponents: { readonly [K in AnswerKind]: string } = {
  step: 'StepAnswer',
  summary: 'SummaryAnswer',
  cart: 'CartAnswer',
  shipping_methods: 'ShippingMethodsAnswer',
  payment_methods: 'PaymentMethodsAnswer',
  cart_lines: 'CartLines',
  totals: 'TotalLines',
  confirm: 'ConfirmAnswer',
  payment: 'PaymentAnswer',
  order: 'OrderAnswer',
  manufacturer: 'ManufacturerAnswer',
  manufacturer_page: 'ManufacturerPage',
  product_page: 'ProductPage',
};

/** The named schemas that are not a whole answer, and the HTTP layer's own answers. */
const parts: readonly (readonly [string, z.ZodType])[] = [
  ['CartOption', cartOptionWire],
  ['CartSubscription', cartSubscriptionWire],
  ['CartLine', cartLineWire],
  ['TotalLine', totalLineWire],
  ['ShippingQuote', shippingQuoteWire],
  ['ShippingMethod', shippingMethodWire],
  ['PaymentMethod', paymentMethodWire],
  ['Payment', paymentWire],
  ['WebhookAnswer', webhookAnswerWire],
  ['Manufacturer', manufacturerWire],
  ['ManufacturerEntry', manufacturerEntryWire],
  ['ProductEntry', productEntryWire],
  ['OrderCustomer', orderCustomerWire],
  ['OrderAddress', orderAddressWire],
  ['OrderProduct', orderProductWire],
  ['OrderHistory', orderHistoryWire],
  ['Order', orderWire],
  ['Error', errorWire],
  ['ConfirmFailure', confirmFailureWire],
  ['LoginAnswer', loginWire],
  ['LogoutAnswer', logoutWire],
];

/**
 * Removes the bounds `z.int()` writes (the safe-integer range): true of every integer the server writes, and
 * noise in a reader's view of an answer.
 */
function withoutSafeBounds(schema: JsonSchema): void {
  if (schema.type !== 'integer') return;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
}

/** A `$ref` to a named schema. */
export function componentRef(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

/** Every named schema, converted; each refers to the others by `$ref` where it contains one. */
export function componentSchemas(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of parts) registry.add(schema, { id });
  for (const kind of Object.keys(answerComponents) as AnswerKind[]) {
    registry.add(answerWires[kind], { id: answerComponents[kind] });
  }
  const { schemas } = z.toJSONSchema(registry, {
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
    override: ({ jsonSchema }) => {
      tidySchema(jsonSchema);
      withoutSafeBounds(jsonSchema);
    },
  });
  for (const schema of Object.values(schemas)) tidySchema(schema);
  return schemas;
}
