/**
 * Manufacturers and product-list entries in the seed's snake_case shapes (seed: Manufacturer; DECISIONS 29, 38).
 * @module
 */
import type { Manufacturer, ProductListEntry } from '../domain/records/catalog.js';
import type { ManufacturerListEntry } from '../operations/answers.js';
import type { MoneyPresenter } from './present-money.js';

/** A full manufacturer record. */
export interface ManufacturerJson {
  readonly manufacturer_id: number;
  readonly name: string;
  readonly description: string;
  readonly image: string;
  readonly sort_order: number;
  readonly meta_title: string;
  readonly meta_description: string;
  readonly meta_keyword: string;
}

/** A manufacturer list entry: the four fields the seed's list returns. */
export interface ManufacturerEntryJson {
  readonly manufacturer_id: number;
  readonly name: string;
  readonly image: string;
  readonly sort_order: number;
}

/** A product list entry; `special` only when a promotional price applies. */
export interface ProductEntryJson {
  readonly product_id: number;
  readonly name: string;
  readonly model: string;
  readonly price: number;
  readonly special?: number;
  readonly manufacturer_id: number;
  readonly manufacturer: string;
  readonly image: string;
}

/** A full manufacturer record. */
export function presentManufacturer(manufacturer: Manufacturer): ManufacturerJson {
  return {
    manufacturer_id: manufacturer.manufacturerId,
    name: manufacturer.name,
    description: manufacturer.description,
    image: manufacturer.image,
    sort_order: manufacturer.sortOrder,
    meta_title: manufacturer.metaTitle,
    meta_description: manufacturer.metaDescription,
    meta_keyword: manufacturer.metaKeyword,
  };
}

/** A manufacturer list entry. */
export function presentManufacturerEntry(entry: ManufacturerListEntry): ManufacturerEntryJson {
  return {
    manufacturer_id: entry.manufacturerId,
    name: entry.name,
    image: entry.image,
    sort_order: entry.sortOrder,
  };
}

/** A product list entry: `price` net, `special` the promotional price, both in the session currency. */
export function presentProductEntry(entry: ProductListEntry, money: MoneyPresenter): ProductEntryJson {
  const special = entry.special === null ? {} : { special: money.amount(entry.special) };
  return {
    product_id: entry.productId,
    name: entry.name,
    model: entry.model,
    price: money.amount(entry.price),
    ...special,
    manufacturer_id: entry.manufacturerId,
    manufacturer: entry.manufacturer,
    image: entry.image,
  };
}
