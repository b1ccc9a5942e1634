/**
 * The currency switch's body parsed into a {@link SetCurrencyCommand}. The code is read the way people type it
 * (blanks around it and any case: `" usd "` is `USD`) but must then be three letters A–Z; whether the store has
 * that currency is the domain's rule. Anything else (absent, a number, a longer code) is `currency` with
 * `Warning: Currency code is invalid!` (ours).
 * @module
 */
import type { Result } from 'neverthrow';
import { z } from 'zod';
import type { SetCurrencyCommand } from '../domain/commands.js';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import { readFields, rule } from './fields.js';

/** An ISO 4217 alphabetic code, after trimming and upper-casing. */
const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/);

/**
 * Parses the currency switch: `currency`, required.
 * @param raw - the request body as `src/input/form.ts` parsed it, or any value a host passes
 * @param messages - the catalogue the error text comes from
 * @returns the command with the upper-cased code, or a `validation` error under `currency`
 */
export function parseCurrency(
  raw: unknown,
  messages: MessageCatalog,
): Result<SetCurrencyCommand, CheckoutError> {
  const rules = { currency: rule(currencyCode, 'currency', messageText(messages, 'currency.invalid')) };
  return readFields(raw, rules, messages)
    .map((fields): SetCurrencyCommand => ({ type: 'set_currency', currency: fields.currency }))
    .mapErr((fields) => checkoutError('validation', fields));
}
