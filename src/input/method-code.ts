/**
 * The shipping and payment method steps' bodies: the seed posts `shipping_method.name`, `.code`, `.cost` and
 * `.tax_class_id` (dotted or bracketed, both parse to an object), or `payment_method.name` and `.code`. Only the
 * code selects: name, cost and tax class come from the offer, never from the client (DECISIONS 18), so they are
 * read past, not checked. A bare string (`shipping_method=flat.flat`) is accepted as the code too.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { z } from 'zod';
import { postedRecord } from '../domain/customer/custom-fields.js';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { postedField } from './fields.js';

/** A method or quote code: `flat`, `flat.flat`, `weight.weight_4`; letters, digits, `_`, `-` and one dot. */
const methodCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}(?:\.[A-Za-z0-9_-]{1,64})?$/);

/**
 * Reads the code of the method field `field` (`shipping_method` or `payment_method`) from the body; any other
 * shape is a `validation` error under the field's own key with `text`.
 */
export function parseMethodCode(raw: unknown, field: string, text: string): Result<string, CheckoutError> {
  const posted = postedField(raw, field);
  const code = typeof posted === 'string' ? posted : postedField(postedRecord(posted), 'code');
  const parsed = methodCode.safeParse(code);
  return parsed.success ? ok(parsed.data) : err(checkoutError('validation', { [field]: text }));
}
