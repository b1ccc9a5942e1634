/**
 * Reads on a session: the priced cart (`getProducts`, `getTotals`), a stored order, the catalog. They take the
 * one pass (`shell.ts`) as steps do, so the same access rules hold; what they decide saves nothing but the
 * session's slid expiry, once they have succeeded, and never a new version.
 * @module
 */

import { err, ok, type ResultAsync } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { pricingGroupId } from '../domain/machine/session.js';
import { messageText } from '../domain/messages.js';
import type { Answers, CheckoutSummary } from '../operations/answers.js';
import type { LookupDescriptor, ViewDescriptor } from '../operations/operation.js';
import { type Answer, askPort, type EngineContext } from './context.js';
import { viewPricing } from './facts.js';
import type { SessionTarget } from './session-access.js';
import { peekSession, readSession } from './shell.js';

/** The cart's lines and totals at once, priced once, without sliding the session's expiry. */
export function viewCart(
  context: EngineContext,
  target: SessionTarget,
): ResultAsync<CheckoutSummary, CheckoutError> {
  return peekSession(context, target, async ({ session, messages, today }) => {
    const pricing = await viewPricing(context, session, messages, today);
    if (pricing.isErr()) return err(pricing.error);
    const view = pricing.value.view(session);
    return ok({
      products: view.lines,
      totals: view.totals,
      shippingRequired: view.shippingRequired,
      totalsDigest: pricing.value.digest(session),
    });
  });
}

/** A read of the session's priced cart: its lines or its totals, one catalog read and one pricing. */
export function runView<K extends 'cart_lines' | 'totals'>(
  context: EngineContext,
  operation: ViewDescriptor & { readonly answer: K },
  target: SessionTarget,
): ResultAsync<Answers[K], CheckoutError> {
  return readSession(context, target, async ({ session, messages, today }) => {
    const pricing = await viewPricing(context, session, messages, today);
    if (pricing.isErr()) return err(pricing.error);
    const view = pricing.value.view(session);
    // The descriptor's answer names which of the view's two parts it reads; the totals go with their digest.
    const answer =
      operation.answer === 'cart_lines'
        ? view.lines
        : { totals: view.totals, totalsDigest: pricing.value.digest(session) };
    return ok(answer as Answers[K]);
  });
}

/** A port read under the session's access rules: the request parsed, the read made, nothing found refused. */
export function runLookup<K extends keyof Answers>(
  context: EngineContext,
  operation: LookupDescriptor & { readonly answer: K },
  target: SessionTarget,
  posted: unknown,
): ResultAsync<Answers[K], CheckoutError> {
  return readSession(context, target, async ({ session, messages, today }): Answer<Answers[K]> => {
    const request = operation.input.parse(posted, messages);
    if (request.isErr()) return err(checkoutError('validation', request.error));
    const { catalog, orders } = context.deps;
    const source = { catalog, orders, customerGroupId: pricingGroupId(session, context.settings), today };
    const found = await askPort(operation.port, messages, () => operation.read(request.value, source));
    if (found.isErr()) return err(found.error);
    if (found.value !== undefined) return ok(found.value as Answers[K]);
    const missing = operation.notFound ?? { key: 'warning', text: 'order.not_found' as const };
    return err(checkoutError('not_found', { [missing.key]: messageText(messages, missing.text) }));
  });
}
