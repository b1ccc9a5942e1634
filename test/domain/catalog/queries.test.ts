import { describe, expect, it } from 'vitest';
import {
  normaliseManufacturerQuery,
  normaliseProductQuery,
  parseFlag,
} from '../../../src/domain/catalog/queries.js';

const context = { customerGroupId: 1, today: '2026-06-01' };

describe('manufacturer list query', () => {
  it('defaults to name ASC, start 0, limit 20', () => {
    expect(normaliseManufacturerQuery({})).toEqual({ sort: 'name', order: 'ASC', start: 0, limit: 20 });
  });

  it('accepts sort_order and DESC in any case', () => {
    expect(normaliseManufacturerQuery({ sort: 'sort_order', order: 'desc' })).toMatchObject({
      sort: 'sort_order',
      order: 'DESC',
    });
  });

  it('falls back to the default for unknown tokens, including prototype names', () => {
    for (const sort of ['price', 'constructor', '__proto__', 'toString', 'NAME'])
      expect(normaliseManufacturerQuery({ sort }).sort, sort).toBe('name');
  });

  it('bounds paging: start < 0 → 0, limit < 1 → 20, limit capped at 100, malformed → default', () => {
    expect(normaliseManufacturerQuery({ start: -5, limit: 0 })).toMatchObject({ start: 0, limit: 20 });
    expect(normaliseManufacturerQuery({ start: '40', limit: '500' })).toMatchObject({
      start: 40,
      limit: 100,
    });
    expect(normaliseManufacturerQuery({ start: '1e3', limit: '2.5' })).toMatchObject({ start: 0, limit: 20 });
    expect(normaliseManufacturerQuery({ start: 3.5, limit: Number.NaN })).toMatchObject({
      start: 0,
      limit: 20,
    });
  });
});

describe('product list query', () => {
  it('accepts both spellings of each sort token', () => {
    const sorts = ['pd.name', 'name', 'p.price', 'price', 'p.sort_order', 'sort_order'];
    expect(sorts.map((sort) => normaliseProductQuery({ sort }, context).sort)).toEqual([
      'name',
      'name',
      'price',
      'price',
      'sort_order',
      'sort_order',
    ]);
    expect(normaliseProductQuery({ sort: 'p.model' }, context).sort).toBe('sort_order');
  });

  it('reads the filters and carries the pricing context', () => {
    expect(
      normaliseProductQuery(
        { manufacturerId: '8', categoryId: 20, subCategories: 'true', limit: 5 },
        context,
      ),
    ).toEqual({
      manufacturerId: 8,
      categoryId: 20,
      subCategories: true,
      sort: 'sort_order',
      order: 'ASC',
      start: 0,
      limit: 5,
      customerGroupId: 1,
      today: '2026-06-01',
    });
  });

  it('treats 0, blank and malformed filters as no filter', () => {
    for (const value of [0, '0', '', 'abc', '-3', null, undefined, true]) {
      const query = normaliseProductQuery({ manufacturerId: value, categoryId: value }, context);
      expect([query.manufacturerId, query.categoryId], String(value)).toEqual([null, null]);
    }
  });
});

describe('parseFlag (booleans as forms send them)', () => {
  it('is true only for 1, true, on, yes', () => {
    for (const value of ['1', 'true', 'TRUE', 'on', 'yes', 1, true])
      expect(parseFlag(value), String(value)).toBe(true);
    for (const value of ['0', 'false', '', 'no', 'off', 0, false, null, undefined])
      expect(parseFlag(value), String(value)).toBe(false);
  });
});
