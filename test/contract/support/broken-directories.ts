/**
 * Broken directories: a correct memory directory wrapped with one defect each (some reading the seed, as a store
 * over it would), to prove that the directory contract suites catch each one.
 */
import type { Customer, CustomField } from '../../../src/domain/records/customers.js';
import type { ApiUserDirectory } from '../../../src/ports/api-user-directory.js';
import type { CouponDirectory } from '../../../src/ports/coupon-directory.js';
import type { CustomerDirectory } from '../../../src/ports/customer-directory.js';
import type { GeoDirectory } from '../../../src/ports/geo-directory.js';
import type { TaxRates } from '../../../src/ports/tax-rates.js';
import type { ApiUserSeed, CouponSeed, CustomerSeed } from '../../../src/testing/index.js';

/** `text` as a SQL `LIKE` pattern would read it (`%` any text, `_` any character), without regard to case. */
function likePattern(text: string): RegExp {
  const escaped = text
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/%/g, '.*')
    .replace(/_/g, '.');
  return new RegExp(`^${escaped}$`, 'i');
}

/** Defects a customer directory can have. */
export type CustomerDefect =
  | 'emailCaseSensitive'
  | 'emailAsPattern'
  | 'emailPrefix'
  | 'hidesDisabled'
  | 'requiredOfFirstGroup'
  | 'fieldsUnsorted'
  | 'balanceWithoutSpending';

/** `customers` with `defect`, over `seed`. */
export function brokenCustomers(
  customers: CustomerDirectory,
  seed: CustomerSeed,
  defect: CustomerDefect,
): CustomerDirectory {
  const find = (match: (customer: Customer) => boolean) => seed.customers.find(match);
  return {
    ...customers,
    async getCustomer(customerId) {
      const customer = await customers.getCustomer(customerId);
      return defect === 'hidesDisabled' && customer?.status === false ? undefined : customer;
    },
    async findCustomerByEmail(email) {
      if (defect === 'emailAsPattern') return find((c) => likePattern(email).test(c.email));
      if (defect === 'emailPrefix') return find((c) => c.email.toLowerCase().startsWith(email.toLowerCase()));
      const customer = await customers.findCustomerByEmail(email);
      if (defect === 'emailCaseSensitive' && customer?.email !== email) return undefined;
      return defect === 'hidesDisabled' && customer?.status === false ? undefined : customer;
    },
    async getCustomFields(customerGroupId) {
      const fields: readonly CustomField[] = await customers.getCustomFields(customerGroupId);
      if (defect === 'fieldsUnsorted') return [...fields].reverse();
      if (defect !== 'requiredOfFirstGroup') return fields;
      return fields.map((field) => {
        const [first] =
          seed.customFields.find((f) => f.customFieldId === field.customFieldId)?.customerGroups ?? [];
        return { ...field, required: first?.required ?? field.required };
      });
    },
    async getRewardBalance(customerId) {
      if (defect !== 'balanceWithoutSpending') return customers.getRewardBalance(customerId);
      const earned = seed.rewardEntries.filter((e) => e.customerId === customerId && e.points > 0);
      return earned.reduce((sum, e) => sum + e.points, 0);
    },
  };
}

/** Defects a geo directory can have. */
export type GeoDefect = 'hidesDisabledCountries' | 'dropsDisabledZones' | 'dropsEmptyGeoZones';

/** `geo` with `defect`. */
export function brokenGeo(geo: GeoDirectory, defect: GeoDefect): GeoDirectory {
  return {
    async getCountry(countryId) {
      const country = await geo.getCountry(countryId);
      if (country === undefined) return undefined;
      if (defect === 'hidesDisabledCountries' && !country.status) return undefined;
      if (defect !== 'dropsDisabledZones') return country;
      return { ...country, zones: country.zones.filter((zone) => zone.status) };
    },
    async getGeoZones() {
      const zones = await geo.getGeoZones();
      return defect === 'dropsEmptyGeoZones' ? zones.filter((zone) => zone.members.length > 0) : zones;
    },
  };
}

/** Defects tax rates can have. */
export type TaxDefect = 'ratePerRule' | 'everyClass';

/** `taxes` with `defect`; `classes` are every class the store holds. */
export function brokenTaxes(taxes: TaxRates, classes: readonly number[], defect: TaxDefect): TaxRates {
  return {
    async getTaxTable(taxClassIds) {
      if (defect === 'everyClass') return taxes.getTaxTable(taxClassIds.length === 0 ? [] : classes);
      const table = await taxes.getTaxTable(taxClassIds);
      const rates = table.rules.flatMap((rule) =>
        table.rates.filter((rate) => rate.taxRateId === rule.taxRateId),
      );
      return { rules: table.rules, rates };
    },
  };
}

/** Defects a coupon directory can have. */
export type CouponDefect = 'codeIgnoresCase' | 'codeAsPattern' | 'hidesDisabled' | 'countsGuests';

/** `coupons` with `defect`, over `seed`. */
export function brokenCoupons(
  coupons: CouponDirectory,
  seed: CouponSeed,
  defect: CouponDefect,
): CouponDirectory {
  return {
    async getCoupon(code) {
      if (defect === 'codeIgnoresCase')
        return seed.coupons.find((c) => c.code.toLowerCase() === code.toLowerCase());
      if (defect === 'codeAsPattern') return seed.coupons.find((c) => likePattern(code).test(c.code));
      const coupon = await coupons.getCoupon(code);
      return defect === 'hidesDisabled' && coupon?.status === false ? undefined : coupon;
    },
    async countUses(couponId, customerId) {
      const uses = await coupons.countUses(couponId, customerId);
      if (defect !== 'countsGuests' || customerId !== 0) return uses;
      const byGuests = seed.uses.filter((u) => u.couponId === couponId && u.customerId === 0).length;
      return { ...uses, customer: byGuests };
    },
  };
}

/** Defects an API-user directory can have. */
export type ApiUserDefect = 'usernameIgnoresCase' | 'hidesDisabled' | 'dropsSigning';

/** `apiUsers` with `defect`, over `seed`. */
export function brokenApiUsers(
  apiUsers: ApiUserDirectory,
  seed: ApiUserSeed,
  defect: ApiUserDefect,
): ApiUserDirectory {
  const judged = <U extends { readonly status: boolean; readonly signing?: unknown }>(
    user: U | undefined,
  ) => {
    if (user === undefined || (defect === 'hidesDisabled' && !user.status)) return undefined;
    if (defect !== 'dropsSigning') return user;
    const { signing: _signing, signingSecret: _secret, ...rest } = user as U & { signingSecret?: unknown };
    return rest as U;
  };
  return {
    async findByUsername(username) {
      if (defect === 'usernameIgnoresCase') {
        return seed.apiUsers.find((u) => u.username.toLowerCase() === username.toLowerCase());
      }
      return judged(await apiUsers.findByUsername(username));
    },
    async getApiUser(apiId) {
      return judged(await apiUsers.getApiUser(apiId));
    },
  };
}
