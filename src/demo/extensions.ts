/**
 * The demo store's shipping, payment and total extension settings.
 * @module
 */

import type { ExtensionConfig, FeeTotalConfig } from '../domain/settings/extension-config.js';
import { money } from '../money/index.js';

const usd = (amount: string) => money(amount, 'USD');

/** A fee total installed but switched off, as OpenCart installs `handling` and `low_order_fee`. */
function disabledFee(sortOrder: number): FeeTotalConfig {
  return { status: false, sortOrder, fee: usd('0.00'), total: usd('0.00'), taxClassId: 0 };
}

/**
 * What OpenCart 4.1.0.4 installs, on: shipping flat 5.00 (sort 1, everywhere); payment free_checkout (sort 1) and
 * cod (5); totals sub_total 1, reward 2, shipping 3, coupon 4, tax 5, credit 7, total 9, with handling and
 * low_order_fee off. Cheque (sort 6) is on as well, though OpenCart does not install it: cod is offered only for
 * a cart that ships and free_checkout only when nothing is due, so a cart that does not ship could not be paid.
 *
 * Present but off until their `<type>_<code>_status` setting switches them on (OpenCart does not install them,
 * so a fresh store offers only flat shipping): shipping free from 500.00 (UK shipping zone, sort 2), item 2.00
 * per unit (sort 3), weight by kg in the UK shipping zone (sort 4), pickup (sort 5); payment bank_transfer (2).
 */
export function demoExtensions(): ExtensionConfig {
  return {
    shipping: {
      flat: { status: true, geoZoneId: 0, sortOrder: 1, cost: usd('5.00'), taxClassId: 9 },
      free: { status: false, geoZoneId: 4, sortOrder: 2, total: usd('500.00') },
      item: { status: false, geoZoneId: 0, sortOrder: 3, cost: usd('2.00'), taxClassId: 9 },
      weight: {
        status: false,
        taxClassId: 9,
        sortOrder: 4,
        zones: [
          {
            geoZoneId: 4,
            status: true,
            rates: [
              { weight: '1', cost: usd('5.00') },
              { weight: '5', cost: usd('10.00') },
              { weight: '10', cost: usd('20.00') },
              { weight: '100', cost: usd('40.00') },
            ],
          },
        ],
      },
      pickup: { status: false, geoZoneId: 0, sortOrder: 5 },
    },
    payment: {
      free_checkout: { status: true, geoZoneId: 0, sortOrder: 1, orderStatusId: 1 },
      bank_transfer: {
        status: false,
        geoZoneId: 0,
        sortOrder: 2,
        orderStatusId: 1,
        instructions: 'Please transfer the total amount to: Your Store, Demo Bank, account 00000000.',
      },
      cheque: { status: true, geoZoneId: 0, sortOrder: 6, orderStatusId: 1, payable: 'Your Store' },
      cod: { status: true, geoZoneId: 0, sortOrder: 5, orderStatusId: 1 },
    },
    totals: {
      sub_total: { status: true, sortOrder: 1 },
      reward: { status: true, sortOrder: 2 },
      shipping: { status: true, sortOrder: 3 },
      coupon: { status: true, sortOrder: 4 },
      tax: { status: true, sortOrder: 5 },
      handling: disabledFee(6),
      credit: { status: true, sortOrder: 7 },
      low_order_fee: disabledFee(8),
      total: { status: true, sortOrder: 9 },
    },
  };
}
