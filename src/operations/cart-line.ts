/**
 * `cart_update` and `cart_remove` (`route=api/cart/update`, `route=api/cart/remove`), beyond OpenCart's API: change a
 * line's quantity (0 or less removes it) or remove it, by `cart_id`.
 *
 * `cart_id` is a non-empty string of at most 64 characters, or a non-negative integer (its decimal text: ids from
 * a sequence look like numbers and JSON clients echo them as such); anything else is `cart_id` with OpenCart's
 * `Warning: Product could not be found!`. An update's quantity is required and at most {@link maxQuantity}.
 * @module
 */
import { z } from 'zod';
import { cartContextOf, removeCartLine, updateCartLine } from '../domain/cart/rules.js';
import type { RemoveCartLineCommand, UpdateCartLineCommand } from '../domain/machine/commands.js';
import { lenientInteger, maxQuantity, scalar } from './fields.js';
import { field, form, required } from './form.js';
import { describeRequest } from './json-schema.js';
import { defineStep } from './operation.js';

const cartId = describeRequest(
  scalar(z.union([z.string().min(1).max(64), z.int().min(0).transform(String)])),
  {
    jsonSchema: {
      anyOf: [
        { type: 'string', minLength: 1, maxLength: 64 },
        { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
      ],
      description: 'The cart line id, as the cart answers it.',
    },
  },
);
const updateQuantity = lenientInteger({ min: Number.MIN_SAFE_INTEGER, max: maxQuantity });

/** `cart_update`: sets a line's quantity; 0 or less removes it; an unknown `cart_id` is `not_found`. */
export const cartUpdate = defineStep({
  name: 'cart_update',
  method: 'updateCartLine',
  summary: "Sets a cart line's quantity (0 or less removes it).",
  http: { method: 'POST', routes: [{ route: 'api/cart/update' }] },
  input: form(
    {
      cart_id: required(field(cartId, 'cart_id', 'cart.line_not_found')),
      quantity: required(field(updateQuantity, 'quantity', 'cart.update_quantity')),
    },
    (fields): UpdateCartLineCommand => ({
      type: 'update_cart_line',
      cartId: fields.cart_id,
      quantity: fields.quantity,
    }),
  ),
  answer: 'step',
  step: 'cart',
  facts: () => ({}),
  rule: (session, command, facts, _pricing, settings) =>
    updateCartLine(
      session.cart,
      command.cartId,
      command.quantity,
      cartContextOf(session, facts, settings),
    ).map((lines) => ({ ...session, cart: lines })),
  success: () => 'cart.updated',
});

/** `cart_remove`: removes a line; an unknown `cart_id` is `not_found`. */
export const cartRemove = defineStep({
  name: 'cart_remove',
  method: 'removeCartLine',
  summary: 'Removes a cart line.',
  http: { method: 'POST', routes: [{ route: 'api/cart/remove' }] },
  input: form(
    { cart_id: required(field(cartId, 'cart_id', 'cart.line_not_found')) },
    (fields): RemoveCartLineCommand => ({ type: 'remove_cart_line', cartId: fields.cart_id }),
  ),
  answer: 'step',
  step: 'cart',
  facts: () => ({}),
  rule: (session, command, facts, _pricing, settings) =>
    removeCartLine(session.cart, command.cartId, cartContextOf(session, facts, settings)).map((lines) => ({
      ...session,
      cart: lines,
    })),
  success: () => 'cart.removed',
});
