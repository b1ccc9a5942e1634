/**
 * Comparisons and predicates. All compare exact values, never strings or floats.
 * @module
 */

import { assertSameCurrency } from './checks.js';
import type { Money } from './money.js';
import { amountOf } from './money.js';

/**
 * `-1` when `a < b`, `0` when equal, `1` when `a > b`. Usable as an `Array.prototype.sort` comparator.
 * @throws CartwrightInvariantError when the currencies differ.
 */
export function compare(a: Money, b: Money): -1 | 0 | 1 {
  assertSameCurrency(a, b, 'compare');
  const c = amountOf(a).comparedTo(amountOf(b));
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

/**
 * True when `a` and `b` have the same value. Like every binary operation it refuses mixed currencies rather than
 * answering `false`: comparing a USD and a EUR amount is a bug, not an inequality.
 * @throws CartwrightInvariantError when the currencies differ.
 */
export function equals(a: Money, b: Money): boolean {
  return compare(a, b) === 0;
}

/** True when `m` is zero. */
export function isZero(m: Money): boolean {
  return amountOf(m).isZero();
}

/** True when `m` is strictly below zero. */
export function isNegative(m: Money): boolean {
  const d = amountOf(m);
  return d.isNegative() && !d.isZero();
}

/** True when `m` is strictly above zero. */
export function isPositive(m: Money): boolean {
  const d = amountOf(m);
  return d.isPositive() && !d.isZero();
}

/**
 * The smaller of `a` and `b` (`a` when equal), returned as is (e.g. a coupon capped at the subtotal).
 * @throws CartwrightInvariantError when the currencies differ.
 */
export function minimum(a: Money, b: Money): Money {
  return compare(a, b) <= 0 ? a : b;
}

/**
 * The larger of `a` and `b` (`a` when equal), returned as is (e.g. a total floored at zero).
 * @throws CartwrightInvariantError when the currencies differ.
 */
export function maximum(a: Money, b: Money): Money {
  return compare(a, b) >= 0 ? a : b;
}
