/**
 * What a cart line's options choose on its product, worked out once: the chosen select, radio and checkbox values
 * (the unit price, the stock count and the line's option list all follow this one matching rule), and what they
 * add to one unit. One pricing of a cart works a line's choice out once and hands it to everything that reads it.
 * @module
 */
import { type Money, sum } from '../../money/index.js';
import type { CartOptionValue } from '../machine/session.js';
import type { Product, ProductOption, ProductOptionValue } from '../records/catalog.js';

/** One chosen value of a select, radio or checkbox option. */
export interface ChosenValue {
  readonly option: ProductOption;
  readonly value: ProductOptionValue;
}

/** What the chosen option values add to one unit. */
export interface OptionSurcharge {
  /** Signed price added to the unit price, in the product's currency. */
  readonly price: Money;
  /** Signed reward-point price added per unit. */
  readonly points: number;
  /** Signed weight added per unit, a decimal string in the product's weight class. */
  readonly weight: string;
}

/** What a line's options choose on its product. */
export interface LineChoice {
  /** The chosen values, in the product's option order (a value listed twice in a checkbox counts once). */
  readonly values: readonly ChosenValue[];
  /** What the chosen values add to one unit. */
  readonly surcharge: OptionSurcharge;
  /**
   * The chosen value ids as one text: two lines of a product with the same key choose the same values, so a unit
   * of either costs the same whatever their free-text options say.
   */
  readonly key: string;
}

/** The value id a cart option value names, or `undefined` when it is not a plain decimal integer. */
function valueId(raw: string): number | undefined {
  const text = raw.trim();
  if (!/^[0-9]{1,15}$/.test(text)) return undefined;
  return Number(text);
}

/**
 * The values of `option` that `chosen` selects: matched by id within the option, each counted once, in the
 * option's own value order. Free-text types select none.
 */
export function chosenValues(option: ProductOption, chosen: CartOptionValue): ProductOptionValue[] {
  let raw: readonly string[];
  if (option.type === 'select' || option.type === 'radio') {
    if (typeof chosen !== 'string') return [];
    raw = [chosen];
  } else if (option.type === 'checkbox') {
    raw = typeof chosen === 'string' ? [chosen] : chosen;
  } else {
    return [];
  }
  const ids = new Set<number>();
  for (const r of raw) {
    if (typeof r !== 'string') continue;
    const id = valueId(r);
    if (id !== undefined) ids.add(id);
  }
  return option.values.filter((v) => ids.has(v.productOptionValueId));
}

/** An option of a product as a line's options are matched against it. */
export interface IndexedOption {
  readonly option: ProductOption;
  /** `product_option_id` as the key of a line's options record. */
  readonly key: string;
  /** Whether values are chosen from a list (select, radio, checkbox), not typed. */
  readonly listed: boolean;
  /** A select's or radio's values by id, written as a canonical line names them. */
  readonly byId: ReadonlyMap<string, ProductOptionValue>;
}

/** A product's options as lines are matched against them. */
export interface ProductIndex {
  /** In the product's option order. */
  readonly options: readonly IndexedOption[];
  /** In ascending `product_option_id` order (the order of a canonical line's options record). */
  readonly ascending: readonly IndexedOption[];
  /** By `product_option_id` as the key of a line's options record. */
  readonly byKey: ReadonlyMap<string, IndexedOption>;
}

/** The options of `product`, indexed: each line of it is matched against them by key. */
export function productIndex(product: Product): ProductIndex {
  const options = product.options.map((option) => ({
    option,
    key: String(option.productOptionId),
    listed: option.type === 'select' || option.type === 'radio' || option.type === 'checkbox',
    byId: new Map(option.values.map((value) => [String(value.productOptionValueId), value])),
  }));
  const byKey = new Map(options.map((indexed) => [indexed.key, indexed]));
  const ascending = [...byKey.values()].sort((a, b) => a.option.productOptionId - b.option.productOptionId);
  return { options, ascending, byKey };
}

/** The values `chosen` selects of an indexed option (see {@link chosenValues}). */
export function valuesChosen(indexed: IndexedOption, chosen: CartOptionValue): readonly ProductOptionValue[] {
  if (!indexed.listed) return [];
  // A select or radio names one value id, as canonical options write it: one look-up.
  if (indexed.option.type !== 'checkbox' && typeof chosen === 'string') {
    const value = indexed.byId.get(chosen);
    if (value !== undefined) return [value];
  }
  // A checkbox's canonical list: a look-up per id, in the option's value order, each value once.
  if (indexed.option.type === 'checkbox' && Array.isArray(chosen)) {
    const found = new Set<ProductOptionValue>();
    for (const id of chosen) {
      const value = typeof id === 'string' ? indexed.byId.get(id) : undefined;
      if (value === undefined) return chosenValues(indexed.option, chosen);
      found.add(value);
    }
    return found.size <= 1 ? [...found] : indexed.option.values.filter((value) => found.has(value));
  }
  return chosenValues(indexed.option, chosen);
}

/** A BigInt count of `10^-scale` units: an exact decimal. */
export interface ScaledDecimal {
  readonly units: bigint;
  readonly scale: number;
}

/** A decimal string as a BigInt count of `10^-scale` units, or `undefined` when malformed. */
export function parseDecimal(text: string): ScaledDecimal | undefined {
  const m = /^([+-]?)([0-9]+)(?:\.([0-9]*))?$/.exec(text.trim());
  if (m === null) return undefined;
  const fraction = m[3] ?? '';
  const units = BigInt(`${m[2] ?? '0'}${fraction}`);
  return { units: m[1] === '-' ? -units : units, scale: fraction.length };
}

/** A BigInt count of `10^-scale` units, written as a decimal string with exactly `scale` decimals. */
export function formatDecimal(total: bigint, scale: number): string {
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const body = scale === 0 ? whole : `${whole}.${digits.slice(digits.length - scale)}`;
  return negative ? `-${body}` : body;
}

/**
 * The exact sum of decimal strings, written with the largest number of decimals among them ("0" for none).
 * Malformed entries count as zero.
 */
export function sumDecimals(list: readonly string[]): string {
  const parsed = list.map(parseDecimal).filter((p) => p !== undefined);
  const scale = parsed.reduce((s, p) => Math.max(s, p.scale), 0);
  const total = parsed.reduce((t, p) => t + p.units * 10n ** BigInt(scale - p.scale), 0n);
  return formatDecimal(total, scale);
}

/** What a line's options choose, before what that adds to a unit is worked out. */
export type ChosenValues = Omit<LineChoice, 'surcharge'>;

/**
 * The values `options` choose on `product`: the chosen select, radio and checkbox values in the product's option
 * order (a value id is matched only within its own option; a scalar checkbox value counts as one value;
 * free-text types choose nothing), and their key. `index`: the product's, when the caller indexed it already.
 */
export function chosenOf(
  product: Product,
  options: Readonly<Record<string, CartOptionValue>>,
  index: ProductIndex = productIndex(product),
): ChosenValues {
  const values: ChosenValue[] = [];
  let key = '';
  for (const indexed of index.options) {
    if (!indexed.listed || !Object.hasOwn(options, indexed.key)) continue;
    const chosen = options[indexed.key];
    if (chosen === undefined) continue;
    for (const value of valuesChosen(indexed, chosen)) {
      values.push({ option: indexed.option, value });
      key = key === '' ? String(value.productOptionValueId) : `${key},${value.productOptionValueId}`;
    }
  }
  return { values, key };
}

/** What the values of a choice add to one unit of `product`. */
export function surchargeOf(product: Product, values: readonly ChosenValue[]): OptionSurcharge {
  return {
    price: sum(
      values.map(({ value }) => value.price),
      product.price.currency,
    ),
    points: values.reduce((p, { value }) => p + value.points, 0),
    weight: sumDecimals(values.map(({ value }) => value.weight)),
  };
}

/** What `options` choose on `product` (see {@link chosenOf}), and what that adds to a unit. */
export function lineChoice(product: Product, options: Readonly<Record<string, CartOptionValue>>): LineChoice {
  const { values, key } = chosenOf(product, options);
  return { values, key, surcharge: surchargeOf(product, values) };
}
