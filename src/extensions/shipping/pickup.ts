/**
 * `pickup`: the customer collects from the store (OpenCart `extension/opencart/shipping/pickup`).
 * @module
 */
import type { PickupShippingConfig } from '../../domain/settings/extension-config.js';
import { zero } from '../../money/index.js';
import type { ShippingMethod } from '../../ports/shipping-method.js';
import { type ShippingNames, servesAddress, singleQuoteGroup } from './quote-group.js';

/**
 * The pickup method: quote `pickup.pickup` ("Pickup" / "Pickup From Store"), cost 0, tax class 0. No quote
 * (null) when the method is off or the shipping address is outside `config.geoZoneId` (0 = everywhere); the
 * address is still asked for, since the engine quotes only a cart that ships to a known address.
 *
 * @param config - the store's `shipping_pickup_*` settings.
 * @param names - the group title and quote name, for a host that translates; OpenCart's en-gb texts by default.
 */
export function createPickupShipping(
  config: PickupShippingConfig,
  names: ShippingNames = {},
): ShippingMethod {
  const title = names.title ?? 'Pickup';
  const name = names.name ?? 'Pickup From Store';
  return {
    code: 'pickup',
    quote(context) {
      if (!config.status || !servesAddress(config.geoZoneId, context)) return null;
      return singleQuoteGroup({
        code: 'pickup',
        title,
        name,
        cost: zero(context.settings.currency),
        taxClassId: 0,
        sortOrder: config.sortOrder,
      });
    },
  };
}
