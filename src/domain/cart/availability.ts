/**
 * Which products the cart may hold today. OpenCart's `getProduct` finds only enabled products whose
 * `date_available` has come, and its cart deletes the rows of any other product when it reads them: a
 * product switched off, removed, or not yet on sale is "not found" to the cart.
 * @module
 */

import type { CartLine } from '../machine/session.js';
import type { Product } from '../records/catalog.js';

/** The products the cart rules can see: the catalog's batch for this command, and the day. */
export interface AvailabilityContext {
  /** Every product the cart and the command name; a missing id is a product that does not exist. */
  readonly products: ReadonlyMap<number, Product>;
  /** `YYYY-MM-DD`. */
  readonly today: string;
}

/** True when `product` can be bought on `today`: enabled, and its `dateAvailable` is today or earlier. */
export function isAvailable(product: Product, today: string): boolean {
  return product.status && product.dateAvailable <= today;
}

/** The product `productId` when it exists and is available; `undefined` otherwise. */
export function availableProduct(context: AvailabilityContext, productId: number): Product | undefined {
  const product = context.products.get(productId);
  return product !== undefined && isAvailable(product, context.today) ? product : undefined;
}

/**
 * The lines of `cart` whose products are available, in order. Every successful cart change starts from these,
 * so lines of products gone from sale drop out of the cart the way OpenCart deletes their rows.
 */
export function availableLines(cart: readonly CartLine[], context: AvailabilityContext): readonly CartLine[] {
  return cart.filter((line) => availableProduct(context, line.productId) !== undefined);
}
