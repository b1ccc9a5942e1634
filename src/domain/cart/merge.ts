/**
 * Cart line identity and merging. OpenCart merges a new row into an existing one only when the
 * option JSON is byte-identical, so `{"5":"1"}` and `{"5":1}` become two lines of the same thing; cartwright
 * compares a canonical form instead: product, canonical options (sorted keys, sorted checkbox lists) and plan.
 * @module
 */
import { invariant } from '../errors.js';
import type { CartLine, CartOptionValue } from '../machine/session.js';

/** A line to add: a {@link CartLine} without its id, which it gets only if it does not merge. */
export type NewCartLine = Omit<CartLine, 'cartId'>;

/** A checkbox list sorted, any other value as it is; sorting again is harmless for canonical options. */
function canonicalValue(value: CartOptionValue): CartOptionValue {
  return typeof value === 'string' ? value : [...value].sort();
}

/**
 * The identity of a line as a stable string: two lines with the same identity are the same thing and must be
 * one line. Independent of the order of option keys and of checkbox values.
 */
export function lineIdentity(line: Pick<CartLine, 'productId' | 'options' | 'subscriptionPlanId'>): string {
  const options = Object.keys(line.options)
    .sort()
    .map((key) => [key, canonicalValue(line.options[key] ?? '')]);
  return JSON.stringify([line.productId, line.subscriptionPlanId, options]);
}

/**
 * `cart` with `additions` merged in, in order: an addition with the identity of a line (existing, or added
 * earlier in the same call) adds its quantity to that line, which keeps its id and position; any other addition
 * becomes a new line at the end, taking the next unused id of `cartIds`.
 * @throws CartwrightInvariantError when `cartIds` has too few ids (the engine must supply one per item).
 */
export function mergeLines(
  cart: readonly CartLine[],
  additions: readonly NewCartLine[],
  cartIds: readonly string[],
): readonly CartLine[] {
  const lines = [...cart];
  const positions = new Map(lines.map((line, i) => [lineIdentity(line), i]));
  let usedIds = 0;
  for (const addition of additions) {
    const identity = lineIdentity(addition);
    const at = positions.get(identity);
    const existing = at === undefined ? undefined : lines[at];
    if (at !== undefined && existing !== undefined) {
      lines[at] = { ...existing, quantity: existing.quantity + addition.quantity };
      continue;
    }
    const cartId = cartIds[usedIds];
    invariant(cartId !== undefined, () => `cart: ${cartIds.length} cart ids given, more needed`);
    usedIds += 1;
    positions.set(identity, lines.length);
    const { productId, quantity, options, subscriptionPlanId } = addition;
    lines.push({ cartId, productId, quantity, options, subscriptionPlanId });
  }
  return lines;
}
