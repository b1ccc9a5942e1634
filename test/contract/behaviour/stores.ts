/**
 * What the shared catalog and directory behaviours run against: the read ports over a store's data, however
 * the adapter keeps it.
 */
import type { MemoryStoreData } from '../../../src/adapters/memory/index.js';
import type { ApiUserDirectory } from '../../../src/ports/api-user-directory.js';
import type { Catalog } from '../../../src/ports/catalog.js';
import type { CouponDirectory } from '../../../src/ports/coupon-directory.js';
import type { CustomerDirectory } from '../../../src/ports/customer-directory.js';
import type { GeoDirectory } from '../../../src/ports/geo-directory.js';
import type { TaxRates } from '../../../src/ports/tax-rates.js';

/** The read ports of one adapter family. */
export interface ReadPorts {
  readonly catalog: Catalog;
  readonly customers: CustomerDirectory;
  readonly geo: GeoDirectory;
  readonly taxes: TaxRates;
  readonly coupons: CouponDirectory;
  readonly apiUsers: ApiUserDirectory;
}

/** Builds the ports over `data` (for a database: loads `data` first, replacing what was there). */
export type OpenStore = (data: MemoryStoreData) => Promise<ReadPorts>;
