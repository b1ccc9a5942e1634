/**
 * Extension settings from untrusted sources: the OpenCart names that switch a built-in shipping method, payment
 * method or total on or off (`shipping_free_status`, `payment_bank_transfer_status`, `total_coupon_status`, …),
 * laid over a base {@link ExtensionConfig}. A `CARTWRIGHT_CONFIG`-style object holds them next to the `config_*`
 * store settings: {@link applyExtensionConfig} reads the names starting `shipping_`, `payment_` or `total_`, and
 * `applyStoreConfig` leaves those names to it.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import type { FieldErrors } from '../errors.js';
import type { ExtensionConfig } from './extension-config.js';
import { configFlag, isExtensionSettingName } from './parse.js';

/** The extension codes of each group, and the prefix OpenCart puts before a setting of that group. */
const extensionCodes = {
  shipping: { prefix: 'shipping', codes: ['flat', 'free', 'item', 'weight', 'pickup'] },
  payment: { prefix: 'payment', codes: ['free_checkout', 'bank_transfer', 'cheque', 'cod'] },
  totals: {
    prefix: 'total',
    codes: [
      'sub_total',
      'reward',
      'shipping',
      'coupon',
      'tax',
      'handling',
      'credit',
      'low_order_fee',
      'total',
    ],
  },
} as const satisfies {
  readonly [G in keyof ExtensionConfig]: {
    readonly prefix: string;
    readonly codes: readonly (keyof ExtensionConfig[G])[];
  };
};

type Group = keyof typeof extensionCodes;

/** Each `<prefix>_<code>_status` name, with the group and code it switches. */
const statusNames: Readonly<Record<string, readonly [Group, string]>> = Object.freeze(
  Object.fromEntries(
    (Object.keys(extensionCodes) as Group[]).flatMap((group) =>
      extensionCodes[group].codes.map(
        (code) => [`${extensionCodes[group].prefix}_${code}_status`, [group, code]] as const,
      ),
    ),
  ),
);

/** The extension setting names {@link applyExtensionConfig} accepts, e.g. `shipping_free_status`. */
export const extensionConfigNames: readonly string[] = Object.keys(statusNames);

/** `config` with the status of `group`'s `code` set to `status`. */
function withStatus(config: ExtensionConfig, group: Group, code: string, status: boolean): ExtensionConfig {
  // Every extension of every group has a status; the group's own type lists them by name.
  const section = config[group] as unknown as Readonly<Record<string, { readonly status: boolean }>>;
  const extension = section[code];
  if (extension === undefined) return config;
  return { ...config, [group]: { ...section, [code]: { ...extension, status } } };
}

/**
 * `base` with the extension statuses of `config` laid over it: `shipping_<code>_status`,
 * `payment_<code>_status` and `total_<code>_status` as PHP-style flags. Names outside that namespace (the
 * `config_*` store settings) are left alone; an unknown name inside it is refused rather than ignored, so a typo
 * never silently leaves an extension off. Errors are keyed by the offending name.
 */
export function applyExtensionConfig(
  base: ExtensionConfig,
  config: unknown,
): Result<ExtensionConfig, FieldErrors> {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    return err({ warning: 'Store configuration must be a JSON object of settings!' });
  }
  const errors: Record<string, string> = {};
  let extensions = base;
  for (const [name, value] of Object.entries(config)) {
    if (!isExtensionSettingName(name)) continue;
    const target = Object.hasOwn(statusNames, name) ? statusNames[name] : undefined;
    if (target === undefined) {
      errors[name] = `Unknown setting ${name}!`;
      continue;
    }
    const parsed = configFlag.safeParse(value);
    if (parsed.success) extensions = withStatus(extensions, target[0], target[1], parsed.data);
    else errors[name] = `${name} has an invalid value!`;
  }
  return Object.keys(errors).length > 0 ? err(errors) : ok(extensions);
}
