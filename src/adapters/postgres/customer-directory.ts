/**
 * The PostgreSQL customer directory.
 * @module
 */

import { deepFreeze } from '../../domain/deep-freeze.js';
import type { Affiliate, Customer, CustomerGroup, CustomField } from '../../domain/records/customers.js';
import type { CustomerDirectory } from '../../ports/customer-directory.js';
import { type PostgresAdapterOptions, resolveOptions } from './options.js';
import { firstValue, isStoredId, isStoredText, jsonColumn } from './values.js';

/** The columns of a customer record, named as its fields. */
const customerColumns = `customer_id AS "customerId", customer_group_id AS "customerGroupId", firstname,
  lastname, email, telephone, status, safe, custom_field AS "customField"`;

/** The first row as a frozen record, or undefined. */
function record<T>(rows: readonly Record<string, unknown>[]): T | undefined {
  const [row] = rows;
  return row === undefined ? undefined : deepFreeze({ ...row } as T);
}

/** A customer row, with its custom-field JSON parsed when the host's type parsers left it as text. */
function customer(rows: readonly Record<string, unknown>[]): Customer | undefined {
  const [row] = rows;
  if (row === undefined) return undefined;
  return deepFreeze({ ...row, customField: jsonColumn(row.customField) } as unknown as Customer);
}

/**
 * A {@link CustomerDirectory} over PostgreSQL, one statement per call. E-mails match without regard to case
 * (`lower(email)`, indexed; of several matches the lowest id wins). Custom fields are those enabled and asked of
 * the group, with its `required`, by sort order then id. The reward balance sums the ledger the order repository
 * writes to. Records are handed out frozen. With a reference cache, customer groups and custom fields come from
 * memory while it listens (see `createPostgresReferenceCache`); customers, balances and affiliates never do.
 */
export function createPostgresCustomerDirectory(options: PostgresAdapterOptions): CustomerDirectory {
  const { db, tables: t, cache } = resolveOptions(options);
  const fields = `SELECT json_build_object(
      'customFieldId', f.custom_field_id, 'name', f.name, 'location', f.location, 'type', f.type,
      'validation', f.validation, 'required', g.required, 'sortOrder', f.sort_order,
      'values', COALESCE((
        SELECT json_agg(json_build_object('customFieldValueId', v.custom_field_value_id, 'name', v.name)
          ORDER BY v.position, v.custom_field_value_id)
        FROM ${t.custom_field_value} v WHERE v.custom_field_id = f.custom_field_id
      ), '[]'::json)
    ) AS record
    FROM ${t.custom_field} f
    JOIN ${t.custom_field_customer_group} g ON g.custom_field_id = f.custom_field_id AND g.customer_group_id = $1
    WHERE f.status
    ORDER BY f.sort_order, f.custom_field_id`;

  return {
    async getCustomer(customerId: number): Promise<Customer | undefined> {
      if (!isStoredId(customerId)) return undefined;
      const { rows } = await db.query(`SELECT ${customerColumns} FROM ${t.customer} WHERE customer_id = $1`, [
        customerId,
      ]);
      return customer(rows);
    },

    async findCustomerByEmail(email: string): Promise<Customer | undefined> {
      if (!isStoredText(email)) return undefined;
      const { rows } = await db.query(
        `SELECT ${customerColumns} FROM ${t.customer} WHERE lower(email) = lower($1)
         ORDER BY customer_id LIMIT 1`,
        [email],
      );
      return customer(rows);
    },

    async getCustomerGroup(customerGroupId: number): Promise<CustomerGroup | undefined> {
      if (!isStoredId(customerGroupId)) return undefined;
      return cache.read('customerGroups', String(customerGroupId), async () => {
        const { rows } = await db.query(
          `SELECT customer_group_id AS "customerGroupId", name, description FROM ${t.customer_group}
           WHERE customer_group_id = $1`,
          [customerGroupId],
        );
        return record<CustomerGroup>(rows);
      });
    },

    async getCustomFields(customerGroupId: number): Promise<readonly CustomField[]> {
      if (!isStoredId(customerGroupId)) return [];
      return cache.read('customFields', String(customerGroupId), async () => {
        const { rows } = await db.query(fields, [customerGroupId]);
        return deepFreeze(rows.map((row) => jsonColumn<CustomField>(row.record)));
      });
    },

    async getRewardBalance(customerId: number): Promise<number> {
      if (!isStoredId(customerId)) return 0;
      const { rows } = await db.query(
        `SELECT COALESCE(sum(points), 0)::int AS balance FROM ${t.customer_reward} WHERE customer_id = $1`,
        [customerId],
      );
      return Number(firstValue(rows, 'balance'));
    },

    async getAffiliate(customerId: number): Promise<Affiliate | undefined> {
      if (!isStoredId(customerId)) return undefined;
      const { rows } = await db.query(
        `SELECT customer_id AS "customerId", status, commission::text AS commission,
           tracking_code AS "trackingCode"
         FROM ${t.customer_affiliate} WHERE customer_id = $1`,
        [customerId],
      );
      return record<Affiliate>(rows);
    },
  };
}
