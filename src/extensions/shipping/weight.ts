/**
 * `weight`: rates by cart weight, one table per geo zone (OpenCart `extension/opencart/shipping/weight`).
 * @module
 */

import { isInGeoZone } from '../../domain/address/geo-zone.js';
import type { ShippingQuote, ShippingQuoteGroup } from '../../domain/machine/session.js';
import type { GeoZone } from '../../domain/records/geo.js';
import type {
  WeightRateStep,
  WeightShippingConfig,
  WeightShippingZone,
} from '../../domain/settings/extension-config.js';
import type { StoreSettings } from '../../domain/settings/settings.js';
import { sumMeasures } from '../../money/index.js';
import type { ShippingContext, ShippingMethod } from '../../ports/shipping-method.js';

/** Texts of the weight method, for a host that translates; OpenCart's en-gb texts by default. */
export interface WeightShippingNames {
  /** The group's title; default `Weight Based Shipping`. */
  readonly title?: string;
  /**
   * A quote's name from the geo zone's name and the formatted cart weight (`1.50kg`); default OpenCart's
   * `<geo zone name>  (Weight: <weight>)`, two spaces included.
   */
  readonly name?: (geoZoneName: string, weight: string) => string;
}

/** OpenCart's quote name: the geo zone's name, two spaces (as OpenCart writes it), then the weight. */
function defaultQuoteName(geoZoneName: string, weight: string): string {
  return `${geoZoneName}  (Weight: ${weight})`;
}

/**
 * A measure in canonical form (`"1"` → `"1.0000"`), through `sumMeasures` so that it is parsed exactly and a
 * malformed one throws; no float ever holds a weight, since weights become money here.
 */
function canonicalMeasure(value: string): string {
  return sumMeasures([value]);
}

/** `-1`, `0` or `1` as `a` is below, equal to or above `b`, exactly (both canonical). */
function compareMeasures(a: string, b: string): -1 | 0 | 1 {
  const negated = b.startsWith('-') ? b.slice(1) : `-${b}`;
  const difference = sumMeasures([a, negated]);
  if (difference === '0.0000') return 0;
  return difference.startsWith('-') ? -1 : 1;
}

/** Inserts `,` between groups of three digits, from the right (PHP `number_format`'s default). */
function groupThousands(digits: string): string {
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}

/**
 * A weight (a plain decimal string in the store's weight class) as OpenCart's `weight->format` writes it:
 * 2 decimals, half away from zero (PHP `number_format`), thousands grouped with `,`, then the unit of the store's
 * weight class (none when the class is unknown). Rounded on the digits with BigInt, so `1.005` gives `1.01` where
 * a float could give `1.00`.
 * @throws CartwrightInvariantError when `weight` is not a plain decimal string.
 */
export function formatWeight(weight: string, settings: StoreSettings): string {
  const canonical = canonicalMeasure(weight);
  const negative = canonical.startsWith('-');
  const [integer = '0', fraction = ''] = (negative ? canonical.slice(1) : canonical).split('.');
  // A canonical measure has at least 4 decimals, so the third one is always there.
  let hundredths = BigInt(integer + fraction.slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') hundredths += 1n;
  const digits = hundredths.toString().padStart(3, '0');
  const sign = negative && hundredths !== 0n ? '-' : '';
  const unit = settings.weightClasses.find((c) => c.id === settings.weightClassId)?.unit ?? '';
  return `${sign}${groupThousands(digits.slice(0, -2))}.${digits.slice(-2)}${unit}`;
}

/** A rate step with its weight in canonical form, checked once when the method is made. */
interface Step {
  readonly weight: string;
  readonly step: WeightRateStep;
}

/**
 * The step pricing a cart of `weight`: the lightest step whose weight is at least the cart's (inclusive), the
 * first listed among equals; none when the cart is heavier than every step. OpenCart takes the first step in
 * list order whose weight is at least the cart's, which is the same for an ascending table (as the config
 * documents) and picks a dearer step of an unsorted one; choosing the lightest makes the order not matter.
 */
function stepFor(steps: readonly Step[], weight: string): WeightRateStep | undefined {
  let best: Step | undefined;
  for (const candidate of steps) {
    if (compareMeasures(candidate.weight, weight) < 0) continue;
    if (best === undefined || compareMeasures(candidate.weight, best.weight) < 0) best = candidate;
  }
  return best?.step;
}

/** An enabled zone's table, ready to price. */
interface PreparedZone {
  readonly zone: WeightShippingZone;
  readonly steps: readonly Step[];
}

/**
 * Case-insensitive, as MySQL's `ORDER BY name` (and the catalog's name sorts), but without a locale, so the order is
 * the same on every host.
 */
function compareNames(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The enabled zones the address is in, with their geo zones, ordered as OpenCart walks them: by geo zone name,
 * ignoring case (then id, for a stable order). A zone id that names no geo zone matches no address, including
 * id 0, which here is not "everywhere": a weight table belongs to a real geo zone, whose name the quote shows.
 */
function matchingZones(
  zones: readonly PreparedZone[],
  context: ShippingContext,
): { readonly prepared: PreparedZone; readonly geoZone: GeoZone }[] {
  const matches: { readonly prepared: PreparedZone; readonly geoZone: GeoZone }[] = [];
  for (const prepared of zones) {
    const geoZone = context.geoZones.find((g) => g.geoZoneId === prepared.zone.geoZoneId);
    if (geoZone !== undefined && isInGeoZone(geoZone, context.address)) matches.push({ prepared, geoZone });
  }
  return matches.sort(
    (a, b) => compareNames(a.geoZone.name, b.geoZone.name) || a.geoZone.geoZoneId - b.geoZone.geoZoneId,
  );
}

/**
 * The weight-based method: group `weight` ("Weight Based Shipping") with one quote per enabled zone of
 * `config.zones` whose geo zone holds the shipping address, keyed `weight_<geoZoneId>` (code
 * `weight.weight_<geoZoneId>`), named `<geo zone name>  (Weight: 1.50kg)`, costing the zone's step for the
 * weight of the lines that ship (see the config: the first step, ascending, whose weight is at least the cart's),
 * taxed by `config.taxClassId`.
 *
 * A cart heavier than every step of a zone gets no quote for that zone, as OpenCart (it quotes only when a step
 * matched and has a cost); the group is null when the method is off or no zone quotes. Weights are compared
 * exactly, so a cart of exactly 1 kg takes a `1` step and 1.0001 kg the next one.
 *
 * @param config - the store's `shipping_weight_*` settings; weights are in the store's weight class, costs in
 *   the default currency, net of tax.
 * @param names - the group title and the quote-name template, for a host that translates.
 * @throws CartwrightInvariantError when a step's weight is not a plain decimal string (a configuration bug,
 *   caught when the method is made rather than at a customer's checkout).
 */
export function createWeightShipping(
  config: WeightShippingConfig,
  names: WeightShippingNames = {},
): ShippingMethod {
  const title = names.title ?? 'Weight Based Shipping';
  const quoteName = names.name ?? defaultQuoteName;
  const zones: readonly PreparedZone[] = config.zones
    .filter((zone) => zone.status)
    .map((zone) => ({
      zone,
      steps: zone.rates.map((step) => ({ weight: canonicalMeasure(step.weight), step })),
    }));
  return {
    code: 'weight',
    quote(context) {
      if (!config.status) return null;
      const weight = canonicalMeasure(context.weight);
      const quotes: Record<string, ShippingQuote> = {};
      for (const { prepared, geoZone } of matchingZones(zones, context)) {
        const step = stepFor(prepared.steps, weight);
        if (step === undefined) continue;
        const key = `weight_${geoZone.geoZoneId}`;
        // OpenCart has one table per geo zone; should a config list a zone twice, the first listed one counts.
        if (Object.hasOwn(quotes, key)) continue;
        quotes[key] = {
          code: `weight.${key}`,
          name: quoteName(geoZone.name, formatWeight(weight, context.settings)),
          cost: step.cost,
          taxClassId: config.taxClassId,
        };
      }
      if (Object.keys(quotes).length === 0) return null;
      const group: ShippingQuoteGroup = { code: 'weight', title, quote: quotes, sortOrder: config.sortOrder };
      return group;
    },
  };
}
