/**
 * The unit price of one cart line (OpenCart's `cart.php` line computation), with cartwright's
 * rules in place of OpenCart's defects:
 *
 * - The base is the product price. A valid quantity discount or an active special replaces it; when both apply,
 *   the LOWER of the two wins (OpenCart HEAD lets the discount win, 4.0.2.3 the special: neither is a rule a
 *   shopper can predict, the lower price is).
 * - A quantity discount is a fixed price (type `F`: its price plus the options) or a percentage (type `P`: that
 *   percentage off the price with its options), as OpenCart 4.1 reads its `type`. Rows for the same quantity are
 *   ranked by the price they give, never by their raw figures (OpenCart compares a percentage with an amount).
 * - A subscription plan of the customer group replaces the base with the plan's price (its trial price while in
 *   trial); discounts and specials do NOT apply on top of a plan (unlike OpenCart).
 * - Option surcharges are added in every case, including subscriptions (HEAD drops them).
 * - A scalar checkbox value counts as one value (OpenCart ignores it).
 *
 * Pure: no I/O, no clock (`today` is a parameter), money only through `src/money`.
 * @module
 */
import { add, compare, type Money, maximum, percent, subtract, zero } from '../../money/index.js';
import { invariant } from '../errors.js';
import type { CartOptionValue } from '../machine/session.js';
import type { Product, ProductDiscount, ProductSpecial, SubscriptionPlan } from '../records/catalog.js';
import { formatDecimal, lineChoice, type OptionSurcharge, parseDecimal } from './line-choice.js';

/** What the unit price of one cart line depends on. */
export interface PriceInput {
  readonly product: Product;
  /** The line's options: product_option_id → value id, text, or a list of value ids (checkbox). */
  readonly options: Readonly<Record<string, CartOptionValue>>;
  /** The chosen plan; 0 for none. */
  readonly subscriptionPlanId: number;
  readonly customerGroupId: number;
  /** Units of this product across all cart lines (whatever their options): picks the quantity-discount tier. */
  readonly productQuantity: number;
  /** The day prices are valid on, `YYYY-MM-DD`. */
  readonly today: string;
  /** What the options add to a unit, when the caller has worked it out already (else it is, from `options`). */
  readonly surcharge?: OptionSurcharge;
}

/** The subscription a line is priced by. */
export interface LineSubscriptionPrice {
  readonly plan: SubscriptionPlan;
  /** True while the trial runs: the line is priced at the plan's trial price. */
  readonly inTrial: boolean;
}

/** The unit price of a line and how it was reached. */
export interface UnitPrice {
  /**
   * The unit price: {@link UnitPrice.basePrice} plus the option surcharges (which a percentage discount reduces
   * by the same percentage).
   */
  readonly price: Money;
  /**
   * The unit price before options: product price, fixed discount price, special or plan price; for a
   * percentage discount, the product price less that percentage.
   */
  readonly basePrice: Money;
  /** The plan pricing the line, or `null` when it has none. */
  readonly subscription: LineSubscriptionPrice | null;
}

/** True when `today` lies in `[dateStart, dateEnd)`; `null` bounds are open. Dates are `YYYY-MM-DD`. */
function inDateWindow(
  row: { readonly dateStart: string | null; readonly dateEnd: string | null },
  today: string,
) {
  return (row.dateStart === null || row.dateStart <= today) && (row.dateEnd === null || today < row.dateEnd);
}

export { chosenValues, type OptionSurcharge, sumDecimals } from './line-choice.js';

/**
 * The exact product of a decimal string and a safe integer (a weight times a quantity), written with the
 * decimals of `text`. A malformed `text` counts as zero.
 */
export function multiplyDecimal(text: string, factor: number): string {
  invariant(Number.isSafeInteger(factor), () => `multiplyDecimal: ${factor} is not a safe integer`);
  const parsed = parseDecimal(text) ?? { units: 0n, scale: 0 };
  return formatDecimal(parsed.units * BigInt(factor), parsed.scale);
}

/**
 * What the chosen option values add to one unit of `product`: the sum of the chosen select and radio values and
 * of every chosen checkbox value (a scalar checkbox value counts as one value; a value listed twice counts once).
 * A value id is matched only within its own option, so an id belonging to another option, an option id not on
 * the product, or a malformed id contributes nothing. Free-text types (text, textarea, file, date, time,
 * datetime) add nothing. Independent of the order of `options`' keys and of checkbox lists.
 */
export function optionSurcharge(
  product: Product,
  options: Readonly<Record<string, CartOptionValue>>,
): OptionSurcharge {
  return lineChoice(product, options).surcharge;
}

/**
 * The unit price with options that `discount` gives, from the undiscounted unit price with options (`listPrice`)
 * and what the options add (`surcharge`): type `F` is the discount's price plus the options; type `P` is
 * `listPrice` less `percent` percent, exact and unrounded. A percentage above 100 stops at a price of zero.
 */
export function discountedPrice(discount: ProductDiscount, listPrice: Money, surcharge: Money): Money {
  if (discount.type === 'F') return add(discount.price, surcharge);
  return maximum(subtract(listPrice, percent(listPrice, discount.percent)), zero(listPrice.currency));
}

/**
 * The quantity discount of `product` for `customerGroupId` at `productQuantity` units on `today`, if any: among the
 * group's rows with `quantity ≤ productQuantity` and valid on `today` (`dateStart` inclusive, `dateEnd` exclusive,
 * `null` open), the highest quantity, then the lowest priority number, then the lowest price it gives a unit with
 * the line's `options` (so a fixed price and a percentage compare by what the customer pays).
 */
export function activeDiscount(
  product: Product,
  customerGroupId: number,
  productQuantity: number,
  today: string,
  options: Readonly<Record<string, CartOptionValue>> = {},
): ProductDiscount | undefined {
  const surcharge = optionSurcharge(product, options).price;
  return discountWith(product, customerGroupId, productQuantity, today, surcharge);
}

/** {@link activeDiscount} with what the line's options add to a unit already worked out. */
function discountWith(
  product: Product,
  customerGroupId: number,
  productQuantity: number,
  today: string,
  surcharge: Money,
): ProductDiscount | undefined {
  const listPrice = add(product.price, surcharge);
  const priceOf = (d: ProductDiscount) => discountedPrice(d, listPrice, surcharge);
  const [best] = product.discounts
    .filter(
      (d) => d.customerGroupId === customerGroupId && d.quantity <= productQuantity && inDateWindow(d, today),
    )
    .sort((a, b) => b.quantity - a.quantity || a.priority - b.priority || compare(priceOf(a), priceOf(b)));
  return best;
}

/**
 * The special of `product` for `customerGroupId` on `today`, if any: among the group's rows valid on `today`
 * (`dateStart` inclusive, `dateEnd` exclusive, `null` open), the lowest priority number, then the lowest price.
 */
export function activeSpecial(
  product: Product,
  customerGroupId: number,
  today: string,
): ProductSpecial | undefined {
  const [best] = product.specials
    .filter((s) => s.customerGroupId === customerGroupId && inDateWindow(s, today))
    .sort((a, b) => a.priority - b.priority || compare(a.price, b.price));
  return best;
}

/**
 * The enabled plan `subscriptionPlanId` of `product` for `customerGroupId`, or `undefined` (always for plan 0).
 * Whether the line may use it at all is the cart's check, not pricing's.
 */
export function subscriptionPlanFor(
  product: Product,
  subscriptionPlanId: number,
  customerGroupId: number,
): SubscriptionPlan | undefined {
  if (subscriptionPlanId === 0) return undefined;
  return product.subscriptionPlans.find(
    (p) => p.subscriptionPlanId === subscriptionPlanId && p.customerGroupId === customerGroupId && p.status,
  );
}

/** The unit price with options a special gives: its price plus the options. */
function specialPrice(special: ProductSpecial, surcharge: Money): Money {
  return add(special.price, surcharge);
}

/**
 * The unit price of one cart line. The base is the product price, replaced by the quantity discount or the active
 * special (the lower of the two prices they give when both apply); with an enabled plan of the group the plan's
 * price replaces it instead (its trial price when the plan has a trial: a new line starts in its trial), and
 * discounts and specials do not apply. Option surcharges are added in every case; a
 * percentage discount takes its percentage off them too.
 */
export function unitPrice(input: PriceInput): UnitPrice {
  const { product, customerGroupId, today } = input;
  const surcharge = (input.surcharge ?? optionSurcharge(product, input.options)).price;
  const plan = subscriptionPlanFor(product, input.subscriptionPlanId, customerGroupId);
  if (plan !== undefined) {
    const basePrice = plan.trialStatus ? plan.trialPrice : plan.price;
    return { price: add(basePrice, surcharge), basePrice, subscription: { plan, inTrial: plan.trialStatus } };
  }
  const listPrice = add(product.price, surcharge);
  const discount = discountWith(product, customerGroupId, input.productQuantity, today, surcharge);
  const special = activeSpecial(product, customerGroupId, today);
  const offers = [
    ...(discount === undefined ? [] : [{ price: discountedPrice(discount, listPrice, surcharge), discount }]),
    ...(special === undefined ? [] : [{ price: specialPrice(special, surcharge), discount: undefined }]),
  ];
  const [best] = offers.sort((a, b) => compare(a.price, b.price));
  if (best === undefined) return { price: listPrice, basePrice: product.price, subscription: null };
  const basePrice =
    best.discount?.type === 'P'
      ? discountedPrice(best.discount, product.price, zero(product.price.currency))
      : subtract(best.price, surcharge);
  return { price: best.price, basePrice, subscription: null };
}

/** Reward points a line earns: the group's points per unit (0 when the group has none) × `quantity`. */
export function lineReward(product: Product, customerGroupId: number, quantity: number): number {
  const reward = product.rewards.find((r) => r.customerGroupId === customerGroupId);
  return (reward?.points ?? 0) * quantity;
}

/**
 * The reward-point price of a line: (product points + option points) × `quantity`, or 0 when the product cannot
 * be bought with points (`product.points` is 0), as OpenCart computes the line's `points`.
 */
export function linePoints(
  product: Product,
  options: Readonly<Record<string, CartOptionValue>>,
  quantity: number,
): number {
  return pointsWith(product, optionSurcharge(product, options), quantity);
}

/** {@link linePoints} with what the line's options add to a unit already worked out. */
export function pointsWith(product: Product, surcharge: OptionSurcharge, quantity: number): number {
  if (product.points === 0) return 0;
  return (product.points + surcharge.points) * quantity;
}
