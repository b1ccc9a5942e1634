/**
 * The method steps (OpenCart's steps 5 and 6): `shipping_methods` / `payment_methods` store what is on offer for the
 * session; `shipping_method` / `payment_method` choose an offered code. The offer is worked out by `decide` for
 * the session as loaded, never taken from the client, so a client-sent cost or name changes nothing.
 *
 * The two choosing steps share one field: `shipping_method` / `payment_method`, sent as OpenCart's object
 * (`.code`, with a name, cost and tax class the engine ignores: what is charged comes from the offer) or as the
 * code itself. A code is `<method>` or `<method>.<quote>`, letters, digits, `_` and `-`.
 * @module
 */
import { z } from 'zod';
import type {
  OfferPaymentCommand,
  QuoteShippingCommand,
  SetPaymentMethodCommand,
  SetShippingMethodCommand,
} from '../domain/machine/commands.js';
import { needFact } from '../domain/machine/facts.js';
import { choosePayment, chooseShipping, offerPayment, quoteShipping } from '../domain/machine/selections.js';
import type { MessageId } from '../domain/messages.js';
import { undecided, withReader } from './field-readers.js';
import { field, form, type RequiredField, required } from './form.js';
import { describeRequest, type JsonSchema, jsonTrimmed } from './json-schema.js';
import { defineStep } from './operation.js';

/** A method code: `<method>` or `<method>.<quote>`. */
const codePattern = /^[A-Za-z0-9_-]{1,64}(?:\.[A-Za-z0-9_-]{1,64})?$/;

const code = z.string().trim().regex(codePattern);

const codeJson: JsonSchema = jsonTrimmed('[A-Za-z0-9_-]{1,64}(?:\\.[A-Za-z0-9_-]{1,64})?');

/** The method field: the code itself, or an object whose `code` it is. */
const methodUnion = z.union([
  code,
  z
    .object({
      code,
      name: z.unknown().optional(),
      cost: z.unknown().optional(),
      tax_class_id: z.unknown().optional(),
    })
    .transform((method) => method.code),
]);

/** The code of a method field's value, read plainly: a code, or a plain object whose own `code` is one. */
function readCode(value: unknown): string | typeof undecided {
  const method =
    typeof value === 'object' &&
    value !== null &&
    [Object.prototype, null].includes(Object.getPrototypeOf(value)) &&
    Object.hasOwn(value, 'code')
      ? (value as { code: unknown }).code
      : value;
  if (typeof method !== 'string') return undecided;
  const text = method.trim();
  return codePattern.test(text) ? text : undecided;
}

const methodSchema = describeRequest(withReader(methodUnion, readCode), {
  jsonSchema: {
    anyOf: [
      codeJson,
      {
        type: 'object',
        properties: { code: codeJson, name: {}, cost: {}, tax_class_id: {} },
        required: ['code'],
      },
    ],
    description:
      'An offered code (`flat.flat`, `cod`), or the object `{ code, name, cost, tax_class_id }` of which only `code` counts.',
  },
});

/** The method field `name`, its errors under `name` with `text`; a request must carry it. */
export function methodField(name: string, text: MessageId): RequiredField<typeof methodSchema> {
  return required(field(methodSchema, name, text));
}

/** `shipping_methods`: quotes every shipping method and stores the quotes in the session. */
export const shippingMethods = defineStep({
  name: 'shipping_methods',
  method: 'getShippingMethods',
  summary: 'Quotes every shipping method for the cart and shipping address, and stores the quotes.',
  http: { method: 'GET', routes: [{ route: 'api/order', call: 'shipping_methods' }] },
  input: form({}, (): QuoteShippingCommand => ({ type: 'quote_shipping' })),
  answer: 'shipping_methods',
  step: 'shipping_method',
  facts: () => ({}),
  offers: 'shipping',
  rule: (session, _command, facts) =>
    quoteShipping(session, needFact(facts.offers, 'offers'), facts.messages),
  success: () => 'shipping_methods.success',
});

/** `shipping_method`: chooses a quoted code; the quote's own name, cost and tax class are used. */
export const shippingMethod = defineStep({
  name: 'shipping_method',
  method: 'setShippingMethod',
  summary: "Chooses a quoted shipping code; the quote's own cost and tax class are used.",
  http: { method: 'POST', routes: [{ route: 'api/order', call: 'shipping_method' }] },
  input: form(
    { shipping_method: methodField('shipping_method', 'shipping_method.not_offered') },
    (fields): SetShippingMethodCommand => ({ type: 'set_shipping_method', code: fields.shipping_method }),
  ),
  answer: 'summary',
  step: 'shipping_method',
  facts: () => ({}),
  offers: 'shipping',
  rule: (session, command, facts) =>
    chooseShipping(session, command.code, needFact(facts.offers, 'offers'), facts.messages),
  success: () => 'shipping_method.success',
});

/** `payment_methods`: lists the payment methods on offer and stores them in the session. */
export const paymentMethods = defineStep({
  name: 'payment_methods',
  method: 'getPaymentMethods',
  summary: 'Lists the payment methods on offer for the checkout, and stores them.',
  http: { method: 'GET', routes: [{ route: 'api/order', call: 'payment_methods' }] },
  input: form({}, (): OfferPaymentCommand => ({ type: 'offer_payment' })),
  answer: 'payment_methods',
  step: 'payment_method',
  facts: () => ({}),
  offers: 'payment',
  rule: (session, _command, facts) => offerPayment(session, needFact(facts.offers, 'offers'), facts.messages),
  success: () => 'payment_methods.success',
});

/** `payment_method`: chooses an offered method (`cod` or `cod.cod`). */
export const paymentMethod = defineStep({
  name: 'payment_method',
  method: 'setPaymentMethod',
  summary: 'Chooses an offered payment method (`cod` or `cod.cod`).',
  http: { method: 'POST', routes: [{ route: 'api/order', call: 'payment_method' }] },
  input: form(
    { payment_method: methodField('payment_method', 'payment_method.not_offered') },
    (fields): SetPaymentMethodCommand => ({ type: 'set_payment_method', code: fields.payment_method }),
  ),
  answer: 'summary',
  step: 'payment_method',
  facts: () => ({}),
  offers: 'payment',
  rule: (session, command, facts) =>
    choosePayment(session, command.code, needFact(facts.offers, 'offers'), facts.messages),
  success: () => 'payment_method.success',
});
