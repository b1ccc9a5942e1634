/**
 * OpenCart's `recurring` description of a cart line: the plan's terms as one line of text.
 * @module
 */
import type { LineSubscription } from '../domain/cart/line.js';
import type { SubscriptionFrequency } from '../domain/records/catalog.js';
import { type Money, round } from '../money/index.js';

/** An amount as a plain string with 2 decimals (`"1.00"`), rounded half away from zero. */
function amountText(amount: Money): string {
  const text = round(amount, 2).amount;
  return text.slice(0, text.indexOf('.') + 3);
}

/** One period of a plan: OpenCart's `%s every %d %s(s) for %d payment(s)` or `… until canceled` (duration 0). */
function periodText(price: Money, cycle: number, frequency: SubscriptionFrequency, duration: number): string {
  const every = `${amountText(price)} every ${cycle} ${frequency.replace('_', '-')}(s)`;
  return duration > 0 ? `${every} for ${duration} payment(s)` : `${every} until canceled`;
}

/**
 * The `recurring` description of a line with `subscription` (`''` for a line without one), after OpenCart's
 * `checkout/cart` patterns: the trial period (when the plan has one) followed by `then` and the regular period,
 * e.g. `1.00 every 1 month(s) for 1 payment(s) then 10.00 every 1 month(s) for 10 payment(s)`. Amounts are the
 * plain amount in the catalog's currency with 2 decimals (no symbol: OpenCart does not convert it for display);
 * the frequency is the plan's code (`semi_month` reads `semi-month`). A display aid only: clients that need the
 * figures read the `subscription` object.
 */
export function recurringText(subscription: LineSubscription | null): string {
  if (subscription === null) return '';
  const { price, cycle, frequency, duration } = subscription;
  const regular = periodText(price, cycle, frequency, duration);
  if (!subscription.trialStatus) return regular;
  const trial = periodText(
    subscription.trialPrice,
    subscription.trialCycle,
    subscription.trialFrequency,
    subscription.trialDuration,
  );
  return `${trial} then ${regular}`;
}
