/**
 * Manufacturers and product-list entries in OpenCart's snake_case shapes (OpenCart's Manufacturer).
 * @module
 */
import type { Manufacturer, ProductListEntry } from '../domain/records/catalog.js';
import type { ManufacturerListEntry } from '../operations/answers.js';
import type { MoneyPresenter } from './present-money.js';
import type { ManufacturerEntryJson, ManufacturerJson, ProductEntryJson } from './wire/catalog.js';

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
