/**
 * The catalog lookups' parameters (DECISIONS 29): one manufacturer by id, and the manufacturer and product list
 * queries. The lists never fail: their values are picked out of the request and handed to the domain's
 * normalisers, which put a default in place of anything unusable; a value that is not a scalar (an array or an
 * object, as `sort[]=x` gives) counts as absent.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import {
  normaliseManufacturerQuery,
  normaliseProductQuery,
  type QueryValue,
  type RawPaging,
  type RawProductListQuery,
} from '../domain/catalog/queries.js';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import type { ManufacturerListQuery, ProductListQuery } from '../domain/records/catalog.js';
import { lenientInteger, postedField } from './fields.js';

/** A manufacturer id: required, and above 0 (no manufacturer has id 0). */
const manufacturerId = lenientInteger({ min: 1 });

/**
 * Parses `manufacturer_id` of the manufacturer lookup.
 * @param raw - the query (or body) as `src/input/form.ts` parsed it, or any value a host passes
 * @param messages - the catalogue the error text comes from
 * @returns the id, or a `validation` error under `manufacturer_id` with `Warning: Manufacturer could not be
 *   found!` when it is absent, blank, 0, negative or not a whole number
 */
export function parseManufacturerId(raw: unknown, messages: MessageCatalog): Result<number, CheckoutError> {
  const parsed = manufacturerId.safeParse(postedField(raw, 'manufacturer_id'));
  return parsed.success
    ? ok(parsed.data)
    : err(checkoutError('validation', { manufacturer_id: messageText(messages, 'manufacturer.not_found') }));
}

/** The field `name` of `raw` when it is a scalar; undefined (absent) for anything else. */
function scalar(raw: unknown, name: string): QueryValue {
  const value = postedField(raw, name);
  return typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value === null
    ? value
    : undefined;
}

/** The paging parameters of either list. */
function rawPaging(raw: unknown): RawPaging {
  return {
    sort: scalar(raw, 'sort'),
    order: scalar(raw, 'order'),
    start: scalar(raw, 'start'),
    limit: scalar(raw, 'limit'),
  };
}

/**
 * The manufacturer list query (`sort`, `order`, `start`, `limit`), normalised by
 * {@link normaliseManufacturerQuery}.
 * @param raw - the query as `src/input/form.ts` parsed it, or any value a host passes
 */
export function parseManufacturerListQuery(raw: unknown): ManufacturerListQuery {
  return normaliseManufacturerQuery(rawPaging(raw));
}

/**
 * The product list query (the three filters plus paging), normalised by {@link normaliseProductQuery}.
 * @param raw - the query as `src/input/form.ts` parsed it, or any value a host passes
 * @param context - the session customer's group and today's date, which decide the specials
 */
export function parseProductListQuery(
  raw: unknown,
  context: Parameters<typeof normaliseProductQuery>[1],
): ProductListQuery {
  const query: RawProductListQuery = {
    ...rawPaging(raw),
    filter_manufacturer_id: scalar(raw, 'filter_manufacturer_id'),
    filter_category_id: scalar(raw, 'filter_category_id'),
    filter_sub_category: scalar(raw, 'filter_sub_category'),
  };
  return normaliseProductQuery(query, context);
}
