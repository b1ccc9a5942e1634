import type { Currency } from '../../src/money/index.js';

/** The demo store's currencies (OpenCart defaults): USD is the default currency. */
export const USD: Currency = {
  code: 'USD',
  title: 'US Dollar',
  symbolLeft: '$',
  symbolRight: '',
  decimalPlaces: 2,
  value: '1.00000000',
};
export const GBP: Currency = {
  code: 'GBP',
  title: 'Pound Sterling',
  symbolLeft: '£',
  symbolRight: '',
  decimalPlaces: 2,
  value: '0.61250001',
};
export const EUR: Currency = {
  code: 'EUR',
  title: 'Euro',
  symbolLeft: '',
  symbolRight: '€',
  decimalPlaces: 2,
  value: '0.78460002',
};
export const JPY: Currency = {
  code: 'JPY',
  title: 'Yen',
  symbolLeft: '¥',
  symbolRight: '',
  decimalPlaces: 0,
  value: '1.00000000',
};
export const currencies: readonly Currency[] = [USD, GBP, EUR];
