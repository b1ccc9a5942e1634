/**
 * Many history entries sent at once to one order, flipping its status between Processing (2) and Canceled (7),
 * spread round one or more engines that share the order's store.
 */
import type { DemoCheckout } from './demo-checkout.js';

/** What the flips came to: how many were accepted, the errors of the rest, by kind. */
export interface FlipOutcome {
  readonly accepted: number;
  readonly refused: Readonly<Record<string, number>>;
}

/** Sends `count` entries for `orderId` at once, the i-th through `engines[i % engines.length]`. */
export async function flipStatuses(
  engines: readonly DemoCheckout[],
  sessionId: string,
  orderId: number,
  count: number,
): Promise<FlipOutcome> {
  const results = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const engine = engines[i % engines.length];
      if (engine === undefined) throw new Error('no engine');
      const status = i % 2 === 0 ? 2 : 7;
      return engine.checkout.addHistory(sessionId, {
        order_id: orderId,
        order_status_id: status,
        comment: `${i}`,
      });
    }),
  );
  const refused: Record<string, number> = {};
  let accepted = 0;
  for (const result of results) {
    if (result.isOk()) accepted += 1;
    else refused[result.error.kind] = (refused[result.error.kind] ?? 0) + 1;
  }
  return { accepted, refused };
}
