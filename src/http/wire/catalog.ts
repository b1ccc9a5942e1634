/**
 * The wire shapes of the catalog look-ups: a manufacturer, a manufacturer list entry, a product list entry, and
 * the pages of them.
 * @module
 */
import * as z from 'zod';

/** A full manufacturer record. */
export const manufacturerWire = z.object({
  manufacturer_id: z.int(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  sort_order: z.int(),
  meta_title: z.string(),
  meta_description: z.string(),
  meta_keyword: z.string(),
});

/** A manufacturer list entry: the four fields OpenCart's list returns. */
export const manufacturerEntryWire = z.object({
  manufacturer_id: z.int(),
  name: z.string(),
  image: z.string(),
  sort_order: z.int(),
});

/** A product list entry; `special` only when a promotional price applies (both in the session currency). */
export const productEntryWire = z.object({
  product_id: z.int(),
  name: z.string(),
  model: z.string(),
  price: z.number(),
  special: z.number().optional(),
  manufacturer_id: z.int(),
  manufacturer: z.string(),
  image: z.string(),
});

/** One manufacturer. */
export const manufacturerAnswerWire = z.object({ manufacturer: manufacturerWire });

/** A page of manufacturers and how many there are in all. */
export const manufacturerPageWire = z.object({
  manufacturers: z.array(manufacturerEntryWire),
  total: z.int(),
});

/** A page of products and how many match in all. */
export const productPageWire = z.object({ products: z.array(productEntryWire), total: z.int() });

/** A full manufacturer record. */
export type ManufacturerJson = z.output<typeof manufacturerWire>;
/** A manufacturer list entry. */
export type ManufacturerEntryJson = z.output<typeof manufacturerEntryWire>;
/** A product list entry. */
export type ProductEntryJson = z.output<typeof productEntryWire>;
