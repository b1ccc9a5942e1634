import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import {
  applyStoreConfig,
  checkStoreSettings,
  storeConfigNames,
} from '../../../src/domain/settings/parse.js';

const { settings } = demoStore();

describe('applyStoreConfig', () => {
  it('lays config_* values over the base settings', () => {
    const result = applyStoreConfig(settings, {
      config_telephone_required: true,
      config_stock_checkout: '1',
      config_checkout_payment_address: 0,
      config_order_status_id: '2',
      config_processing_status: [2, 3],
      config_tax_default: '',
      config_country_id: 223,
      config_zone_id: '3624',
      config_rounding_mode: 'half-even',
    });
    expect(result._unsafeUnwrap()).toEqual({
      ...settings,
      telephoneRequired: true,
      stockCheckout: true,
      checkoutPaymentAddress: false,
      orderStatusId: 2,
      processingStatusIds: [2, 3],
      taxDefault: null,
      storeAddress: { countryId: 223, zoneId: 3624 },
      roundingMode: 'half-even',
    });
  });

  it('keeps the base as it is for an empty config', () => {
    expect(applyStoreConfig(settings, {})._unsafeUnwrap()).toEqual(settings);
  });

  it('reads PHP-style flags', () => {
    for (const [value, expected] of [
      [true, true],
      [1, true],
      ['1', true],
      ['true', true],
      [false, false],
      [0, false],
      ['0', false],
      ['false', false],
      ['', false],
    ] as const) {
      expect(applyStoreConfig(settings, { config_tax: value })._unsafeUnwrap().tax, String(value)).toBe(
        expected,
      );
    }
  });

  it('refuses unknown names, bad values and non-objects, keyed by name', () => {
    expect(
      applyStoreConfig(settings, {
        config_telephone_requried: true,
        config_stock_checkout: 'yes',
        config_customer_group_id: 0,
        config_zone_id: 'x',
        config_order_status_id: true,
        config_processing_status: ['5', ''],
        config_rounding_mode: 'bankers',
      })._unsafeUnwrapErr(),
    ).toEqual({
      config_telephone_requried: 'Unknown setting config_telephone_requried!',
      config_stock_checkout: 'config_stock_checkout has an invalid value!',
      config_customer_group_id: 'config_customer_group_id has an invalid value!',
      config_zone_id: 'config_zone_id must be a whole number!',
      config_order_status_id: 'config_order_status_id has an invalid value!',
      config_processing_status: 'config_processing_status has an invalid value!',
      config_rounding_mode: 'config_rounding_mode has an invalid value!',
    });
    for (const bad of [null, [], 'config_tax=1', 7]) {
      expect(applyStoreConfig(settings, bad)._unsafeUnwrapErr()).toHaveProperty('warning');
    }
  });

  it('refuses a text setting given as an object with a length member, without throwing', () => {
    const config = JSON.parse('{"config_name": {"length": {"toString": 1}}, "config_url": {"length": {}}}');
    expect(applyStoreConfig(settings, config)._unsafeUnwrapErr()).toEqual({
      config_name: 'config_name has an invalid value!',
      config_url: 'config_url has an invalid value!',
    });
  });

  it('checks the result as a whole: currency and statuses must exist', () => {
    expect(
      applyStoreConfig(settings, {
        config_currency: 'JPY',
        config_complete_status: [5, 99],
      })._unsafeUnwrapErr(),
    ).toEqual({
      config_currency: "Currency JPY is not one of the store's currencies!",
      config_complete_status: 'config_complete_status names an order status the store does not have!',
    });
  });

  it('names every setting it understands', () => {
    expect(storeConfigNames).toContain('config_stock_checkout');
    expect(storeConfigNames).toContain('config_zone_id');
    for (const name of storeConfigNames) expect(name).toMatch(/^config_[a-z_]+$/);
  });
});

describe('checkStoreSettings', () => {
  it('accepts the demo settings', () => {
    expect(checkStoreSettings(settings).isOk()).toBe(true);
  });
});
