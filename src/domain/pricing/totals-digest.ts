/**
 * The totals digest: a short hash of what the customer was shown (the cart's lines and the totals), which a
 * confirm can send back so that an order is never placed at prices that moved since.
 * @module
 */
import type { Money } from '../../money/index.js';
import { sha256Hex } from '../sha256-hex.js';

/** One cart line as the digest reads it: the product, its chosen options, how many. */
export interface DigestLine {
  readonly productId: number;
  /**
   * The chosen options by product option id (a whole number, written out: `"226"`), as the cart keeps them (a
   * value, or several for a checkbox).
   */
  readonly options: Readonly<Record<string, string | readonly string[]>>;
  readonly quantity: number;
}

/** One total line as shown: its code and its value in the session's currency, rounded as shown. */
export interface DigestTotal {
  readonly code: string;
  readonly value: Money;
}

/** How many hex digits of SHA-256 the digest keeps (64 bits: a changed price never matches by chance). */
const DIGEST_LENGTH = 16;

/** The version of the digested text's shape: a change of shape changes every digest, never meaning. */
const DIGEST_VERSION = 1;

/**
 * The totals digest of `lines` and `totals`: 16 lower-case hex digits of the SHA-256 of their canonical JSON
 * (option keys in canonical order, amounts as canonical decimal strings with their currency). The same cart with
 * the same totals always gives the same digest, whatever order its options were chosen in; any change of a
 * product, an option, a quantity, a total's code or a value (to the last digit shown) or of the currency gives
 * another. Lines are read in the cart's order; totals in the order shown.
 */
export function totalsDigest(lines: readonly DigestLine[], totals: readonly DigestTotal[]): string {
  // The canonical text without sorting anything: these keys are written in code-unit order, and an object
  // whose keys are all option ids (array indices) lists them in numeric order, as canonical JSON does.
  const text = JSON.stringify({
    lines: lines.map((line) => [line.productId, line.options, line.quantity]),
    totals: totals.map((total) => [total.code, total.value.amount, total.value.currency]),
    v: DIGEST_VERSION,
  });
  return sha256Hex(text).slice(0, DIGEST_LENGTH);
}
