/**
 * Customer records: what a {@link CustomerDirectory} port returns.
 * @module
 */

/** A custom field value: one string, or a list for checkbox fields. */
export type CustomFieldValue = string | readonly string[];

/** A shop customer account. */
export interface Customer {
  readonly customerId: number;
  readonly customerGroupId: number;
  readonly firstname: string;
  readonly lastname: string;
  readonly email: string;
  readonly telephone: string;
  /** Active accounts can be logged in by e-mail; disabled ones cannot. */
  readonly status: boolean;
  /** Trusted customers skip fraud checks. */
  readonly safe: boolean;
  readonly customField: Readonly<Record<string, CustomFieldValue>>;
}

/** A customer group; prices, discounts, rewards, custom fields and tax rates depend on it. */
export interface CustomerGroup {
  readonly customerGroupId: number;
  readonly name: string;
  readonly description: string;
}

/** Where a custom field is asked: on the customer, on an address, or on an affiliate. */
export type CustomFieldLocation = 'account' | 'address' | 'affiliate';

/** Custom field types of OpenCart (plus `file`, which OpenCart also has). */
export type CustomFieldType =
  | 'text'
  | 'textarea'
  | 'select'
  | 'radio'
  | 'checkbox'
  | 'date'
  | 'time'
  | 'datetime'
  | 'file';

/** A choosable value of a select, radio or checkbox custom field. */
export interface CustomFieldOption {
  readonly customFieldValueId: number;
  readonly name: string;
}

/** A custom field as it applies to one customer group (`required` is per group). */
export interface CustomField {
  readonly customFieldId: number;
  readonly name: string;
  readonly location: CustomFieldLocation;
  readonly type: CustomFieldType;
  /** Full regular expression with delimiters, checked on text fields; empty for none. */
  readonly validation: string;
  readonly required: boolean;
  readonly sortOrder: number;
  readonly values: readonly CustomFieldOption[];
}

/** An affiliate account (OpenCart's `customer_affiliate`). */
export interface Affiliate {
  readonly customerId: number;
  readonly status: boolean;
  /** Commission in percent of the order's net sub-total, decimal string. */
  readonly commission: string;
  readonly trackingCode: string;
}
