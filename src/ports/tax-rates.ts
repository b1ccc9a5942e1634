/**
 * The tax-rate port.
 * @module
 */
import type { TaxTable } from '../domain/records/tax.js';

/**
 * Tax rules and rates.
 *
 * Contract (the `cartwright/testing` suite `describeTaxRatesContract` checks every point): `getTaxTable` returns every rule of the given tax classes and every rate those rules name; unknown
 * classes contribute nothing; each rate comes once, however many rules name it. Which rules apply (basis address, geo zone, customer group) is decided by the
 * pure tax rule, not by the port.
 */
export interface TaxRates {
  /** The rules of these tax classes and the rates they name. */
  getTaxTable(taxClassIds: readonly number[]): Promise<TaxTable>;
}
