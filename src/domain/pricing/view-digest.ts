/**
 * The totals digest of a priced view: what every answer with totals carries, and what the totals guard compares
 * a confirm's `totals_digest` with.
 * @module
 */
import type { PricedCartLine } from '../cart/line.js';
import type { TotalLine } from './totals/calculator.js';
import { type DigestOption, totalsDigest } from './totals-digest.js';

/**
 * A priced line's options as the digest reads them: by product option id, the chosen value's id (a free-text
 * option: its text); a checkbox's several values as a list, in the order the line keeps them.
 */
function digestOptions(line: PricedCartLine): DigestOption[] {
  const options: [number, string | string[]][] = [];
  for (const option of line.options) {
    const value = option.productOptionValueId === 0 ? option.value : String(option.productOptionValueId);
    // A checkbox's values come one after another (a priced line keeps its options by id): look back first.
    const last = options[options.length - 1];
    const known =
      last !== undefined && last[0] === option.productOptionId
        ? last
        : options.find(([id]) => id === option.productOptionId);
    if (known === undefined) options.push([option.productOptionId, value]);
    else if (Array.isArray(known[1])) known[1].push(value);
    else known[1] = [known[1], value];
  }
  return options;
}

/**
 * The digest of the lines and totals a customer is shown: each line's product, options and quantity, and each
 * total's code and value as shown (the view's totals are in the session's currency, rounded). Two views with the
 * same digest show the same order at the same prices.
 */
export function viewDigest(view: {
  readonly lines: readonly PricedCartLine[];
  readonly totals: readonly TotalLine[];
}): string {
  return totalsDigest(
    view.lines.map((line) => ({
      productId: line.productId,
      options: digestOptions(line),
      quantity: line.quantity,
    })),
    view.totals.map((total) => ({ code: total.code, value: total.value })),
  );
}
