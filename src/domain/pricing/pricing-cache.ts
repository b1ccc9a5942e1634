/**
 * Priced carts and totals kept from one command to the next. A session's cart is priced again by every command
 * on it (a step, the re-checks after it, a view of the totals), most often with the very same inputs: the same
 * stored cart, the same product records, the same day and group; and its totals with the same addresses, methods,
 * tax table and coupon. When each of those is the same object as last time (a store that keeps its records frozen
 * and hands the same ones out while they say the same, as the memory adapters do), what was worked out last time
 * is the answer again, and is reused. So are what is worked out from those alone: a priced cart's weight and
 * sums for shipping methods, and a view's totals digest.
 *
 * The key covers every input, compared by identity, and only parts that can never change are used as keys:
 * primitives and frozen objects (a store answering fresh copies, as the SQL adapters do without their reference
 * cache, simply never hits).
 * Totals are reused only when every calculator is a built-in that reads nothing but its context (see
 * `context-only.ts`): store credit and a host's own calculators may answer differently for the same inputs.
 * What is kept is frozen (the lines themselves, and the totals), since later requests hand the same lines and
 * totals out, and bounded: a few dozen carts of at most 200 lines each and 2,000 lines in all, the latest.
 * @module
 */
import type { PricedCartLine } from '../cart/line.js';
import { deepFreeze } from '../deep-freeze.js';
import { invariant } from '../errors.js';
import type { CartLine } from '../machine/session.js';
import type { Product } from '../records/catalog.js';
import type { StoreSettings } from '../settings/settings.js';
import type { CheckoutView } from './checkout.js';
import type { TaxRateSet } from './tax.js';

/** What a cart's priced lines were worked out from, besides the cart itself. */
export interface LinesInputs {
  /** The customer group prices follow. */
  readonly groupId: number;
  /** `YYYY-MM-DD`: specials, discounts and availability dates depend on it. */
  readonly today: string;
  readonly settings: StoreSettings;
  /** Every product the command read, by id (each line's is compared). */
  readonly products: ReadonlyMap<number, Product>;
}

/** Priced lines and totals kept across commands. */
export interface PricingCache {
  /** The cart's priced lines: the kept ones when every input is the same, else `price()`'s (kept). */
  lines(
    cart: readonly CartLine[],
    inputs: LinesInputs,
    price: () => readonly PricedCartLine[],
  ): readonly PricedCartLine[];
  /**
   * The view over `lines` (as this cache answered them): the kept one when `key` (every other input of the
   * totals, in a fixed order, none of which can change: see `lasting`) is the same, else `run()`'s (kept).
   * Without a key nothing is kept.
   */
  view(
    lines: readonly PricedCartLine[],
    key: readonly unknown[] | undefined,
    run: () => CheckoutView,
  ): CheckoutView;
  /**
   * A value worked out from `lines` (as this cache answered them), their products and the settings alone, kept
   * with them under `slot`: `work()`'s, worked out once while the lines are kept.
   */
  derived<T>(lines: readonly PricedCartLine[], slot: object, work: () => T): T;
  /**
   * The totals digest of `view`: `work()`'s, worked out once for each view this cache or a command handed out
   * (a view is a frozen value, and the digest a function of it alone), and forgotten with the view.
   */
  digest(view: CheckoutView, work: () => string): string;
  /**
   * The tax rule kept under `key` (the tax table, the geo zones, the places (country and zone) of the shipping
   * and payment addresses, the customer group and the settings, in that order, each a primitive or a frozen
   * object), else `work()`'s, kept: the rule is a function of those alone, so one worked out for one session
   * serves every session at the same places. Filed under the table, at most {@link TAX_RULES_PER_TABLE} for each.
   */
  taxRates(key: readonly unknown[], work: () => TaxRateSet): TaxRateSet;
  /**
   * The offers of the registered shipping or payment methods kept under `key` (what they were worked out from,
   * each a primitive or a frozen object: the priced cart's shipping sums or view, the address, the geo zones, the
   * methods, the settings and texts), else `work()`'s, kept when it answers offers (never what it wanted or a
   * failure): a method answers the same for the same context, as its contract says. Filed under the key's first
   * object (the shipping sums or the view), at most {@link KEPT_PER_ANCHOR} for each.
   */
  offers<T>(key: readonly unknown[], work: () => T, keep: (value: T) => boolean): T;
}

/** Totals kept for one priced cart. */
interface KeptView {
  readonly key: readonly unknown[];
  readonly view: CheckoutView;
}

/** A priced cart kept, with what it was priced from and the totals run over it. */
interface KeptLines {
  readonly groupId: number;
  readonly today: string;
  readonly settings: StoreSettings;
  /** The product record of each cart line, in cart order. */
  readonly products: readonly (Product | undefined)[];
  readonly lines: readonly PricedCartLine[];
  readonly views: KeptView[];
  /** Values worked out from the lines alone, by slot. */
  readonly derived: Map<object, unknown>;
}

/** How many carts are kept. */
const MAX_CARTS = 64;
/** How many priced lines are kept in all. */
const MAX_LINES = 2_000;
/**
 * The largest cart kept. What is kept is frozen, and freezing a large cart's lines (each with its options) costs
 * about as much as pricing them again; a large cart is priced on every command, as before.
 */
const MAX_CART_LINES = 200;
/** How many totals are kept per cart (as loaded, as decided, as re-checked). */
const MAX_VIEWS = 4;
/** How many offers are kept for one priced cart or view: shipping and payment, as loaded and as decided. */
export const KEPT_PER_ANCHOR = 8;
/**
 * How many tax rules are kept for one tax table: one for each place (country and zone) of the sessions' addresses
 * and customer group in use at once.
 */
export const TAX_RULES_PER_TABLE = 32;

/** A value kept under its whole key. */
interface Keyed<T> {
  readonly key: readonly unknown[];
  readonly value: T;
}

/**
 * A table of values by key (compared part by part, by identity), filed under one object of the key, its anchor:
 * a lookup compares only the keys of its anchor, and what is kept goes with the anchor once nothing else holds it
 * (a priced cart the cache let go, a tax table the store replaced). At most `limit` for each anchor, the latest.
 */
function keyedTable<T>(limit: number) {
  const byAnchor = new WeakMap<object, Keyed<T>[]>();
  return (anchor: object, key: readonly unknown[], work: () => T, keep: (value: T) => boolean): T => {
    let entries = byAnchor.get(anchor);
    const index = entries === undefined ? -1 : entries.findIndex((entry) => sameValues(entry.key, key));
    if (entries !== undefined && index >= 0) {
      const [entry] = entries.splice(index, 1) as [Keyed<T>];
      entries.push(entry);
      return entry.value;
    }
    const value = work();
    if (!keep(value)) return value;
    if (entries === undefined) {
      entries = [];
      byAnchor.set(anchor, entries);
    }
    entries.push({ key, value });
    if (entries.length > limit) entries.shift();
    return value;
  };
}

/** Whether a value can be told by its identity for good: a primitive, or a frozen object. */
export function lasting(value: unknown): boolean {
  return typeof value !== 'object' || value === null || Object.isFrozen(value);
}

/**
 * Priced lines frozen for keeps: the list and each line. What a line holds (its options: many small objects,
 * typed read-only) is left as it is; walking it would cost about as much as pricing the line again.
 */
function freezeLines(lines: readonly PricedCartLine[]): readonly PricedCartLine[] {
  for (const line of lines) Object.freeze(line);
  return Object.freeze(lines);
}

/** The product record of each line of `cart`, or undefined when one could still change. */
function lineProducts(
  cart: readonly CartLine[],
  products: ReadonlyMap<number, Product>,
): (Product | undefined)[] | undefined {
  const found: (Product | undefined)[] = new Array(cart.length);
  for (let i = 0; i < cart.length; i += 1) {
    const product = products.get((cart[i] as CartLine).productId);
    if (!lasting(product)) return undefined;
    found[i] = product;
  }
  return found;
}

/** Whether two lists hold the same values, by identity, in the same order. */
function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** Whether `kept` was priced from `inputs` and these products. */
function pricedFrom(
  kept: KeptLines,
  inputs: LinesInputs,
  products: readonly (Product | undefined)[],
): boolean {
  return (
    kept.groupId === inputs.groupId &&
    kept.today === inputs.today &&
    kept.settings === inputs.settings &&
    sameValues(kept.products, products)
  );
}

/** The anchor of a key: its first object (every key the engine makes has one: a table, a cart, a view). */
function anchorOf(key: readonly unknown[]): object {
  const anchor = key.find((part): part is object => typeof part === 'object' && part !== null);
  invariant(anchor !== undefined, 'pricing cache: a key without an object');
  return anchor;
}

/** A new, empty cache. */
export function createPricingCache(): PricingCache {
  // Insertion order is use order: the first entry is the least recently used.
  const carts = new Map<readonly CartLine[], KeptLines>();
  const byLines = new WeakMap<readonly PricedCartLine[], KeptLines>();
  const digests = new WeakMap<CheckoutView, string>();
  const taxRules = keyedTable<TaxRateSet>(TAX_RULES_PER_TABLE);
  const offers = keyedTable<unknown>(KEPT_PER_ANCHOR);
  let keptLines = 0;
  /** The cart used last (the last entry of `carts`). */
  let newest: readonly CartLine[] | undefined;

  const forget = (cart: readonly CartLine[], kept: KeptLines) => {
    carts.delete(cart);
    keptLines -= kept.lines.length;
  };

  const keep = (cart: readonly CartLine[], kept: KeptLines) => {
    const before = carts.get(cart);
    if (before !== undefined) forget(cart, before);
    carts.set(cart, kept);
    newest = cart;
    byLines.set(kept.lines, kept);
    keptLines += kept.lines.length;
    for (const [oldest, entry] of carts) {
      if (carts.size <= MAX_CARTS && keptLines <= MAX_LINES) break;
      if (oldest === cart) break;
      forget(oldest, entry);
    }
  };

  return {
    lines(cart, inputs, price) {
      if (cart.length > MAX_CART_LINES || !Object.isFrozen(cart)) return price();
      const products = lineProducts(cart, inputs.products);
      if (products === undefined) return price();
      const kept = carts.get(cart);
      if (kept !== undefined && pricedFrom(kept, inputs, products)) {
        if (cart !== newest) {
          carts.delete(cart);
          carts.set(cart, kept);
          newest = cart;
        }
        return kept.lines;
      }
      const lines = freezeLines(price());
      const { groupId, today, settings } = inputs;
      keep(cart, { groupId, today, settings, products, lines, views: [], derived: new Map() });
      return lines;
    },
    view(lines, key, run) {
      const kept = byLines.get(lines);
      if (kept === undefined || key === undefined) return run();
      const found = kept.views.find((entry) => sameValues(entry.key, key));
      if (found !== undefined) return found.view;
      const view = deepFreeze(run());
      if (kept.views.length >= MAX_VIEWS) kept.views.shift();
      kept.views.push({ key, view });
      return view;
    },
    derived<T>(lines: readonly PricedCartLine[], slot: object, work: () => T): T {
      const kept = byLines.get(lines);
      if (kept === undefined) return work();
      if (kept.derived.has(slot)) return kept.derived.get(slot) as T;
      const value = work();
      kept.derived.set(slot, value);
      return value;
    },
    taxRates: (key, work) => taxRules(anchorOf(key), key, work, () => true),
    offers: <T>(key: readonly unknown[], work: () => T, keep: (value: T) => boolean) =>
      offers(anchorOf(key), key, work, keep as (value: unknown) => boolean) as T,
    digest(view, work) {
      const known = digests.get(view);
      if (known !== undefined) return known;
      const digest = work();
      digests.set(view, digest);
      return digest;
    },
  };
}
