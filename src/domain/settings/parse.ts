/**
 * Store settings from untrusted sources: `CARTWRIGHT_CONFIG`-style objects keyed by OpenCart's `config_*` names,
 * laid over a base {@link StoreSettings}, then checked as a whole.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { z } from 'zod';
import { roundingModes } from '../../money/index.js';
import type { FieldErrors } from '../errors.js';
import { scalar } from '../posted.js';
import type { StoreSettings } from './settings.js';

/** PHP-style flags as a config file or environment writes them: true/false, 1/0, "1"/"0", "true"/"false". */
export const configFlag = z.union([
  z.boolean(),
  z.literal(1).transform(() => true),
  z.literal(0).transform(() => false),
  z.enum(['1', 'true']).transform(() => true),
  z.enum(['0', 'false', '']).transform(() => false),
]);
/** A whole number, or its digits as a string (never coerced from booleans, blanks or arrays). */
const id = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
]);
/** A whole number above zero, as {@link id}. */
const positiveId = id.pipe(z.number().positive());
const ids = z.array(id);
/** Text of `min` to 255 characters; objects never reach the length checks (see `scalar`). */
const text = (min = 0) => scalar(z.string().min(min).max(255));

/**
 * True for a name in the extension settings' namespace (`shipping_…`, `payment_…`, `total_…`), known or not:
 * those belong to `applyExtensionConfig`, everything else to {@link applyStoreConfig}.
 */
export function isExtensionSettingName(name: string): boolean {
  return /^(?:shipping|payment|total)_/.test(name);
}

/** Each `config_*` name the settings understand, with its schema and the {@link StoreSettings} field it sets. */
const configFields = {
  config_store_id: [id, 'storeId'],
  config_name: [text(1), 'storeName'],
  config_url: [text(), 'storeUrl'],
  config_language: [text(2), 'language'],
  config_currency: [z.string().regex(/^[A-Z]{3}$/), 'currency'],
  config_customer_group_id: [positiveId, 'customerGroupId'],
  config_telephone_required: [configFlag, 'telephoneRequired'],
  config_stock_checkout: [configFlag, 'stockCheckout'],
  config_checkout_payment_address: [configFlag, 'checkoutPaymentAddress'],
  config_order_status_id: [positiveId, 'orderStatusId'],
  config_processing_status: [ids, 'processingStatusIds'],
  config_complete_status: [ids, 'completeStatusIds'],
  config_fraud_status_id: [positiveId, 'fraudStatusId'],
  config_void_status_id: [positiveId, 'voidStatusId'],
  config_tax: [configFlag, 'tax'],
  config_tax_default: [
    z.enum(['shipping', 'payment', 'store', '']).transform((v) => v || null),
    'taxDefault',
  ],
  config_invoice_prefix: [text(), 'invoicePrefix'],
  config_weight_class_id: [positiveId, 'weightClassId'],
  config_length_class_id: [positiveId, 'lengthClassId'],
  config_rounding_mode: [z.enum(roundingModes), 'roundingMode'],
} as const satisfies Record<string, readonly [z.ZodType, keyof StoreSettings]>;

type ConfigName = keyof typeof configFields;

/** The `config_*` names {@link applyStoreConfig} accepts (plus `config_country_id` / `config_zone_id`). */
export const storeConfigNames: readonly string[] = [
  ...Object.keys(configFields),
  'config_country_id',
  'config_zone_id',
];

/**
 * `base` with the values of `config` (keyed by OpenCart's `config_*` names) laid over it, checked as a whole.
 * Unknown names are refused rather than ignored, so a typo never silently leaves a default in force. Extension
 * settings (`shipping_…`, `payment_…`, `total_…`) may share the object: they are `applyExtensionConfig`'s.
 * Errors are keyed by the offending `config_*` name.
 */
export function applyStoreConfig(base: StoreSettings, config: unknown): Result<StoreSettings, FieldErrors> {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    return err({ warning: 'Store configuration must be a JSON object of config_* settings!' });
  }
  const errors: Record<string, string> = {};
  const changes: Record<string, unknown> = {};
  let storeAddress = base.storeAddress;
  for (const [name, value] of Object.entries(config)) {
    if (name === 'config_country_id' || name === 'config_zone_id') {
      const parsed = id.safeParse(value);
      if (!parsed.success) errors[name] = `${name} must be a whole number!`;
      else
        storeAddress = {
          ...storeAddress,
          [name === 'config_country_id' ? 'countryId' : 'zoneId']: parsed.data,
        };
      continue;
    }
    if (isExtensionSettingName(name)) continue;
    if (!Object.hasOwn(configFields, name)) {
      errors[name] = `Unknown setting ${name}!`;
      continue;
    }
    const [schema, field] = configFields[name as ConfigName];
    const parsed = (schema as z.ZodType).safeParse(value);
    if (parsed.success) changes[field] = parsed.data;
    else errors[name] = `${name} has an invalid value!`;
  }
  if (Object.keys(errors).length > 0) return err(errors);
  return checkStoreSettings({ ...base, ...changes, storeAddress } as StoreSettings);
}

/**
 * Checks that the settings hang together: the default currency and the order statuses they name exist, ids
 * are positive. Errors are keyed by the `config_*` name of the field at fault.
 */
export function checkStoreSettings(settings: StoreSettings): Result<StoreSettings, FieldErrors> {
  const errors: Record<string, string> = {};
  const statuses = new Set(settings.orderStatuses.map((status) => status.orderStatusId));
  const unknownStatus = (statusIds: readonly number[]) =>
    statusIds.some((statusId) => !statuses.has(statusId));
  if (!settings.currencies.some((currency) => currency.code === settings.currency)) {
    errors.config_currency = `Currency ${settings.currency} is not one of the store's currencies!`;
  }
  const statusFields: readonly [string, readonly number[]][] = [
    ['config_order_status_id', [settings.orderStatusId]],
    ['config_processing_status', settings.processingStatusIds],
    ['config_complete_status', settings.completeStatusIds],
    ['config_fraud_status_id', [settings.fraudStatusId]],
    ['config_void_status_id', [settings.voidStatusId]],
  ];
  for (const [name, statusIds] of statusFields) {
    if (unknownStatus(statusIds)) errors[name] = `${name} names an order status the store does not have!`;
  }
  return Object.keys(errors).length > 0 ? err(errors) : ok(settings);
}
