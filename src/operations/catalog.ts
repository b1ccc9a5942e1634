/**
 * The catalog look-ups (OpenCart's get manufacturer(s) and get products, each page with its total): one
 * manufacturer by id, a page of manufacturers, a page of products with filters. Paging and sorting are lenient, as OpenCart's:
 * an unknown sort token or a malformed number falls back to the default, never an error; only a malformed
 * `manufacturer_id` on the single look-up is refused, since it cannot name a manufacturer.
 * @module
 */
import { z } from 'zod';
import {
  normaliseManufacturerQuery,
  normaliseProductQuery,
  type QueryValue,
  type RawProductListQuery,
} from '../domain/catalog/queries.js';
import type { ProductFilter, ProductListQuery } from '../domain/records/catalog.js';
import { lenientInteger } from './fields.js';
import { field, form, required } from './form.js';
import { describeRequest } from './json-schema.js';
import { defineLookup } from './operation.js';

/** A query parameter as a query string or JSON carries one; any other shape reads as absent. */
const queryValue = describeRequest(
  z.union([z.string(), z.number(), z.boolean(), z.null()]).optional().catch(undefined),
  {
    jsonSchema: {
      type: ['string', 'number', 'boolean', 'null'],
      description: 'Lenient: a value the server cannot use falls back to the default.',
    },
  },
);

/** A lenient query parameter (never an error). */
const param = field(queryValue as z.ZodType<QueryValue, QueryValue>, 'warning', 'field.invalid', {
  name: '',
});

const paging = { sort: param, order: param, start: param, limit: param };

const productFilters = {
  ...paging,
  filter_manufacturer_id: param,
  filter_category_id: param,
  filter_sub_category: param,
};

/** The request of the manufacturer list. */
const manufacturerListInput = form(paging, (values) => values);

/** The request of the product list (and its total): OpenCart's `filter_*` parameters under the domain's names. */
const productListInput = form(
  productFilters,
  (values): RawProductListQuery => ({
    sort: values.sort,
    order: values.order,
    start: values.start,
    limit: values.limit,
    manufacturerId: values.filter_manufacturer_id,
    categoryId: values.filter_category_id,
    subCategories: values.filter_sub_category,
  }),
);

/** The filter of a product list query (its paging aside). */
function filterOf(query: ProductListQuery): ProductFilter & Pick<ProductListQuery, 'today'> {
  return {
    manufacturerId: query.manufacturerId,
    categoryId: query.categoryId,
    subCategories: query.subCategories,
    today: query.today,
  };
}

/** `manufacturer` (`route=api/manufacturer`): one manufacturer, or `not_found` under `manufacturer_id`. */
export const manufacturer = defineLookup({
  name: 'manufacturer',
  method: 'getManufacturer',
  summary: 'One manufacturer by id.',
  http: { method: 'GET', routes: [{ route: 'api/manufacturer' }] },
  input: form(
    {
      manufacturer_id: required(
        field(lenientInteger({ min: 1 }), 'manufacturer_id', 'manufacturer.not_found'),
      ),
    },
    (values) => values.manufacturer_id,
  ),
  answer: 'manufacturer',
  port: 'catalog',
  read: (manufacturerId, { catalog }) => catalog.getManufacturer(manufacturerId),
  notFound: { key: 'manufacturer_id', text: 'manufacturer.not_found' },
});

/** `manufacturer_list` (`route=api/manufacturer/list`): a page of manufacturers and how many there are. */
export const manufacturerList = defineLookup({
  name: 'manufacturer_list',
  method: 'listManufacturers',
  summary: 'A page of manufacturers, sorted, and how many there are in all.',
  http: { method: 'GET', routes: [{ route: 'api/manufacturer/list' }] },
  input: manufacturerListInput,
  answer: 'manufacturer_page',
  port: 'catalog',
  read: async (request, { catalog }) => {
    const [list, total] = await Promise.all([
      catalog.listManufacturers(normaliseManufacturerQuery(request)),
      catalog.countManufacturers(),
    ]);
    const manufacturers = list.map(({ manufacturerId, name, image, sortOrder }) => ({
      manufacturerId,
      name,
      image,
      sortOrder,
    }));
    return { manufacturers, total };
  },
});

/** `product_list` (`route=api/product/list`): a page of products on sale and how many match. */
export const productList = defineLookup({
  name: 'product_list',
  method: 'listProducts',
  summary: 'A page of the products on sale, filtered and sorted, and how many match in all.',
  http: { method: 'GET', routes: [{ route: 'api/product/list' }] },
  input: productListInput,
  answer: 'product_page',
  port: 'catalog',
  read: async (request, { catalog, customerGroupId, today }) => {
    const query = normaliseProductQuery(request, { customerGroupId, today });
    const [products, total] = await Promise.all([
      catalog.listProducts(query),
      catalog.countProducts(filterOf(query)),
    ]);
    return { products, total };
  },
});
