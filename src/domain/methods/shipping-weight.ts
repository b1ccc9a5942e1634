/**
 * The weight that weight-based shipping prices (OpenCart's `cart.getWeight`): every line that ships, each
 * converted from its product's weight class to the store's, summed exactly.
 * @module
 */
import { convertMeasure, sumMeasures } from '../../money/index.js';
import type { PricedCartLine } from '../cart/line.js';
import type { Product } from '../records/catalog.js';
import type { StoreSettings } from '../settings/settings.js';

/**
 * The rate of a weight class against the store's base unit (OpenCart's `weight_class.value`). A class the store
 * does not list counts as the base unit, as OpenCart's `weight->convert` leaves a value of an unknown class as it
 * is.
 */
function weightRate(settings: Pick<StoreSettings, 'weightClasses'>, weightClassId: number): string {
  return settings.weightClasses.find((c) => c.id === weightClassId)?.value ?? '1';
}

/**
 * The weight of the lines that ship, in the store's weight class (`settings.weightClassId`), as a decimal
 * string. A line's `weight` is in its product's class (the line's own weight, options and quantity included);
 * a product missing from `products` is taken to be in the store's class. Lines that do not ship weigh nothing.
 */
export function shippingWeight(
  lines: readonly PricedCartLine[],
  products: ReadonlyMap<number, Pick<Product, 'weightClassId'>>,
  settings: Pick<StoreSettings, 'weightClassId' | 'weightClasses'>,
): string {
  const storeRate = weightRate(settings, settings.weightClassId);
  const weights = lines
    .filter((line) => line.shipping)
    .map((line) => {
      const classId = products.get(line.productId)?.weightClassId ?? settings.weightClassId;
      return convertMeasure(line.weight, weightRate(settings, classId), storeRate);
    });
  return sumMeasures(weights);
}
