/**
 * `flat`: one fixed cost per order (OpenCart `extension/opencart/shipping/flat`).
 * @module
 */
import type { FlatShippingConfig } from '../../domain/settings/extension-config.js';
import type { ShippingMethod } from '../../ports/shipping-method.js';
import { type ShippingNames, servesAddress, singleQuoteGroup } from './quote-group.js';

/**
 * The flat-rate method: quote `flat.flat` ("Flat Rate" / "Flat Shipping Rate") costing `config.cost`, taxed by
 * `config.taxClassId`, whatever the cart holds. No quote (null) when the method is off or the shipping address is
 * outside `config.geoZoneId` (0 = everywhere).
 *
 * @param config - the store's `shipping_flat_*` settings; the cost is in the default currency, net of tax.
 * @param names - the group title and quote name, for a host that translates; OpenCart's en-gb texts by default.
 */
export function createFlatShipping(config: FlatShippingConfig, names: ShippingNames = {}): ShippingMethod {
  const title = names.title ?? 'Flat Rate';
  const name = names.name ?? 'Flat Shipping Rate';
  return {
    code: 'flat',
    quote(context) {
      if (!config.status || !servesAddress(config.geoZoneId, context)) return null;
      return singleQuoteGroup({
        code: 'flat',
        title,
        name,
        cost: config.cost,
        taxClassId: config.taxClassId,
        sortOrder: config.sortOrder,
      });
    },
  };
}
