/**
 * Converting between stored values and record fields: amounts, ids, dates and JSON columns.
 * @module
 */
import { CartwrightInvariantError } from '../../domain/errors.js';
import { type Money, moneyFromJSON } from '../../money/index.js';

/** SQL: a `DATE` column as `YYYY-MM-DD` (NULL stays NULL), whatever the session's `DateStyle`. */
export const isoDate = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** SQL: a `TIMESTAMPTZ` column as an ISO-8601 UTC string with milliseconds, as `Date#toISOString` writes it. */
export const isoTimestamp = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A stored amount (NUMERIC read as text) as {@link Money} in `currency`. */
export function toMoney(amount: unknown, currency: string): Money {
  const value = moneyFromJSON({ amount, currency });
  if (value === undefined) {
    throw new CartwrightInvariantError(`postgres: stored amount ${JSON.stringify(amount)} is not an amount`);
  }
  return value;
}

/** The amount of `value` to store, after checking that it is in the store's `currency`. */
export function amountIn(value: Money, currency: string, field: string): string {
  if (value.currency !== currency) {
    throw new CartwrightInvariantError(
      `postgres: ${field} is in ${value.currency}; amounts are stored in the store currency ${currency}`,
    );
  }
  return value.amount;
}

/** True for a number that can be an `INTEGER` id; any other value names no row, so needs no query. */
export function isStoredId(value: number): boolean {
  return Number.isSafeInteger(value) && value >= -2_147_483_648 && value <= 2_147_483_647;
}

/** True for text PostgreSQL can hold (no NUL character); any other text matches no row. */
export function isStoredText(value: string): boolean {
  return !value.includes('\u0000');
}

/** A JSON column's value: parsed already by `pg`, or parsed here when the host's type parsers left it as text. */
export function jsonColumn<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** The one value of a single-row, single-column answer. */
export function firstValue(rows: readonly Record<string, unknown>[], column: string): unknown {
  return rows[0]?.[column];
}
