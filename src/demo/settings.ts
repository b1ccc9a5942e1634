/**
 * The demo store's settings: OpenCart 4.1.0.4's as installed, except that the telephone is required and a payment
 * address is collected (both unset in a fresh install), so the demo asks what a real checkout asks.
 * @module
 */
import type { MeasureClass, OrderStatus, StoreSettings } from '../domain/settings/settings.js';
import type { Currency } from '../money/index.js';

/**
 * USD (default), GBP and EUR with OpenCart's demo rates: the enabled ones. The five installed disabled (HKD, INR,
 * RUB, CNY, AUD) cannot be chosen, so they are left out.
 */
export function demoCurrencies(): Currency[] {
  return [
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
  ];
}

/** OpenCart's order statuses (ids as installed; 4 and 6 are not used). */
export function demoOrderStatuses(): OrderStatus[] {
  const names: [number, string][] = [
    [1, 'Pending'],
    [2, 'Processing'],
    [3, 'Shipped'],
    [5, 'Complete'],
    [7, 'Canceled'],
    [8, 'Denied'],
    [9, 'Canceled Reversal'],
    [10, 'Failed'],
    [11, 'Refunded'],
    [12, 'Reversed'],
    [13, 'Chargeback'],
    [14, 'Expired'],
    [15, 'Processed'],
    [16, 'Voided'],
  ];
  return names.map(([orderStatusId, name]) => ({ orderStatusId, name }));
}

/**
 * Weight classes against the kilogram (OpenCart 4.1.0.4's `weight_class` rows: pound and ounce are 3 and 4, and
 * the pound's title carries the trailing space it is installed with).
 */
export function demoWeightClasses(): MeasureClass[] {
  return [
    { id: 1, title: 'Kilogram', unit: 'kg', value: '1.00000000' },
    { id: 2, title: 'Gram', unit: 'g', value: '1000.00000000' },
    { id: 3, title: 'Pound ', unit: 'lb', value: '2.20460000' },
    { id: 4, title: 'Ounce', unit: 'oz', value: '35.27400000' },
  ];
}

/** Length classes against the centimetre (OpenCart's `length_class` rows). */
export function demoLengthClasses(): MeasureClass[] {
  return [
    { id: 1, title: 'Centimeter', unit: 'cm', value: '1.00000000' },
    { id: 2, title: 'Millimeter', unit: 'mm', value: '10.00000000' },
    { id: 3, title: 'Inch', unit: 'in', value: '0.39370000' },
  ];
}

/** The demo store's settings (store 0 "Your Store"). */
export function demoSettings(): StoreSettings {
  return {
    storeId: 0,
    storeName: 'Your Store',
    storeUrl: 'http://localhost/',
    language: 'en-gb',
    currency: 'USD',
    currencies: demoCurrencies(),
    customerGroupId: 1,
    telephoneRequired: true,
    stockCheckout: false,
    checkoutPaymentAddress: true,
    orderStatusId: 1,
    processingStatusIds: [5, 1, 2, 12, 3],
    completeStatusIds: [5, 3],
    fraudStatusId: 8,
    voidStatusId: 16,
    orderStatuses: demoOrderStatuses(),
    tax: true,
    taxDefault: 'shipping',
    storeAddress: { countryId: 222, zoneId: 3563 },
    invoicePrefix: 'INV-2026-00',
    weightClassId: 1,
    weightClasses: demoWeightClasses(),
    lengthClassId: 1,
    lengthClasses: demoLengthClasses(),
    roundingMode: 'half-away-from-zero',
    paymentHoldMinutes: 30,
    paymentCaptureStatusIds: [2, 3, 5],
    paymentVoidStatusIds: [7, 8, 16, 12, 11],
  };
}
