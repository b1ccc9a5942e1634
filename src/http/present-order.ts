/**
 * The stored order in snake_case JSON (DECISIONS 36), field by field so no domain record leaks. Amounts are shown
 * in the store's default currency, as the order stores them; `currency_code` and `currency_value` say how the
 * customer saw them.
 * @module
 */
import type { Address, CustomerDetails } from '../domain/records/address.js';
import type { OrderHistoryEntry, OrderProduct, OrderRecord } from '../domain/records/order.js';
import type { MoneyPresenter } from './present-money.js';
import type { OrderJson } from './wire/order.js';

function presentCustomer(customer: CustomerDetails): OrderJson['customer'] {
  return {
    customer_id: customer.customerId,
    customer_group_id: customer.customerGroupId,
    firstname: customer.firstname,
    lastname: customer.lastname,
    email: customer.email,
    telephone: customer.telephone,
    custom_field: customer.customField,
  };
}

function presentAddress(address: Address | null): OrderJson['payment_address'] {
  if (address === null) return null;
  return {
    address_id: address.addressId,
    firstname: address.firstname,
    lastname: address.lastname,
    company: address.company,
    address_1: address.address1,
    address_2: address.address2,
    city: address.city,
    postcode: address.postcode,
    country_id: address.countryId,
    country: address.country,
    iso_code_2: address.isoCode2,
    iso_code_3: address.isoCode3,
    zone_id: address.zoneId,
    zone: address.zone,
    zone_code: address.zoneCode,
    address_format: address.addressFormat,
    custom_field: address.customField,
  };
}

function presentProduct(line: OrderProduct, money: MoneyPresenter): OrderJson['products'][number] {
  const plan = line.subscription;
  return {
    product_id: line.productId,
    master_id: line.masterId,
    name: line.name,
    model: line.model,
    quantity: line.quantity,
    price: money.amount(line.price),
    total: money.amount(line.total),
    tax: money.amount(line.tax),
    reward: line.reward,
    option: line.options.map((option) => ({
      product_option_id: option.productOptionId,
      product_option_value_id: option.productOptionValueId,
      option_id: option.optionId,
      option_value_id: option.optionValueId,
      name: option.name,
      value: option.value,
      type: option.type,
    })),
    subscription:
      plan === null
        ? null
        : {
            subscription_plan_id: plan.subscriptionPlanId,
            name: plan.name,
            trial_status: plan.trialStatus,
            trial_price: money.amount(plan.trialPrice),
            trial_tax: money.amount(plan.trialTax),
            trial_frequency: plan.trialFrequency,
            trial_cycle: plan.trialCycle,
            trial_duration: plan.trialDuration,
            price: money.amount(plan.price),
            tax: money.amount(plan.tax),
            frequency: plan.frequency,
            cycle: plan.cycle,
            duration: plan.duration,
          },
  };
}

function presentHistory(entry: OrderHistoryEntry): OrderJson['history'][number] {
  return {
    order_history_id: entry.orderHistoryId,
    order_status_id: entry.orderStatusId,
    comment: entry.comment,
    notify: entry.notify,
    date_added: entry.dateAdded,
  };
}

/** The order with its history; `money` shows amounts in the store's default currency. */
export function presentOrder(order: OrderRecord, money: MoneyPresenter): OrderJson {
  return {
    order_id: order.orderId,
    order_status_id: order.orderStatusId,
    invoice_prefix: order.invoicePrefix,
    store_id: order.storeId,
    store_name: order.storeName,
    store_url: order.storeUrl,
    customer: presentCustomer(order.customer),
    payment_address: presentAddress(order.paymentAddress),
    shipping_address: presentAddress(order.shippingAddress),
    payment_method: order.paymentMethod,
    shipping_method:
      order.shippingMethod === null
        ? null
        : {
            name: order.shippingMethod.name,
            code: order.shippingMethod.code,
            cost: money.amount(order.shippingMethod.cost),
            tax_class_id: order.shippingMethod.taxClassId,
          },
    products: order.products.map((line) => presentProduct(line, money)),
    totals: order.totals.map((line) => ({
      code: line.code,
      title: line.title,
      value: money.amount(line.value),
      text: money.text(line.value),
      sort_order: line.sortOrder,
    })),
    taxes: order.taxes.map((tax) => ({
      tax_rate_id: tax.taxRateId,
      name: tax.name,
      amount: money.amount(tax.amount),
    })),
    total: money.amount(order.total),
    comment: order.comment,
    coupon: order.couponCode,
    reward: order.rewardPoints,
    affiliate_id: order.affiliateId,
    commission: money.amount(order.commission),
    language_code: order.languageCode,
    currency_code: order.currencyCode,
    currency_value: Number(order.currencyValue),
    ip: order.client.ip,
    forwarded_ip: order.client.forwardedIp,
    user_agent: order.client.userAgent,
    accept_language: order.client.acceptLanguage,
    date_added: order.dateAdded,
    date_modified: order.dateModified,
    history: order.history.map(presentHistory),
  };
}
