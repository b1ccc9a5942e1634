/**
 * Store settings, addresses, geo zones and contexts for testing shipping and payment methods.
 * @module
 */
import type { SessionAddress } from '../domain/machine/session.js';
import type { GeoZone } from '../domain/records/geo.js';
import type { StoreSettings } from '../domain/settings/settings.js';
import { money } from '../money/index.js';
import type { PaymentContext } from '../ports/payment-method.js';
import type { ShippingContext } from '../ports/shipping-method.js';

/** A small store's settings: USD (default), GBP and EUR, kilograms and centimetres, OpenCart's statuses. */
export function sampleStoreSettings(overrides: Partial<StoreSettings> = {}): StoreSettings {
  return {
    storeId: 0,
    storeName: 'Sample Store',
    storeUrl: 'https://shop.example.com/',
    language: 'en-gb',
    currency: 'USD',
    currencies: [
      {
        code: 'USD',
        title: 'US Dollar',
        symbolLeft: '$',
        symbolRight: '',
        decimalPlaces: 2,
        value: '1.00000000',
      },
      {
        code: 'GBP',
        title: 'Pound Sterling',
        symbolLeft: '£',
        symbolRight: '',
        decimalPlaces: 2,
        value: '0.61250001',
      },
      { code: 'EUR', title: 'Euro', symbolLeft: '', symbolRight: '€', decimalPlaces: 2, value: '0.78460002' },
    ],
    customerGroupId: 1,
    telephoneRequired: true,
    stockCheckout: false,
    checkoutPaymentAddress: true,
    orderStatusId: 1,
    processingStatusIds: [5, 1, 2, 12, 3],
    completeStatusIds: [5, 3],
    fraudStatusId: 8,
    voidStatusId: 16,
    orderStatuses: [
      { orderStatusId: 1, name: 'Pending' },
      { orderStatusId: 2, name: 'Processing' },
      { orderStatusId: 5, name: 'Complete' },
      { orderStatusId: 7, name: 'Canceled' },
      { orderStatusId: 8, name: 'Denied' },
    ],
    tax: true,
    taxDefault: 'shipping',
    storeAddress: { countryId: 222, zoneId: 3563 },
    invoicePrefix: 'INV-',
    weightClassId: 1,
    weightClasses: [
      { id: 1, title: 'Kilogram', unit: 'kg', value: '1.00000000' },
      { id: 2, title: 'Gram', unit: 'g', value: '1000.00000000' },
    ],
    lengthClassId: 1,
    lengthClasses: [{ id: 1, title: 'Centimeter', unit: 'cm', value: '1.00000000' }],
    roundingMode: 'half-away-from-zero',
    ...overrides,
  };
}

/** An address in Lancashire, United Kingdom (country 222, zone 3563). */
export function sampleUkAddress(overrides: Partial<SessionAddress> = {}): SessionAddress {
  return {
    addressId: 0,
    firstname: 'Grace',
    lastname: 'Hopper',
    company: '',
    address1: '1 Market Street',
    address2: '',
    city: 'Preston',
    postcode: 'PR1 2HJ',
    countryId: 222,
    country: 'United Kingdom',
    isoCode2: 'GB',
    isoCode3: 'GBR',
    zoneId: 3563,
    zone: 'Lancashire',
    zoneCode: 'LAN',
    addressFormat: '',
    customField: {},
    ...overrides,
  };
}

/** An address in Berlin, Germany (country 81, zone 1256): in none of the sample geo zones. */
export function sampleGermanAddress(): SessionAddress {
  return sampleUkAddress({
    city: 'Berlin',
    postcode: '10115',
    countryId: 81,
    country: 'Germany',
    isoCode2: 'DE',
    isoCode3: 'DEU',
    zoneId: 1256,
    zone: 'Berlin',
    zoneCode: 'BER',
  });
}

/** Geo zones 3 (the whole United Kingdom) and 4 (Lancashire only). */
export function sampleGeoZones(): GeoZone[] {
  return [
    { geoZoneId: 3, name: 'UK VAT Zone', members: [{ countryId: 222, zoneId: 0 }] },
    { geoZoneId: 4, name: 'Lancashire', members: [{ countryId: 222, zoneId: 3563 }] },
  ];
}

/** A shipping context: two shippable units of 1.5 kg in all, 120.00 net, to the UK address. */
export function sampleShippingContext(overrides: Partial<ShippingContext> = {}): ShippingContext {
  return {
    address: sampleUkAddress(),
    geoZones: sampleGeoZones(),
    subTotal: money('120.00', 'USD'),
    shippableQuantity: 2,
    weight: '1.50000000',
    settings: sampleStoreSettings(),
    ...overrides,
  };
}

/** A payment context: a cart that ships, no subscription, 150.00 in all, paid from the UK address. */
export function samplePaymentContext(overrides: Partial<PaymentContext> = {}): PaymentContext {
  return {
    paymentAddress: sampleUkAddress(),
    geoZones: sampleGeoZones(),
    cartShips: true,
    hasSubscription: false,
    total: money('150.00', 'USD'),
    settings: sampleStoreSettings(),
    ...overrides,
  };
}
