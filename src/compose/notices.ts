/**
 * The store's notifier, fed from the store's outbox: `createCheckout` runs a dispatcher of its own whose one sink
 * is the notifier, so the customer's notices are delivered at least once, after the writes that report them,
 * and never also called directly.
 * @module
 */
import { wiringError } from '../adapters/store.js';
import type { CheckoutLogger } from '../engine/context.js';
import { createDispatcher, type Dispatcher } from '../engine/dispatcher.js';
import { createNotifierSink } from '../engine/notifier-sink.js';
import type { Clock } from '../ports/clock.js';
import type { Notifier } from '../ports/notifier.js';
import type { Outbox } from '../ports/outbox.js';

/**
 * A dispatcher delivering `customer.notify` from `outbox` to `notifier` (deliveries recorded under the sink name
 * `notifier`, so several processes over one database share them), or undefined without a notifier. A store with
 * a notifier and no outbox is a wiring error: its notices would have no durable way to the notifier.
 */
export function startNotices(
  notifier: Notifier | undefined,
  outbox: Outbox | undefined,
  clock: Clock,
  logger: CheckoutLogger,
): Dispatcher | undefined {
  if (notifier === undefined) return undefined;
  if (outbox === undefined) {
    wiringError(
      "the store's notifier receives customer.notify through the outbox, and the store has none: mount one, or deliver to the notifier with your own dispatcher (createNotifierSink)",
    );
  }
  const report = (message: string, error?: unknown) => logger.error(message, error);
  return createDispatcher({
    store: { outbox },
    sinks: [createNotifierSink(notifier)],
    clock,
    logger: { warn: report, error: report },
  });
}
