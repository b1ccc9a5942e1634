/**
 * The payment method step's body parsed into a {@link SetPaymentMethodCommand} (see `method-code.ts`).
 * @module
 */
import type { Result } from 'neverthrow';
import type { CheckoutError } from '../domain/errors.js';
import type { SetPaymentMethodCommand } from '../domain/machine/commands.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import { parseMethodCode } from './method-code.js';

/**
 * Parses `payment_method.code` (`cod`, or its option's code `cod.cod`; or `payment_method` as a bare code);
 * malformed or missing is `payment_method` with OpenCart's `Warning: Payment method required!`.
 */
export function parsePaymentMethod(
  raw: unknown,
  messages: MessageCatalog,
): Result<SetPaymentMethodCommand, CheckoutError> {
  return parseMethodCode(raw, 'payment_method', messageText(messages, 'payment_method.not_offered')).map(
    (code) => ({ type: 'set_payment_method', code }),
  );
}
