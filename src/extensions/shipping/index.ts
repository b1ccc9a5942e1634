/**
 * The built-in shipping methods (flat, free, item, weight, pickup) as {@link ShippingMethod} ports, made from the
 * store's extension settings. Register them as `CheckoutDeps.shippingMethods`, alone or beside the host's own.
 * @module
 */
import type { ShippingExtensionsConfig } from '../../domain/settings/extension-config.js';
import type { ShippingMethod } from '../../ports/shipping-method.js';
import { createFlatShipping } from './flat.js';
import { createFreeShipping } from './free.js';
import { createItemShipping } from './item.js';
import { createPickupShipping } from './pickup.js';
import type { ShippingNames } from './quote-group.js';
import { createWeightShipping, type WeightShippingNames } from './weight.js';

export { createFlatShipping } from './flat.js';
export { createFreeShipping } from './free.js';
export { createItemShipping } from './item.js';
export { createPickupShipping } from './pickup.js';
export type { ShippingNames } from './quote-group.js';
export { createWeightShipping, formatWeight, type WeightShippingNames } from './weight.js';

/** Translated texts for the built-in shipping methods, by method code; a method left out keeps OpenCart's en-gb. */
export interface ShippingMethodNames {
  readonly flat?: ShippingNames;
  readonly free?: ShippingNames;
  readonly item?: ShippingNames;
  readonly weight?: WeightShippingNames;
  readonly pickup?: ShippingNames;
}

/**
 * Every built-in shipping method, made from `config`: flat, free, item, weight and pickup, in that order. A
 * method switched off is still in the list and quotes nothing, so the list is the same for every store; the
 * engine sorts the groups it gets by their sort order.
 *
 * @param config - the store's shipping settings (the memory adapter keeps them at `data.extensions.shipping`).
 * @param names - translated titles and names, per method.
 * @throws CartwrightInvariantError when a weight step is malformed (see {@link createWeightShipping}).
 */
export function createShippingMethods(
  config: ShippingExtensionsConfig,
  names: ShippingMethodNames = {},
): ShippingMethod[] {
  return [
    createFlatShipping(config.flat, names.flat),
    createFreeShipping(config.free, names.free),
    createItemShipping(config.item, names.item),
    createWeightShipping(config.weight, names.weight),
    createPickupShipping(config.pickup, names.pickup),
  ];
}
