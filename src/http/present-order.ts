/**
 * The stored order in snake_case JSON, field by field so no domain record leaks. Amounts are shown in the
 * order's own currency (`currency_code`) at the rate it was confirmed with (`currency_value`), as the customer
 * saw them: the order stores them in the store's default currency, as OpenCart does. Each total line is
 * converted and rounded on its own and `total` is the sum of the lines shown; a line's `total` is its `price` as
 * shown times its quantity.
 * @module
 */

import { presentTotals } from '../domain/pricing/totals/index.js';
import type { Address, CustomerDetails } from '../domain/records/address.js';
import type { OrderHistoryEntry, OrderProduct, OrderRecord } from '../domain/records/order.js';
import type { StoreSettings } from '../domain/settings/settings.js';
import { createOrderMoneyPresenter, type MoneyPresenter } from './present-money.js';
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
    total: money.lineTotal(line.price, line.quantity),
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

/**
 * The total lines in the order's currency: each converted and rounded, `total` the sum of the others (see the
 * module notes). The stored lines are the base the order's rate was taken against, whose own rate is 1.
 */
function orderTotals(order: OrderRecord, money: MoneyPresenter, settings: StoreSettings) {
  const base = { ...money.currency, code: order.total.currency, value: '1' };
  const state = { lines: order.totals, taxes: {}, total: order.total };
  return presentTotals(state, base, money.currency, settings);
}

/** The order with its history, its amounts in its own currency at its own rate. */
export function presentOrder(order: OrderRecord, settings: StoreSettings): OrderJson {
  const money = createOrderMoneyPresenter(settings, order);
  const totals = orderTotals(order, money, settings);
  const total = totals.find((line) => line.code === 'total')?.value ?? order.total;
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
    totals: totals.map((line) => ({
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
    total: money.amount(total),
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
