/**
 * The pure tax rule (OpenCart `system/library/cart/tax.php` and `startup/tax.php`), fed with the session's
 * addresses instead of a request's. Amounts are exact decimals, never rounded here; no I/O.
 * @module
 */
import { add, type Money, money, multiply, percent } from '../../money/index.js';
import { type GeoPlace, isInGeoZone } from '../address/geo-zone.js';
import type { GeoZone } from '../records/geo.js';
import type { TaxBasis, TaxRate, TaxTable } from '../records/tax.js';
import type { TaxAmount } from './totals/calculator.js';

/** What the tax rule reads: the session's addresses and customer group, the store's settings and tables. */
export interface TaxContext {
  /** The session's shipping address; null when none is set. */
  readonly shippingAddress: GeoPlace | null;
  /** The session's payment address; null when none is set. */
  readonly paymentAddress: GeoPlace | null;
  /** `config_country_id` / `config_zone_id`. */
  readonly storeAddress: GeoPlace;
  /** `config_tax_default`: the basis for which the store address stands in for a missing session address. */
  readonly taxDefault: TaxBasis | null;
  readonly customerGroupId: number;
  readonly geoZones: readonly GeoZone[];
  readonly table: TaxTable;
}

/** The rates that apply to each tax class for one {@link TaxContext}, and the tax they levy. */
export interface TaxRateSet {
  /** The rates of `taxClassId`, by rule priority then rate id, each once; empty for class 0 or an unknown class. */
  ratesFor(taxClassId: number): readonly TaxRate[];
  /**
   * The tax on `quantity` units of `unitAmount` of class `taxClassId`, one entry per rate in {@link ratesFor}
   * order: `P` is `unitAmount × rate / 100 × quantity` (every percentage on the untaxed amount, never
   * compounded), `F` is `rate × quantity` (fixed per unit). Exact, unrounded, in `unitAmount`'s currency
   * (`F` rates are in the default currency, which is the currency the totals work in).
   * @throws CartwrightInvariantError when `quantity` is not a safe integer.
   */
  taxesOn(unitAmount: Money, taxClassId: number, quantity: number): readonly TaxAmount[];
}

/** The address a rule of `basis` is matched against, or null when the rule does not apply at all. */
function addressFor(ctx: TaxContext, basis: TaxBasis): GeoPlace | null {
  switch (basis) {
    case 'store':
      return ctx.storeAddress;
    case 'shipping':
      return ctx.shippingAddress ?? (ctx.taxDefault === 'shipping' ? ctx.storeAddress : null);
    case 'payment':
      return ctx.paymentAddress ?? (ctx.taxDefault === 'payment' ? ctx.storeAddress : null);
  }
}

/**
 * Resolves, per tax class, the rates that apply to the context. A rule of basis `shipping` (or `payment`) is
 * matched against the session's shipping (or payment) address, or the store address when the session has none
 * and `taxDefault` names that basis; a `store` rule always against the store address. A rate applies when it is
 * linked to the customer group and its geo zone contains the address (a rate's geo zone 0 or an unknown geo
 * zone contains nothing, as in OpenCart's join). A rate reachable through several rules of a class is kept once,
 * at the lowest priority of those rules; rates are ordered by priority, then rate id. The result does not depend
 * on the order of the table's rules, rates or geo zones.
 */
export function createTaxRates(ctx: TaxContext): TaxRateSet {
  const rateById = new Map<number, TaxRate>();
  for (const rate of ctx.table.rates) {
    if (!rateById.has(rate.taxRateId)) rateById.set(rate.taxRateId, rate);
  }
  const zoneById = new Map<number, GeoZone>();
  for (const zone of ctx.geoZones) {
    if (!zoneById.has(zone.geoZoneId)) zoneById.set(zone.geoZoneId, zone);
  }

  /** Per class: rate id → lowest priority of the applicable rules naming it. */
  const found = new Map<number, Map<number, number>>();
  for (const rule of ctx.table.rules) {
    if (rule.taxClassId === 0) continue;
    const place = addressFor(ctx, rule.based);
    if (place === null) continue;
    const rate = rateById.get(rule.taxRateId);
    if (rate === undefined || !rate.customerGroupIds.includes(ctx.customerGroupId)) continue;
    const zone = zoneById.get(rate.geoZoneId);
    if (zone === undefined || !isInGeoZone(zone, place)) continue;
    let byRate = found.get(rule.taxClassId);
    if (byRate === undefined) {
      byRate = new Map();
      found.set(rule.taxClassId, byRate);
    }
    const seen = byRate.get(rate.taxRateId);
    if (seen === undefined || rule.priority < seen) byRate.set(rate.taxRateId, rule.priority);
  }

  const byClass = new Map<number, readonly TaxRate[]>();
  for (const [taxClassId, byRate] of found) {
    const ordered = [...byRate]
      .sort(([idA, prA], [idB, prB]) => prA - prB || idA - idB)
      .map(([id]) => rateById.get(id))
      .filter((rate): rate is TaxRate => rate !== undefined);
    byClass.set(taxClassId, Object.freeze(ordered));
  }
  const none: readonly TaxRate[] = Object.freeze([]);

  const ratesFor = (taxClassId: number): readonly TaxRate[] => byClass.get(taxClassId) ?? none;
  const taxesOf = (unitAmount: Money, rates: readonly TaxRate[], quantity: number): readonly TaxAmount[] =>
    Object.freeze(
      rates.map((rate) => ({
        taxRateId: rate.taxRateId,
        name: rate.name,
        amount:
          rate.type === 'P'
            ? multiply(percent(unitAmount, rate.rate), quantity)
            : multiply(fixedAmount(rate, unitAmount.currency), quantity),
      })),
    );

  /** Each `F` rate as an amount, by currency, made once. */
  const fixed = new Map<TaxRate, Map<string, Money>>();
  const fixedAmount = (rate: TaxRate, currency: string): Money => {
    let byCurrency = fixed.get(rate);
    if (byCurrency === undefined) {
      byCurrency = new Map();
      fixed.set(rate, byCurrency);
    }
    const known = byCurrency.get(currency);
    if (known !== undefined) return known;
    const amount = money(rate.rate, currency);
    byCurrency.set(currency, amount);
    return amount;
  };

  /**
   * The taxes worked out on each amount, by its text, class and quantity: the totals meet the same prices and
   * quotes more than once (the sub-total's lines, the tax lines, the quotes' texts), and so do the other
   * sessions that share this rule. Lives as long as the rate set, and starts again once it holds
   * {@link MAX_KNOWN_AMOUNTS}, so a rule kept for long never grows past that.
   */
  const known = new Map<string, readonly TaxAmount[]>();

  return {
    ratesFor,
    taxesOn(unitAmount: Money, taxClassId: number, quantity: number): readonly TaxAmount[] {
      const rates = ratesFor(taxClassId);
      if (rates.length === 0) return noTaxes;
      const key = `${unitAmount.amount} ${unitAmount.currency} ${taxClassId} ${quantity}`;
      const found = known.get(key);
      if (found !== undefined) return found;
      const taxes = taxesOf(unitAmount, rates, quantity);
      if (known.size >= MAX_KNOWN_AMOUNTS) known.clear();
      known.set(key, taxes);
      return taxes;
    },
  };
}

/** How many amounts a rate set keeps the taxes of before it starts again. */
const MAX_KNOWN_AMOUNTS = 1024;

/** No taxes. */
const noTaxes: readonly TaxAmount[] = Object.freeze([]);

/**
 * Adds up lists of tax amounts by rate: one entry per rate id (the key, as a string), its amounts summed
 * exactly, its name the first one seen.
 * @throws CartwrightInvariantError when amounts of one rate are in different currencies.
 */
export function sumTaxes(list: readonly (readonly TaxAmount[])[]): Readonly<Record<string, TaxAmount>> {
  const out: Record<string, TaxAmount> = {};
  for (const taxes of list) {
    for (const tax of taxes) {
      const key = String(tax.taxRateId);
      const prior = out[key];
      out[key] = prior === undefined ? tax : { ...prior, amount: add(prior.amount, tax.amount) };
    }
  }
  return out;
}
