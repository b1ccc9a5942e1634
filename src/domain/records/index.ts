/**
 * The records ports hand to the rules: catalog, customers, geography, tax, coupons, API users and orders.
 * @module
 */
export type { Address, CustomerDetails } from './address.js';
export type { ApiSigning, ApiUser } from './api-user.js';
export type {
  Category,
  DiscountTerms,
  DiscountType,
  FixedPriceDiscount,
  Manufacturer,
  ManufacturerListQuery,
  ManufacturerSort,
  OptionType,
  PercentageDiscount,
  Product,
  ProductDiscount,
  ProductFilter,
  ProductListEntry,
  ProductListQuery,
  ProductOption,
  ProductOptionValue,
  ProductReward,
  ProductSort,
  ProductSpecial,
  SortOrder,
  SubscriptionFrequency,
  SubscriptionPlan,
} from './catalog.js';
export { optionTypes } from './catalog.js';
export type { Coupon, CouponUses } from './coupon.js';
export type {
  Affiliate,
  Customer,
  CustomerGroup,
  CustomField,
  CustomFieldLocation,
  CustomFieldOption,
  CustomFieldType,
  CustomFieldValue,
} from './customers.js';
export type { Country, GeoZone, GeoZoneMember, Zone } from './geo.js';
export type {
  OrderAddress,
  OrderClient,
  OrderCustomer,
  OrderDraft,
  OrderHistoryEntry,
  OrderOption,
  OrderPaymentMethod,
  OrderProduct,
  OrderRecord,
  OrderShippingMethod,
  OrderSubscription,
  OrderTax,
  OrderTotal,
} from './order.js';
export type { TaxBasis, TaxRate, TaxRateType, TaxRule, TaxTable } from './tax.js';
