import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import {
  applyExtensionConfig,
  extensionConfigNames,
} from '../../../src/domain/settings/extension-settings.js';
import { applyStoreConfig, isExtensionSettingName } from '../../../src/domain/settings/parse.js';

const { data, settings } = demoStore();
const base = data.extensions;

describe('applyExtensionConfig', () => {
  it('switches shipping methods, payment methods and totals on and off by their OpenCart names', () => {
    const result = applyExtensionConfig(base, {
      shipping_free_status: true,
      shipping_weight_status: '1',
      payment_bank_transfer_status: 1,
      payment_cod_status: 'false',
      total_handling_status: 'true',
      total_coupon_status: 0,
    })._unsafeUnwrap();
    expect(result).toEqual({
      shipping: {
        ...base.shipping,
        free: { ...base.shipping.free, status: true },
        weight: { ...base.shipping.weight, status: true },
      },
      payment: {
        ...base.payment,
        bank_transfer: { ...base.payment.bank_transfer, status: true },
        cod: { ...base.payment.cod, status: false },
      },
      totals: {
        ...base.totals,
        handling: { ...base.totals.handling, status: true },
        coupon: { ...base.totals.coupon, status: false },
      },
    });
  });

  it('leaves the base as it is for an empty config, and leaves config_* names to the store settings', () => {
    expect(applyExtensionConfig(base, {})._unsafeUnwrap()).toBe(base);
    expect(applyExtensionConfig(base, { config_tax: false, config_nonsense: 1 })._unsafeUnwrap()).toBe(base);
  });

  it('refuses unknown extension names, bad flags and non-objects, keyed by name', () => {
    expect(
      applyExtensionConfig(base, {
        shipping_fre_status: true,
        shipping_free_cost: '1.00',
        payment_paypal_status: true,
        total_voucher_status: true,
        shipping_item_status: 'yes',
      })._unsafeUnwrapErr(),
    ).toEqual({
      shipping_fre_status: 'Unknown setting shipping_fre_status!',
      shipping_free_cost: 'Unknown setting shipping_free_cost!',
      payment_paypal_status: 'Unknown setting payment_paypal_status!',
      total_voucher_status: 'Unknown setting total_voucher_status!',
      shipping_item_status: 'shipping_item_status has an invalid value!',
    });
    for (const bad of [null, [], 'shipping_free_status=1', 7]) {
      expect(applyExtensionConfig(base, bad)._unsafeUnwrapErr()).toHaveProperty('warning');
    }
  });

  it('names a status setting for every built-in extension, all in its own namespace', () => {
    expect(extensionConfigNames).toHaveLength(
      Object.keys(base.shipping).length + Object.keys(base.payment).length + Object.keys(base.totals).length,
    );
    for (const name of [
      'shipping_pickup_status',
      'payment_free_checkout_status',
      'total_low_order_fee_status',
    ]) {
      expect(extensionConfigNames).toContain(name);
    }
    for (const name of extensionConfigNames) {
      expect(name).toMatch(/^(shipping|payment|total)_[a-z_]+_status$/);
      expect(isExtensionSettingName(name)).toBe(true);
      expect(applyExtensionConfig(base, { [name]: true }).isOk()).toBe(true);
    }
  });
});

describe('one configuration object for both', () => {
  it('applyStoreConfig leaves the extension names to applyExtensionConfig, and refuses everything else unknown', () => {
    const config = { config_tax: false, shipping_free_status: true, shipping_bogus_status: true };
    expect(applyStoreConfig(settings, config)._unsafeUnwrap()).toEqual({ ...settings, tax: false });
    expect(applyExtensionConfig(base, config)._unsafeUnwrapErr()).toEqual({
      shipping_bogus_status: 'Unknown setting shipping_bogus_status!',
    });
    expect(applyStoreConfig(settings, { free_status: true })._unsafeUnwrapErr()).toEqual({
      free_status: 'Unknown setting free_status!',
    });
  });
});
