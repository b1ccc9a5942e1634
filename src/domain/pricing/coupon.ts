/**
 * The coupon rules (OpenCart's `model/marketing/coupon.getCoupon`): whether a coupon may be used
 * on this cart now, and which of its lines it discounts. Pure: the coupon, its recorded uses and the catalog are
 * facts gathered beforehand.
 *
 * OpenCart's category defect, fixed: its category test (`getTotalCategoriesByCategoryId`) counts the products of
 * a listed category without asking whether the cart's product is one of them, so once a listed category holds
 * any product every cart line qualifies. Here each line qualifies on its own product:
 * listed by id, or in a listed category or one below it.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { compare, type Money } from '../../money/index.js';
import type { PricedCartLine } from '../cart/line.js';
import { categoriesWithDescendants } from '../catalog/categories.js';
import { defaultMessages, type MessageCatalog, messageText } from '../messages.js';
import type { Category, Product } from '../records/catalog.js';
import type { Coupon, CouponUses } from '../records/coupon.js';

/** What a coupon is checked against. */
export interface CouponCheckFacts {
  /** `YYYY-MM-DD`. */
  readonly today: string;
  /** The cart's net sub-total, in the default currency. */
  readonly subTotal: Money;
  readonly loggedInCustomerId: number | null;
  readonly lines: readonly PricedCartLine[];
  /** The cart's products (for their categories). */
  readonly products: ReadonlyMap<number, Product>;
  /** The whole category tree (for the descendants of the coupon's categories). */
  readonly categories: readonly Category[];
  /** The texts of the refusal; default the built-in en-gb texts. */
  readonly messages?: MessageCatalog;
}

/** A usable coupon and the products of the cart it discounts. */
export interface CouponGrant {
  readonly coupon: Coupon;
  /** The cart's product ids the coupon discounts, each once, in cart order. */
  readonly productIds: readonly number[];
}

/**
 * Whether `today` is inside the coupon's dates. OpenCart compares date columns with the current instant, so the
 * start day counts (`date_start < NOW()` from its first second) and the end day does not (`date_end > NOW()`
 * fails from its midnight): start inclusive, end exclusive.
 */
export function isCouponCurrent(coupon: Coupon, today: string): boolean {
  return (
    (coupon.dateStart === null || coupon.dateStart <= today) &&
    (coupon.dateEnd === null || today < coupon.dateEnd)
  );
}

/**
 * Whether the coupon has uses left: `usesTotal` and `usesCustomer` of 0 mean unlimited; the per-customer limit
 * counts only for a logged-in customer (a guest's uses are not tracked).
 */
export function hasCouponUsesLeft(coupon: Coupon, uses: CouponUses, loggedIn: boolean): boolean {
  const totalLeft = coupon.usesTotal === 0 || uses.total < coupon.usesTotal;
  const customerLeft = !loggedIn || coupon.usesCustomer === 0 || uses.customer < coupon.usesCustomer;
  return totalLeft && customerLeft;
}

/** Whether the coupon's own conditions hold: enabled, dated now, minimum total, customer, uses. */
function isCouponUsable(coupon: Coupon, uses: CouponUses, facts: CouponCheckFacts): boolean {
  const loggedIn = facts.loggedInCustomerId !== null;
  return (
    coupon.status &&
    isCouponCurrent(coupon, facts.today) &&
    compare(coupon.total, facts.subTotal) <= 0 &&
    (!coupon.logged || loggedIn) &&
    hasCouponUsesLeft(coupon, uses, loggedIn)
  );
}

/**
 * The cart's product ids the coupon discounts, each once, in cart order: every line's product when the coupon
 * names no products and no categories; else the products it names, and the products in a category it names or
 * below one. Empty when no line qualifies.
 */
export function couponProductIds(
  coupon: Coupon,
  facts: Pick<CouponCheckFacts, 'lines' | 'products' | 'categories'>,
): number[] {
  const everyLine = coupon.productIds.length === 0 && coupon.categoryIds.length === 0;
  const scope = categoriesWithDescendants(coupon.categoryIds, facts.categories);
  const qualifies = (productId: number): boolean =>
    everyLine ||
    coupon.productIds.includes(productId) ||
    (facts.products.get(productId)?.categoryIds.some((id) => scope.has(id)) ?? false);
  return [...new Set(facts.lines.map((line) => line.productId))].filter(qualifies);
}

/**
 * Checks a coupon for this cart (OpenCart's rules): it exists and is enabled; today is within its dates; the
 * net sub-total reaches its minimum; its uses, in total and by the logged-in customer, are below the limits; a
 * `logged` coupon has a logged-in customer; and at least one cart line qualifies (see {@link couponProductIds}).
 * Refused with OpenCart's single text for every reason, `Warning: Coupon is either invalid, expired or reached
 * its usage limit!` (in `facts.messages`).
 */
export function checkCoupon(
  coupon: Coupon | undefined,
  uses: CouponUses,
  facts: CouponCheckFacts,
): Result<CouponGrant, string> {
  const refusal = () => err(messageText(facts.messages ?? defaultMessages, 'coupon.invalid'));
  if (coupon === undefined || !isCouponUsable(coupon, uses, facts)) return refusal();
  const productIds = couponProductIds(coupon, facts);
  return productIds.length === 0 ? refusal() : ok({ coupon, productIds });
}
