/**
 * Reads on a session: the priced cart (`getProducts`, `getTotals`), a stored order, the catalog. They take the
 * session (so the same access rules hold), compute from it, and slide its expiry once they have succeeded; they
 * never save a new version.
 * @module
 */
import { err, errAsync, ok, type ResultAsync, safeTry } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { dayOf } from '../domain/machine/facts.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import { pricingGroupId } from '../domain/pricing/checkout.js';
import type { Answers, CheckoutSummary } from '../operations/answers.js';
import type { LookupDescriptor, ViewDescriptor } from '../operations/operation.js';
import { callPort, type EngineContext, readClock } from './context.js';
import { viewPricing } from './facts.js';
import { type SessionTarget, sessionOf, touchSession } from './session-access.js';

/** A live session for a read, its texts and the day of the read. */
export interface ReadAccess {
  readonly session: CheckoutSession;
  readonly messages: MessageCatalog;
  /** `YYYY-MM-DD` of the read. */
  readonly today: string;
}

/**
 * Takes the session, computes the read from it, and slides the session's expiry only once the read has
 * succeeded (a refused read leaves it alone).
 *
 * `committed` marks a compute that writes outside the session (history_add): once its write has committed, a
 * failing slide must not turn the answer into an error, or the client would retry and write it twice. The slide
 * is then best effort, and the session keeps its old expiry.
 */
export function readSession<T>(
  context: EngineContext,
  target: SessionTarget,
  compute: (access: ReadAccess) => ResultAsync<T, CheckoutError>,
  committed = false,
): ResultAsync<T, CheckoutError> {
  return peekSession(context, target, (access) =>
    safeTry(async function* () {
      const result = yield* compute(access);
      const touched = await touchSession(context, access.session);
      return touched.isErr() && !committed ? err(touched.error) : ok(result);
    }),
  );
}

/**
 * Takes the session and computes a read from it without sliding its expiry: for what a refused request shows
 * next to its error, since a refused request never keeps a session alive.
 */
export function peekSession<T>(
  context: EngineContext,
  target: SessionTarget,
  compute: (access: ReadAccess) => ResultAsync<T, CheckoutError>,
): ResultAsync<T, CheckoutError> {
  return safeTry(async function* () {
    const session = yield* sessionOf(context, target);
    const messages = context.messagesFor(session.language);
    const now = yield* readClock(context, messages);
    return ok(yield* compute({ session, messages, today: dayOf(now.toISOString()) }));
  });
}

/** The cart's lines and totals at once, priced once, without sliding the session's expiry. */
export function viewCart(
  context: EngineContext,
  target: SessionTarget,
): ResultAsync<CheckoutSummary, CheckoutError> {
  return peekSession(context, target, ({ session, messages, today }) =>
    viewPricing(context, session, messages, today).map((pricing) => {
      const view = pricing.view(session);
      return { products: view.lines, totals: view.totals, shippingRequired: view.shippingRequired };
    }),
  );
}

/** A read of the session's priced cart: its lines or its totals, one catalog read and one pricing. */
export function runView<K extends 'cart_lines' | 'totals'>(
  context: EngineContext,
  operation: ViewDescriptor & { readonly answer: K },
  target: SessionTarget,
): ResultAsync<Answers[K], CheckoutError> {
  return readSession(context, target, ({ session, messages, today }) =>
    viewPricing(context, session, messages, today).map((pricing) => {
      const view = pricing.view(session);
      // The descriptor's answer names which of the view's two parts it reads.
      return (operation.answer === 'cart_lines' ? view.lines : view.totals) as Answers[K];
    }),
  );
}

/** A port read under the session's access rules: the request parsed, the read made, nothing found refused. */
export function runLookup<K extends keyof Answers>(
  context: EngineContext,
  operation: LookupDescriptor & { readonly answer: K },
  target: SessionTarget,
  posted: unknown,
): ResultAsync<Answers[K], CheckoutError> {
  return readSession(
    context,
    target,
    ({ session, messages, today }): ResultAsync<Answers[K], CheckoutError> => {
      const request = operation.input.parse(posted, messages);
      if (request.isErr()) return errAsync(checkoutError('validation', request.error));
      const { catalog, orders } = context.deps;
      const source = { catalog, orders, customerGroupId: pricingGroupId(session, context.settings), today };
      return callPort(operation.port, messages, () => operation.read(request.value, source)).andThen(
        (found) => {
          if (found !== undefined) return ok(found as Answers[K]);
          const missing = operation.notFound ?? { key: 'warning', text: 'order.not_found' as const };
          return err(checkoutError('not_found', { [missing.key]: messageText(messages, missing.text) }));
        },
      );
    },
  );
}
