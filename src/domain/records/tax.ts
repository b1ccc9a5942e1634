/**
 * Tax records: what a {@link TaxRates} port returns.
 * @module
 */

/** `P`: percent of the amount; `F`: a fixed amount per unit. */
export type TaxRateType = 'P' | 'F';

/** Which address decides whether a tax rule applies. */
export type TaxBasis = 'shipping' | 'payment' | 'store';

/** A tax rate, valid in one geo zone for some customer groups. */
export interface TaxRate {
  readonly taxRateId: number;
  readonly name: string;
  /** Percent for `P`, an amount in the default currency for `F`; decimal string. */
  readonly rate: string;
  readonly type: TaxRateType;
  readonly geoZoneId: number;
  readonly customerGroupIds: readonly number[];
}

/** Links a tax class to a rate, by an address basis, in priority order (priorities never compound). */
export interface TaxRule {
  readonly taxClassId: number;
  readonly taxRateId: number;
  readonly based: TaxBasis;
  readonly priority: number;
}

/** The rules of some tax classes and every rate they name. */
export interface TaxTable {
  readonly rules: readonly TaxRule[];
  readonly rates: readonly TaxRate[];
}
