import { describe, expect, it } from 'vitest';
import { frozenCopy } from '../../../src/adapters/memory/freeze.js';
import { money } from '../../../src/money/index.js';

describe('frozenCopy', () => {
  it('copies plain objects and lists deep, frozen, and keeps what was frozen already', () => {
    const total = money('12.50', 'USD');
    const lines = [{ name: 'Cinema', option: { '208': 'text' } }];
    const given = { total, lines, note: undefined, empty: null };
    const copy = frozenCopy(given);
    expect(copy).toEqual(given);
    expect(copy).not.toBe(given);
    expect(copy.lines).not.toBe(lines);
    expect(copy.lines[0]?.option).not.toBe(lines[0]?.option);
    expect(copy.total).toBe(total);
    expect(Object.isFrozen(copy.lines[0]?.option)).toBe(true);
    lines[0] = { name: 'changed', option: { '208': 'changed' } };
    expect(copy.lines[0]?.name).toBe('Cinema');
  });

  it('copies what is not plain data as structuredClone does', () => {
    const at = new Date('2026-01-01T00:00:00.000Z');
    const copy = frozenCopy({ at, tags: new Set(['a']) });
    expect(copy.at).not.toBe(at);
    expect(copy.at.getTime()).toBe(at.getTime());
    expect([...copy.tags]).toEqual(['a']);
  });
});
