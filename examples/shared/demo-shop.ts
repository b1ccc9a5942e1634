/**
 * The demo's storefront at `/shop`: the storefront example (`examples/storefront`) over the demo app's own
 * checkout and stores, selling a handful of OpenCart's demo products (a phone, a camera with a colour to choose,
 * a monitor with a delivery date, a player that does not ship, a camera with counted stock) to addresses in the
 * United Kingdom and the United States.
 */
import type { Catalog, GeoDirectory } from '../../src/core/index.js';
import { createStorefront } from '../storefront/storefront.js';
import type { DemoApp } from './demo-app.js';
import type { DemoStores } from './demo-stores.js';

/** The products the demo shop lists, in this order: iPhone, Canon EOS 5D, HP LP3065, iPod Nano, Nikon D300. */
export const demoShopProductIds: readonly number[] = [40, 30, 47, 36, 31];

/** The countries an address may be in: the United Kingdom and the United States. */
const countryIds: readonly number[] = [222, 223];

/** The API user the shop's checkout sessions belong to: `demo`. */
const shopApiUserId = 1;

/** The demo's storefront handler, over the app's checkout and the catalog and geography it reads. */
export function createDemoShop(app: DemoApp, stores: Pick<DemoStores, 'postgres'>) {
  const catalog: Catalog = stores.postgres?.catalog ?? app.adapters.catalog;
  const geo: GeoDirectory = stores.postgres?.geo ?? app.adapters.geo;
  return createStorefront({
    checkout: app.shopCheckout,
    settings: app.settings,
    apiUserId: shopApiUserId,
    catalog: {
      async products() {
        const found = await catalog.getProducts(demoShopProductIds);
        return demoShopProductIds.flatMap((id) => found.filter((product) => product.productId === id));
      },
      async countries() {
        const found = await Promise.all(countryIds.map((id) => geo.getCountry(id)));
        return found.filter((country) => country !== undefined);
      },
    },
  });
}
