/**
 * `item`: a cost per unit shipped (OpenCart `extension/opencart/shipping/item`).
 * @module
 */
import type { ItemShippingConfig } from '../../domain/settings/extension-config.js';
import { multiply } from '../../money/index.js';
import type { ShippingMethod } from '../../ports/shipping-method.js';
import { type ShippingNames, servesAddress, singleQuoteGroup } from './quote-group.js';

/**
 * The per-item method: quote `item.item` ("Per Item" / "Per Item Shipping Rate") costing `config.cost` × the
 * units of the lines that ship (lines that do not ship are not counted, as OpenCart), exactly, taxed by
 * `config.taxClassId`. No quote (null) when the method is off or the shipping address is outside
 * `config.geoZoneId` (0 = everywhere).
 *
 * @param config - the store's `shipping_item_*` settings; the cost is in the default currency, net of tax.
 * @param names - the group title and quote name, for a host that translates; OpenCart's en-gb texts by default.
 */
export function createItemShipping(config: ItemShippingConfig, names: ShippingNames = {}): ShippingMethod {
  const title = names.title ?? 'Per Item';
  const name = names.name ?? 'Per Item Shipping Rate';
  return {
    code: 'item',
    quote(context) {
      if (!config.status || !servesAddress(config.geoZoneId, context)) return null;
      return singleQuoteGroup({
        code: 'item',
        title,
        name,
        cost: multiply(config.cost, context.shippableQuantity),
        taxClassId: config.taxClassId,
        sortOrder: config.sortOrder,
      });
    },
  };
}
