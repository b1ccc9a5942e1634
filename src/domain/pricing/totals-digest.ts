/**
 * The totals digest: a short hash of what the customer was shown (the cart's lines and the totals), which a
 * confirm can send back so that an order is never placed at prices that moved since.
 * @module
 */
import type { Money } from '../../money/index.js';
import { quoted } from '../order/canonical-json.js';
import { sha256Hex } from '../sha256-hex.js';

/** One chosen option as the digest reads it: the product option id, and its value (several for a checkbox). */
export type DigestOption = readonly [productOptionId: number, value: string | readonly string[]];

/** One cart line as the digest reads it: the product, its chosen options, how many. */
export interface DigestLine {
  readonly productId: number;
  /** The chosen options, each product option id once, in any order; a checkbox's values in the cart's order. */
  readonly options: readonly DigestOption[];
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

/** Whether the options are in ascending option id order already (a priced line keeps them so). */
function ascending(options: readonly DigestOption[]): boolean {
  for (let i = 1; i < options.length; i += 1) {
    if ((options[i - 1] as DigestOption)[0] >= (options[i] as DigestOption)[0]) return false;
  }
  return true;
}

/**
 * A line's options as canonical JSON writes the object of them: keyed by option id in numeric order (option ids
 * are array indices, which canonical JSON lists first, in numeric order). Written out rather than built as an
 * object: an object keyed by ids in the hundreds would allocate an array as long as the largest id.
 */
function optionsJson(options: readonly DigestOption[]): string {
  const sorted = ascending(options) ? options : [...options].sort((a, b) => a[0] - b[0]);
  let text = '{';
  for (const [id, value] of sorted) {
    const written = typeof value === 'string' ? quoted(value) : `[${value.map(quoted).join(',')}]`;
    text += `${text === '{' ? '' : ','}"${id}":${written}`;
  }
  return `${text}}`;
}

/**
 * The totals digest of `lines` and `totals`: 16 lower-case hex digits of the SHA-256 of their canonical JSON
 * (option keys in canonical order, amounts as canonical decimal strings with their currency). The same cart with
 * the same totals always gives the same digest, whatever order its options were chosen in; any change of a
 * product, an option, a quantity, a total's code or a value (to the last digit shown) or of the currency gives
 * another. Lines are read in the cart's order; totals in the order shown.
 */
export function totalsDigest(lines: readonly DigestLine[], totals: readonly DigestTotal[]): string {
  // The canonical text, written in its canonical order: `lines`, `totals`, `v`.
  let text = '{"lines":[';
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] as DigestLine;
    text += `${i === 0 ? '' : ','}[${JSON.stringify(line.productId)},${optionsJson(line.options)},${JSON.stringify(line.quantity)}]`;
  }
  const shown = totals.map((total) => [total.code, total.value.amount, total.value.currency]);
  text += `],"totals":${JSON.stringify(shown)},"v":${DIGEST_VERSION}}`;
  return sha256Hex(text).slice(0, DIGEST_LENGTH);
}
