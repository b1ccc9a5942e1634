/**
 * `currency` (`route=api/currency`): switches the session to another of the store's currencies. The code is
 * matched the way people type it (`gbp` is GBP).
 * @module
 */
import { err, ok } from 'neverthrow';
import { z } from 'zod';
import { checkoutError } from '../domain/errors.js';
import type { SetCurrencyCommand } from '../domain/machine/commands.js';
import { messageText } from '../domain/messages.js';
import { scalar } from './fields.js';
import { field, form, required } from './form.js';
import { describeRequest, jsonTrimmed } from './json-schema.js';
import { defineStep } from './operation.js';

const currencyCode = describeRequest(
  scalar(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/),
  ),
  {
    jsonSchema: {
      ...jsonTrimmed('[A-Za-z]{3}'),
      description: 'A currency code of the store (ISO 4217, any case).',
    },
  },
);

/** `currency`: switches the session currency. */
export const currency = defineStep({
  name: 'currency',
  method: 'setCurrency',
  summary: "Switches the session to another of the store's currencies.",
  http: { method: 'POST', routes: [{ route: 'api/currency' }] },
  input: form(
    { currency: required(field(currencyCode, 'currency', 'currency.invalid')) },
    (fields): SetCurrencyCommand => ({ type: 'set_currency', currency: fields.currency }),
  ),
  answer: 'step',
  step: 'currency',
  facts: () => ({}),
  rule: (session, command, facts, _pricing, settings) =>
    settings.currencies.some((known) => known.code === command.currency)
      ? ok({ ...session, currency: command.currency })
      : err(checkoutError('validation', { currency: messageText(facts.messages, 'currency.invalid') })),
  success: () => 'currency.success',
});
