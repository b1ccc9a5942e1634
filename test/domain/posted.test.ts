import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { postedList, postedListEntries } from '../../src/domain/posted.js';

describe('postedListEntries: where a list is expected', () => {
  it('reads an array as its items keyed by index', () => {
    expect(postedListEntries(['8', '10'])).toEqual([
      ['0', '8'],
      ['1', '10'],
    ]);
  });

  it('reads an object keyed by canonical whole numbers as that list, in numeric key order', () => {
    expect(postedListEntries({ 1: '10', 0: '8' })).toEqual([
      ['0', '8'],
      ['1', '10'],
    ]);
    expect(postedListEntries({ 10: 'c', 2: 'b', 0: 'a' })).toEqual([
      ['0', 'a'],
      ['2', 'b'],
      ['10', 'c'],
    ]);
    // Beyond the array index range, where the engine's own key order is insertion order.
    expect(postedListEntries({ '999999999999999': 'b', '4294967296': 'a' })).toEqual([
      ['4294967296', 'a'],
      ['999999999999999', 'b'],
    ]);
    expect(postedListEntries(Object.assign(Object.create(null), { 0: 'x' }))).toEqual([['0', 'x']]);
  });

  it('reads absent as the empty list, the empty object too, and a scalar as a one-item list', () => {
    expect(postedListEntries(undefined)).toEqual([]);
    expect(postedListEntries(null)).toEqual([]);
    expect(postedListEntries({})).toEqual([]);
    expect(postedListEntries([])).toEqual([]);
    for (const scalar of ['8', 8, '', true]) expect(postedListEntries(scalar)).toEqual([['0', scalar]]);
  });

  it('an object with any key that is not a canonical whole number is no list', () => {
    for (const key of ['01', '-1', '1.0', '+1', '1e3', ' 1', 'a', '', '1'.repeat(16)])
      expect(postedListEntries({ 0: 'x', [key]: 'y' }), JSON.stringify(key)).toBeUndefined();
  });

  it('the indexed form of any list is that list', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.integer())), (items) => {
        const indexed = Object.fromEntries(items.map((item, index) => [String(index), item]));
        expect(postedList(indexed)).toEqual(items);
        expect(postedList(items)).toEqual(items);
      }),
    );
  });
});

describe('postedList', () => {
  it('is the items alone; a value that is no list is a one-item list of itself', () => {
    expect(postedList({ 1: 'b', 0: 'a' })).toEqual(['a', 'b']);
    expect(postedList('a')).toEqual(['a']);
    const notAList = { a: '1' };
    expect(postedList(notAList)).toEqual([notAList]);
  });
});
