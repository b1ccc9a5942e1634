/**
 * The rows of the directory tables and ledgers for the loader: customers, custom fields, affiliates, geography,
 * taxes, coupons, API users, coupon uses and reward points.
 * @module
 */

import type { MemoryStoreData } from '../../demo/store-data.js';
import type { Money } from '../../money/index.js';
import type { TableName } from './identifiers.js';
import type { Row } from './order-rows.js';

/** The rows of the customer, geography, tax, coupon and API-user tables. */
export function directoryRows(
  data: MemoryStoreData,
  amount: (value: Money) => string,
  out: Map<TableName, Row[]>,
) {
  const add = (table: TableName, row: Row): void => {
    out.get(table)?.push(row);
  };
  for (const g of data.customerGroups.values()) {
    add('customer_group', { customer_group_id: g.customerGroupId, name: g.name, description: g.description });
  }
  for (const c of data.customers.values()) {
    add('customer', {
      customer_id: c.customerId,
      customer_group_id: c.customerGroupId,
      firstname: c.firstname,
      lastname: c.lastname,
      email: c.email,
      telephone: c.telephone,
      status: c.status,
      safe: c.safe,
      custom_field: c.customField,
    });
  }
  for (const f of data.customFields.values()) {
    const { customFieldId: custom_field_id } = f;
    add('custom_field', {
      custom_field_id,
      name: f.name,
      location: f.location,
      type: f.type,
      validation: f.validation,
      status: f.status,
      sort_order: f.sortOrder,
    });
    f.values.forEach((v, position) => {
      add('custom_field_value', {
        custom_field_value_id: v.customFieldValueId,
        custom_field_id,
        name: v.name,
        position,
      });
    });
    for (const g of f.customerGroups) {
      add('custom_field_customer_group', {
        custom_field_id,
        customer_group_id: g.customerGroupId,
        required: g.required,
      });
    }
  }
  for (const a of data.affiliates.values()) {
    add('customer_affiliate', {
      customer_id: a.customerId,
      status: a.status,
      commission: a.commission,
      tracking_code: a.trackingCode,
    });
  }
  for (const c of data.countries.values()) {
    add('country', {
      country_id: c.countryId,
      name: c.name,
      iso_code_2: c.isoCode2,
      iso_code_3: c.isoCode3,
      address_format: c.addressFormat,
      postcode_required: c.postcodeRequired,
      status: c.status,
    });
    c.zones.forEach((z, position) => {
      add('zone', {
        zone_id: z.zoneId,
        country_id: c.countryId,
        name: z.name,
        code: z.code,
        status: z.status,
        position,
      });
    });
  }
  for (const g of data.geoZones.values()) {
    add('geo_zone', { geo_zone_id: g.geoZoneId, name: g.name });
    g.members.forEach((m, position) => {
      add('zone_to_geo_zone', {
        geo_zone_id: g.geoZoneId,
        country_id: m.countryId,
        zone_id: m.zoneId,
        position,
      });
    });
  }
  for (const c of data.taxClasses.values()) {
    add('tax_class', { tax_class_id: c.taxClassId, title: c.title, description: c.description });
  }
  for (const r of data.taxRates.values()) {
    add('tax_rate', {
      tax_rate_id: r.taxRateId,
      geo_zone_id: r.geoZoneId,
      name: r.name,
      rate: r.rate,
      type: r.type,
    });
    r.customerGroupIds.forEach((customer_group_id, position) => {
      add('tax_rate_to_customer_group', { tax_rate_id: r.taxRateId, customer_group_id, position });
    });
  }
  for (const r of data.taxRules) {
    add('tax_rule', {
      tax_class_id: r.taxClassId,
      tax_rate_id: r.taxRateId,
      based: r.based,
      priority: r.priority,
    });
  }
  for (const c of data.coupons.values()) {
    add('coupon', {
      coupon_id: c.couponId,
      name: c.name,
      code: c.code,
      type: c.type,
      discount: c.discount,
      logged: c.logged,
      shipping: c.shipping,
      total: amount(c.total),
      date_start: c.dateStart,
      date_end: c.dateEnd,
      uses_total: c.usesTotal,
      uses_customer: c.usesCustomer,
      status: c.status,
    });
    c.productIds.forEach((product_id, position) => {
      add('coupon_product', { coupon_id: c.couponId, product_id, position });
    });
    c.categoryIds.forEach((category_id, position) => {
      add('coupon_category', { coupon_id: c.couponId, category_id, position });
    });
  }
  for (const u of data.apiUsers.values()) {
    add('api', { api_id: u.apiId, username: u.username, key_hash: u.keyHash, status: u.status });
    u.ips.forEach((ip, position) => {
      add('api_ip', { api_id: u.apiId, ip, position });
    });
    if (u.signing !== undefined && u.signingSecret !== undefined && u.signingSecret !== '') {
      add('api_signing', { api_id: u.apiId, scheme: u.signing, secret: u.signingSecret });
    }
  }
}

/** The ledgers: recorded coupon uses and reward-point entries, with their ids. */
export function ledgerRows(
  data: MemoryStoreData,
  amount: (value: Money) => string,
  out: Map<TableName, Row[]>,
) {
  for (const use of data.couponUses) {
    out.get('coupon_history')?.push({
      coupon_history_id: use.couponHistoryId,
      coupon_id: use.couponId,
      order_id: use.orderId,
      customer_id: use.customerId,
      amount: amount(use.amount),
      date_added: use.dateAdded,
    });
  }
  for (const entry of data.rewardPoints) {
    out.get('customer_reward')?.push({
      customer_reward_id: entry.customerRewardId,
      customer_id: entry.customerId,
      order_id: entry.orderId,
      description: entry.description,
      points: entry.points,
      date_added: entry.dateAdded,
    });
  }
}
