/**
 * Cart lines added up by unit price and tax class. The sub-total and the lines' taxes are sums over lines of
 * something of the unit price times the quantity; exact arithmetic makes the sum over lines equal the sum over
 * groups of the same price and class with their quantities added, so a cart of a thousand lines that share a few
 * dozen prices costs a few dozen multiplications, not a thousand.
 * @module
 */
import type { Money } from '../../../money/index.js';
import type { PricedCartLine } from '../../cart/line.js';

/** Lines with one unit price (the same Money) and one tax class, and their units together. */
export interface LineGroup {
  readonly price: Money;
  readonly taxClassId: number;
  readonly quantity: number;
}

/**
 * `lines` grouped by unit price (the same Money object: pricing hands lines of the same price the same one) and
 * tax class, in the order each group first appears, with the quantities of its lines added.
 */
export function lineGroups(lines: readonly PricedCartLine[]): readonly LineGroup[] {
  const groups: { price: Money; taxClassId: number; quantity: number }[] = [];
  const byPrice = new Map<Money, Map<number, { quantity: number }>>();
  for (const line of lines) {
    let byClass = byPrice.get(line.price);
    if (byClass === undefined) {
      byClass = new Map();
      byPrice.set(line.price, byClass);
    }
    const group = byClass.get(line.taxClassId);
    if (group !== undefined) {
      group.quantity += line.quantity;
      continue;
    }
    const fresh = { price: line.price, taxClassId: line.taxClassId, quantity: line.quantity };
    byClass.set(line.taxClassId, fresh);
    groups.push(fresh);
  }
  return groups;
}
