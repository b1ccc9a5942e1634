/**
 * `free`: no shipping cost once the cart is big enough (OpenCart `extension/opencart/shipping/free`).
 * @module
 */
import type { FreeShippingConfig } from '../../domain/settings/extension-config.js';
import { compare, zero } from '../../money/index.js';
import type { ShippingMethod } from '../../ports/shipping-method.js';
import { type ShippingNames, servesAddress, singleQuoteGroup } from './quote-group.js';

/**
 * The free-shipping method: quote `free.free` ("Free Shipping" / "Free Shipping"), cost 0, tax class 0, offered
 * when the net sub-total is at least `config.total`. OpenCart refuses with `sub_total < total`, so a sub-total
 * exactly at the threshold qualifies; the comparison here is exact, where OpenCart compares floats. No quote (null)
 * when the method is off, the sub-total is below the threshold, or the shipping address is outside
 * `config.geoZoneId` (0 = everywhere).
 *
 * @param config - the store's `shipping_free_*` settings; `total` is in the default currency, net of tax.
 * @param names - the group title and quote name, for a host that translates; OpenCart's en-gb texts by default.
 */
export function createFreeShipping(config: FreeShippingConfig, names: ShippingNames = {}): ShippingMethod {
  const title = names.title ?? 'Free Shipping';
  const name = names.name ?? 'Free Shipping';
  return {
    code: 'free',
    quote(context) {
      if (!config.status || !servesAddress(config.geoZoneId, context)) return null;
      if (compare(context.subTotal, config.total) < 0) return null;
      return singleQuoteGroup({
        code: 'free',
        title,
        name,
        cost: zero(context.settings.currency),
        taxClassId: 0,
        sortOrder: config.sortOrder,
      });
    },
  };
}
