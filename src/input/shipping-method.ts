/**
 * The shipping method step's body parsed into a {@link SetShippingMethodCommand} (see `method-code.ts`).
 * @module
 */
import type { Result } from 'neverthrow';
import type { CheckoutError } from '../domain/errors.js';
import type { SetShippingMethodCommand } from '../domain/machine/commands.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import { parseMethodCode } from './method-code.js';

/**
 * Parses `shipping_method.code` (or `shipping_method` as a bare code); malformed or missing is `shipping_method`
 * with OpenCart's `Warning: Shipping method required!`.
 */
export function parseShippingMethod(
  raw: unknown,
  messages: MessageCatalog,
): Result<SetShippingMethodCommand, CheckoutError> {
  return parseMethodCode(raw, 'shipping_method', messageText(messages, 'shipping_method.not_offered')).map(
    (code) => ({ type: 'set_shipping_method', code }),
  );
}
