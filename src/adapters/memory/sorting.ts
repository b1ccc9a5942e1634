/**
 * Sorting and paging shared by the memory lists.
 * @module
 */
import type { SortOrder } from '../../domain/records/catalog.js';

/** A comparator on the sort key alone; ties are decided by {@link sortWithIdTies}. */
export type KeyComparator<T> = (a: T, b: T) => number;

/**
 * Case-insensitive text order. Lower-cases and compares UTF-16 code units rather than using a locale collation,
 * so the order is the same on every Node build, with or without full ICU.
 */
export function compareText(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Plain numeric order. */
export function compareNumbers(a: number, b: number): number {
  return a - b;
}

/**
 * Sorts a copy of `items` by `compareKey` in `order`, breaking ties by id ascending in either direction: the
 * order is total, so consecutive pages never overlap or skip an item.
 */
export function sortWithIdTies<T>(
  items: readonly T[],
  compareKey: KeyComparator<T>,
  order: SortOrder,
  idOf: (item: T) => number,
): T[] {
  const direction = order === 'DESC' ? -1 : 1;
  return [...items].sort((a, b) => direction * compareKey(a, b) || idOf(a) - idOf(b));
}

/** The page `[start, start + limit)` of `items`; negative bounds count as 0. */
export function page<T>(items: readonly T[], start: number, limit: number): T[] {
  const from = Math.max(0, start);
  return items.slice(from, from + Math.max(0, limit));
}
