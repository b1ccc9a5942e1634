/**
 * A deadline for payment provider calls: a gateway that stalls must not hold a request for as long as it stalls,
 * and a call that ran out of time is an unknown outcome, never a refusal.
 * @module
 */
import { CartwrightInvariantError } from '../../domain/errors.js';
import type { PaymentProvider, ProviderAnswer, WebhookVerdict } from '../../ports/payment-provider.js';

/** The deadline of one provider call when the host names none: gateways are slower than stores. */
export const DEFAULT_PAYMENT_DEADLINE_MS = 20_000;

/** Options of {@link withPaymentDeadline}. */
export interface PaymentDeadlineOptions {
  /** The longest one call may take, in milliseconds (1 to 600,000); default 20,000. */
  readonly deadlineMs?: number | undefined;
}

const MAX_DEADLINE_MS = 600_000;

/** Why a call has no known outcome, from what it rejected with. */
function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `work` within `ms`, or what `late` says once the time is up; a rejection goes to `failed`. */
async function within<T>(work: () => Promise<T>, ms: number, late: () => T, failed: (error: unknown) => T) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late()), ms);
  });
  try {
    // A provider that throws synchronously is treated as one that rejected.
    return await Promise.race([Promise.resolve().then(work).catch(failed), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `provider` with a deadline on every call. A money call (authorize, capture, void, refund) or a `retrieve` that
 * has not answered within the deadline, or that rejected (a broken connection, a bug), answers `unknown`: it may
 * have happened at the gateway, so the caller retrieves the truth or repeats the call with the same idempotency
 * key, and never reads it as a refusal. A webhook that cannot be verified in time, or whose verification
 * rejected, is refused: the provider sends it again. What a call answers after its deadline is dropped.
 *
 * @throws CartwrightInvariantError for a deadline that is not a whole number of milliseconds from 1 to 600,000.
 */
export function withPaymentDeadline(
  provider: PaymentProvider,
  options: PaymentDeadlineOptions = {},
): PaymentProvider {
  const ms = options.deadlineMs ?? DEFAULT_PAYMENT_DEADLINE_MS;
  if (!Number.isSafeInteger(ms) || ms < 1 || ms > MAX_DEADLINE_MS) {
    throw new CartwrightInvariantError(
      `payment provider ${provider.code}: deadlineMs must be a whole number of milliseconds from 1 to ${MAX_DEADLINE_MS}`,
    );
  }
  const call = (what: string, work: () => Promise<ProviderAnswer>) =>
    within<ProviderAnswer>(
      work,
      ms,
      () => ({ outcome: 'unknown', reason: `${provider.code} ${what} passed its deadline of ${ms} ms` }),
      (error) => ({ outcome: 'unknown', reason: `${provider.code} ${what} failed: ${reasonOf(error)}` }),
    );
  return {
    code: provider.code,
    authorize: (request) => call('authorize', () => provider.authorize(request)),
    capture: (request) => call('capture', () => provider.capture(request)),
    void: (request) => call('void', () => provider.void(request)),
    refund: (request) => call('refund', () => provider.refund(request)),
    retrieve: (request) => call('retrieve', () => provider.retrieve(request)),
    verifyWebhook: (request) =>
      within<WebhookVerdict>(
        () => provider.verifyWebhook(request),
        ms,
        () => ({ verified: false, reason: `${provider.code} webhook verification passed its deadline` }),
        (error) => ({
          verified: false,
          reason: `${provider.code} webhook verification failed: ${reasonOf(error)}`,
        }),
      ),
  };
}
