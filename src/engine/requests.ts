/**
 * The request shapes of the engine's operations, in the seed's field names. They describe what a client sends;
 * the engine still checks every value at run time (a form or JSON body is untrusted whatever its static type),
 * so ids and quantities may come as numbers or as decimal strings.
 * @module
 */

/** An integer as forms (a decimal string) or JSON (a number) send it. */
export type IntegerField = number | string;

/** A posted option value: one value id or text, or a list of value ids for a checkbox. */
export type OptionField = string | number | readonly (string | number)[];

/** A posted custom field value (a list for checkbox fields). */
export type CustomFieldField = string | number | readonly (string | number)[];

/** The customer step (seed: Customer table). */
export interface CustomerRequest {
  readonly customer_id?: IntegerField;
  readonly customer_group_id?: IntegerField;
  readonly firstname?: string;
  readonly lastname?: string;
  readonly email?: string;
  readonly telephone?: string | number;
  readonly custom_field?: Readonly<Record<string, CustomFieldField>>;
}

/** One product to add: `product[n]` of the multi add, or the whole body of the single add. */
export interface CartItemRequest {
  readonly product_id?: IntegerField;
  /** Default 1. */
  readonly quantity?: IntegerField;
  /** Option values keyed by product_option_id. */
  readonly option?: Readonly<Record<string, OptionField>>;
  readonly subscription_plan_id?: IntegerField;
}

/** The multi add (`route=api/cart`): items keyed by `n`, which error keys `product_<n>_…` repeat. */
export interface CartRequest {
  readonly product?: readonly CartItemRequest[] | Readonly<Record<string, CartItemRequest>>;
}

/** Changes a cart line's quantity; 0 or less removes it. */
export interface CartUpdateRequest {
  readonly cart_id?: string;
  readonly quantity?: IntegerField;
}

/** Removes a cart line. */
export interface CartRemoveRequest {
  readonly cart_id?: string;
}

type AddressTextField =
  | 'firstname'
  | 'lastname'
  | 'company'
  | 'address_1'
  | 'address_2'
  | 'city'
  | 'postcode';
type AddressIdField = 'address_id' | 'country_id' | 'zone_id';

/** An address step's fields with their prefix (`payment_` or `shipping_`), as the seed's Address table. */
export type AddressRequest<P extends 'payment_' | 'shipping_'> = {
  readonly [K in AddressTextField as `${P}${K}`]?: string;
} & {
  readonly [K in AddressIdField as `${P}${K}`]?: IntegerField;
} & {
  readonly [K in 'custom_field' as `${P}${K}`]?: Readonly<Record<string, CustomFieldField>>;
};

/** The payment address step. */
export type PaymentAddressRequest = AddressRequest<'payment_'>;
/** The shipping address step. */
export type ShippingAddressRequest = AddressRequest<'shipping_'>;

/** Switches the session currency. */
export interface CurrencyRequest {
  readonly currency?: string;
}

/** One manufacturer by id. */
export interface ManufacturerRequest {
  readonly manufacturer_id?: IntegerField;
}

/** Paging of the list operations (DECISIONS 29). */
export interface ListRequest {
  /** `name` or `sort_order` for manufacturers; `pd.name`/`name`, `p.sort_order`/`sort_order`, `p.price`/`price` for products. */
  readonly sort?: string;
  /** `ASC` (default) or `DESC`. */
  readonly order?: string;
  readonly start?: IntegerField;
  readonly limit?: IntegerField;
}

/** The product list's filters and paging. */
export interface ProductListRequest extends ListRequest {
  readonly filter_manufacturer_id?: IntegerField;
  readonly filter_category_id?: IntegerField;
  readonly filter_sub_category?: boolean | string | number;
}

/** The shipping method step: the seed's `shipping_method.name/code/cost/tax_class_id`; only `code` selects. */
export interface ShippingMethodRequest {
  readonly shipping_method?:
    | string
    | {
        readonly code?: string;
        readonly name?: string;
        readonly cost?: number | string;
        readonly tax_class_id?: IntegerField;
      };
}

/** The payment method step: the seed's `payment_method.name/code`; only `code` selects (`cod` or `cod.cod`). */
export interface PaymentMethodRequest {
  readonly payment_method?: string | { readonly code?: string; readonly name?: string };
}

/** A coupon code; `''` removes the coupon. */
export interface CouponRequest {
  readonly coupon?: string;
}

/** Reward points to spend; 0 removes them. */
export interface RewardRequest {
  readonly reward?: IntegerField;
}

/** The affiliate (a customer id with an affiliate account); 0 removes it. */
export interface AffiliateRequest {
  readonly affiliate_id?: IntegerField;
}

/** Confirm's fields (seed endpoint 8). */
export interface ConfirmRequest {
  /** 0 or absent creates an order; an existing id updates it. */
  readonly order_id?: IntegerField;
  /** Default `config_order_status_id`. */
  readonly order_status_id?: IntegerField;
  readonly comment?: string;
  readonly affiliate_id?: IntegerField;
}

/** A flag as JSON (`true`) or a form (`"1"`, `"true"`, `"on"`, `"0"`, `""`) sends it. */
export type FlagField = boolean | number | string;

/** history_add's fields (seed endpoint 9). */
export interface HistoryRequest {
  readonly order_id?: IntegerField;
  readonly order_status_id?: IntegerField;
  readonly comment?: string;
  readonly notify?: FlagField;
  readonly override?: FlagField;
}

/** Order info's field (DECISIONS 36). */
export interface OrderInfoRequest {
  readonly order_id?: IntegerField;
}
