/**
 * `minimalExtensionConfig(currency)`: extension settings for a store of one's own to start from — every shipping
 * and payment method off, and the totals every store shows (sub-total, shipping, tax, total) on.
 * @module
 */
import type { ExtensionConfig, FeeTotalConfig } from '../domain/settings/extension-config.js';
import { money } from '../money/index.js';

/**
 * Extension settings with every built-in shipping and payment method off and the sub_total, shipping, tax and
 * total calculators on (in OpenCart's sort order); switch on what the store offers by replacing its entry.
 *
 * @example
 * ```ts
 * const base = minimalExtensionConfig('GBP');
 * const config = { ...base, payment: { ...base.payment, cod: { ...base.payment.cod, status: true } } };
 * ```
 */
export function minimalExtensionConfig(currency: string): ExtensionConfig {
  const zero = money('0', currency);
  const off = { status: false, geoZoneId: 0 } as const;
  const fee = (sortOrder: number): FeeTotalConfig => ({
    status: false,
    sortOrder,
    fee: zero,
    total: zero,
    taxClassId: 0,
  });
  return {
    shipping: {
      flat: { ...off, sortOrder: 1, cost: zero, taxClassId: 0 },
      free: { ...off, sortOrder: 2, total: zero },
      item: { ...off, sortOrder: 3, cost: zero, taxClassId: 0 },
      weight: { status: false, taxClassId: 0, sortOrder: 4, zones: [] },
      pickup: { ...off, sortOrder: 5 },
    },
    payment: {
      free_checkout: { ...off, sortOrder: 1, orderStatusId: 0 },
      bank_transfer: { ...off, sortOrder: 2, orderStatusId: 0, instructions: '' },
      cheque: { ...off, sortOrder: 3, orderStatusId: 0, payable: '' },
      cod: { ...off, sortOrder: 4, orderStatusId: 0 },
    },
    totals: {
      sub_total: { status: true, sortOrder: 1 },
      reward: { status: false, sortOrder: 2 },
      shipping: { status: true, sortOrder: 3 },
      coupon: { status: false, sortOrder: 4 },
      tax: { status: true, sortOrder: 5 },
      handling: fee(6),
      credit: { status: false, sortOrder: 7 },
      low_order_fee: fee(8),
      total: { status: true, sortOrder: 9 },
    },
  };
}
