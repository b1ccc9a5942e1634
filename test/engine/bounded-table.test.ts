import { describe, expect, it } from 'vitest';
import { boundedTable } from '../../src/engine/checkout-cache.js';

describe('a bounded table', () => {
  it('keeps values by key and starts over once it holds its limit', () => {
    const table = boundedTable<string, number>(3);
    for (const [index, key] of ['a', 'b', 'c'].entries()) expect(table.keep(key, index)).toBe(index);
    expect([table.get('a'), table.get('b'), table.get('c')]).toEqual([0, 1, 2]);
    table.keep('d', 3);
    expect([table.get('a'), table.get('b'), table.get('c'), table.get('d')]).toEqual([
      undefined,
      undefined,
      undefined,
      3,
    ]);
  });
});
