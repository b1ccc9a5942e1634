/**
 * Reads on a session: the priced cart (`getProducts`, `getTotals`), a stored order, the catalog. They take the
 * session (so the same access rules hold), compute from it, and slide its expiry once they have succeeded; they
 * never save a new version.
 * @module
 */
import { err, ok, ResultAsync } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import { pricingGroupId } from '../domain/pricing/checkout.js';
import { viewDigest } from '../domain/pricing/view-digest.js';
import type { Answers, CheckoutSummary } from '../operations/answers.js';
import type { LookupDescriptor, ViewDescriptor } from '../operations/operation.js';
import { type Answer, askPort, type EngineContext, readClock } from './context.js';
import { timeFactsAt, viewPricing } from './facts.js';
import { type SessionTarget, slideExpiry, takeSession } from './session-access.js';

/** A live session for a read, its texts and the day of the read. */
export interface ReadAccess {
  readonly session: CheckoutSession;
  readonly messages: MessageCatalog;
  /** `YYYY-MM-DD` of the read. */
  readonly today: string;
  /** The instant of the read, read once from the clock. */
  readonly now: Date;
}

/** What a read computes from its access. */
type Compute<T> = (access: ReadAccess) => Answer<T> | ResultAsync<T, CheckoutError>;

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
  compute: Compute<T>,
  committed = false,
): ResultAsync<T, CheckoutError> {
  return new ResultAsync(readPass(context, target, compute, committed));
}

/** {@link readSession}'s pass, as a promise of its result. */
async function readPass<T>(
  context: EngineContext,
  target: SessionTarget,
  compute: Compute<T>,
  committed: boolean,
): Answer<T> {
  const access = await accessOf(context, target);
  if (access.isErr()) return err(access.error);
  const result = await compute(access.value);
  if (result.isErr()) return err(result.error);
  const touched = await slideExpiry(context, access.value.session, access.value.now);
  return touched.isErr() && !committed ? err(touched.error) : ok(result.value);
}

/**
 * The session of a read, its texts and its day. The clock is read once: by the load of a session by id, or after
 * taking a session handed over.
 */
async function accessOf(context: EngineContext, target: SessionTarget): Answer<ReadAccess> {
  const taken = await takeSession(context, target);
  if (taken.isErr()) return err(taken.error);
  const { session } = taken.value;
  const messages = context.messagesFor(session.language);
  const now = taken.value.now === undefined ? readClock(context, messages) : ok(taken.value.now);
  if (now.isErr()) return err(now.error);
  return ok({ session, messages, today: timeFactsAt(context, now.value).today, now: now.value });
}

/**
 * Takes the session and computes a read from it without sliding its expiry: for what a refused request shows
 * next to its error, since a refused request never keeps a session alive.
 */
export function peekSession<T>(
  context: EngineContext,
  target: SessionTarget,
  compute: Compute<T>,
): ResultAsync<T, CheckoutError> {
  return new ResultAsync(
    accessOf(context, target).then((access) => (access.isErr() ? err(access.error) : compute(access.value))),
  );
}

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
      totalsDigest: viewDigest(view),
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
    // The descriptor's answer names which of the view's two parts it reads.
    return ok((operation.answer === 'cart_lines' ? view.lines : view.totals) as Answers[K]);
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
