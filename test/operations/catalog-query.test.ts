import { describe, expect, it } from 'vitest';
import { createMessages } from '../../src/domain/messages.js';
import { parseQuery } from '../../src/http/form.js';
import { parseManufacturerId, parseManufacturerListQuery, parseProductListQuery } from './support/parsers.js';

const messages = createMessages();
const context = { customerGroupId: 1, today: '2025-01-15' };

describe('parseManufacturerId', () => {
  it('reads a positive id from a number or digit string', () => {
    expect(parseManufacturerId({ manufacturer_id: 8 }, messages)._unsafeUnwrap()).toBe(8);
    expect(
      parseManufacturerId(parseQuery('manufacturer_id=%2011%20')._unsafeUnwrap(), messages)._unsafeUnwrap(),
    ).toBe(11);
  });

  it('anything else is manufacturer_id: Warning: Manufacturer could not be found!', () => {
    for (const manufacturer_id of [undefined, null, '', 0, '0', -3, '8x', '1.5', 1.5, ['8'], { id: 8 }, true])
      expect(
        parseManufacturerId({ manufacturer_id }, messages)._unsafeUnwrapErr(),
        String(manufacturer_id),
      ).toEqual({
        kind: 'validation',
        fields: { manufacturer_id: 'Warning: Manufacturer could not be found!' },
      });
    expect(parseManufacturerId(null, messages).isErr()).toBe(true);
  });
});

describe('parseManufacturerListQuery', () => {
  it('hands the scalar values to the normaliser', () => {
    expect(
      parseManufacturerListQuery(parseQuery('sort=sort_order&order=desc&start=40&limit=10')._unsafeUnwrap()),
    ).toEqual({
      sort: 'sort_order',
      order: 'DESC',
      start: 40,
      limit: 10,
    });
  });

  it('reads arrays and objects as absent, so they get the defaults', () => {
    expect(
      parseManufacturerListQuery({ sort: ['sort_order'], order: { a: 'DESC' }, start: [5], limit: {} }),
    ).toEqual({
      sort: 'name',
      order: 'ASC',
      start: 0,
      limit: 20,
    });
  });

  it('reads anything but an object as no parameters', () => {
    for (const raw of [null, undefined, 'sort=name', 3])
      expect(parseManufacturerListQuery(raw)).toEqual({ sort: 'name', order: 'ASC', start: 0, limit: 20 });
  });
});

describe('parseProductListQuery', () => {
  it('hands the filters and paging to the normaliser, with the context', () => {
    const raw = parseQuery(
      'filter_manufacturer_id=8&filter_category_id=20&filter_sub_category=1&sort=p.price&order=DESC&start=0&limit=5',
    )._unsafeUnwrap();
    expect(parseProductListQuery(raw, context)).toEqual({
      manufacturerId: 8,
      categoryId: 20,
      subCategories: true,
      sort: 'price',
      order: 'DESC',
      start: 0,
      limit: 5,
      customerGroupId: 1,
      today: '2025-01-15',
    });
  });

  it('reads non-scalar filters as absent', () => {
    expect(
      parseProductListQuery(
        { filter_manufacturer_id: ['8'], filter_sub_category: { a: 1 }, limit: [1] },
        context,
      ),
    ).toMatchObject({ manufacturerId: null, subCategories: false, limit: 20 });
  });

  it('keeps JSON scalars as they are', () => {
    expect(
      parseProductListQuery({ filter_category_id: 3, filter_sub_category: true }, context),
    ).toMatchObject({
      categoryId: 3,
      subCategories: true,
    });
  });
});
