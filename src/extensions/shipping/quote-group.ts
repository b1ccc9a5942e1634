/**
 * What the built-in shipping methods share: the optional texts a host may translate, the geo-zone test on the
 * shipping address, and the one-quote group most of them answer.
 * @module
 */
import { appliesInGeoZone } from '../../domain/address/geo-zone.js';
import type { ShippingQuoteGroup } from '../../domain/machine/session.js';
import type { Money } from '../../money/index.js';
import type { ShippingContext } from '../../ports/shipping-method.js';

/**
 * Texts of a one-quote shipping method. {@link ShippingContext} carries no message catalogue, so the built-ins
 * answer OpenCart's en-gb texts unless the host passes its own here (one method object per language if the
 * store speaks several).
 */
export interface ShippingNames {
  /** The group's title (OpenCart `text_title`), e.g. `Flat Rate`. */
  readonly title?: string;
  /** The quote's name (OpenCart `text_description`), e.g. `Flat Shipping Rate`. */
  readonly name?: string;
}

/**
 * Whether a method limited to `geoZoneId` serves the context's shipping address (0 means every address, and an
 * id naming no known geo zone serves none, as OpenCart's `zone_to_geo_zone` query).
 */
export function servesAddress(geoZoneId: number, context: ShippingContext): boolean {
  return appliesInGeoZone(geoZoneId, context.geoZones, context.address);
}

/** What a one-quote group is made of; the quote key equals the method code (`flat` → `flat.flat`). */
export interface SingleQuote {
  readonly code: string;
  readonly title: string;
  readonly name: string;
  readonly cost: Money;
  readonly taxClassId: number;
  readonly sortOrder: number;
}

/** The group `{ code, title, quote: { <code>: { code: '<code>.<code>', … } }, sortOrder }`. */
export function singleQuoteGroup(quote: SingleQuote): ShippingQuoteGroup {
  return {
    code: quote.code,
    title: quote.title,
    quote: {
      [quote.code]: {
        code: `${quote.code}.${quote.code}`,
        name: quote.name,
        cost: quote.cost,
        taxClassId: quote.taxClassId,
      },
    },
    sortOrder: quote.sortOrder,
  };
}
