/**
 * An order draft as the rows of `orders`, `order_product`, `order_option`, `order_subscription`, `order_total`
 * and `order_tax` (snake_case keys, amounts as strings), sent to the server as JSON.
 * @module
 */
import type { OrderDraft, OrderProduct } from '../../domain/records/order.js';
import type { Money } from '../../money/index.js';
import { amountIn } from './values.js';

/** The columns of `orders` that a draft sets (everything but the id, revision and status). */
export const orderDraftColumns = [
  'store_id',
  'store_name',
  'store_url',
  'invoice_prefix',
  'api_user_id',
  'customer_id',
  'customer_group_id',
  'firstname',
  'lastname',
  'email',
  'telephone',
  'custom_field',
  'payment_address',
  'shipping_address',
  'payment_method_name',
  'payment_method_code',
  'shipping_method_name',
  'shipping_method_code',
  'shipping_method_cost',
  'shipping_method_tax_class_id',
  'total',
  'comment',
  'coupon_code',
  'reward_points',
  'logged_in_customer_id',
  'affiliate_id',
  'commission',
  'language_code',
  'currency_code',
  'currency_value',
  'ip',
  'forwarded_ip',
  'user_agent',
  'accept_language',
  'date_added',
  'date_modified',
] as const;

/** A row to send: column name to JSON value. */
export type Row = Record<string, unknown>;

/** The rows of one draft. Options and subscriptions name their line by its `line` position. */
export interface DraftRows {
  readonly order: Row;
  readonly lines: readonly Row[];
  readonly options: readonly Row[];
  readonly subscriptions: readonly Row[];
  readonly totals: readonly Row[];
  readonly taxes: readonly Row[];
}

/** The `orders` columns of a draft. */
function orderRow(draft: OrderDraft, amount: (value: Money, field: string) => string): Row {
  const { customer, client, paymentMethod, shippingMethod } = draft;
  return {
    store_id: draft.storeId,
    store_name: draft.storeName,
    store_url: draft.storeUrl,
    invoice_prefix: draft.invoicePrefix,
    api_user_id: draft.apiUserId,
    customer_id: customer.customerId,
    customer_group_id: customer.customerGroupId,
    firstname: customer.firstname,
    lastname: customer.lastname,
    email: customer.email,
    telephone: customer.telephone,
    custom_field: customer.customField,
    payment_address: draft.paymentAddress,
    shipping_address: draft.shippingAddress,
    payment_method_name: paymentMethod?.name ?? null,
    payment_method_code: paymentMethod?.code ?? null,
    shipping_method_name: shippingMethod?.name ?? null,
    shipping_method_code: shippingMethod?.code ?? null,
    shipping_method_cost: shippingMethod === null ? null : amount(shippingMethod.cost, 'shipping cost'),
    shipping_method_tax_class_id: shippingMethod?.taxClassId ?? null,
    total: amount(draft.total, 'total'),
    comment: draft.comment,
    coupon_code: draft.couponCode,
    reward_points: draft.rewardPoints,
    logged_in_customer_id: draft.loggedInCustomerId,
    affiliate_id: draft.affiliateId,
    commission: amount(draft.commission, 'commission'),
    language_code: draft.languageCode,
    currency_code: draft.currencyCode,
    currency_value: draft.currencyValue,
    ip: client.ip,
    forwarded_ip: client.forwardedIp,
    user_agent: client.userAgent,
    accept_language: client.acceptLanguage,
    date_added: draft.dateAdded,
    date_modified: draft.dateModified,
  };
}

/** The `order_product` row of one line. */
function lineRow(line: OrderProduct, position: number, amount: (value: Money, field: string) => string): Row {
  return {
    position,
    product_id: line.productId,
    master_id: line.masterId,
    name: line.name,
    model: line.model,
    quantity: line.quantity,
    price: amount(line.price, 'line price'),
    total: amount(line.total, 'line total'),
    tax: amount(line.tax, 'line tax'),
    reward: line.reward,
    subtract: line.subtract,
  };
}

/** The `order_subscription` row of a line's subscription, or undefined. */
function subscriptionRow(
  line: OrderProduct,
  position: number,
  amount: (value: Money, field: string) => string,
): Row | undefined {
  const plan = line.subscription;
  if (plan === null) return undefined;
  return {
    line: position,
    subscription_plan_id: plan.subscriptionPlanId,
    name: plan.name,
    trial_status: plan.trialStatus,
    trial_price: amount(plan.trialPrice, 'subscription trial price'),
    trial_tax: amount(plan.trialTax, 'subscription trial tax'),
    trial_frequency: plan.trialFrequency,
    trial_cycle: plan.trialCycle,
    trial_duration: plan.trialDuration,
    price: amount(plan.price, 'subscription price'),
    tax: amount(plan.tax, 'subscription tax'),
    frequency: plan.frequency,
    cycle: plan.cycle,
    duration: plan.duration,
  };
}

/**
 * The rows of `draft`. Every amount must be in the store `currency` (the draft's amounts are in the default
 * currency by definition); one in another currency is a bug in the caller and throws.
 */
export function draftRows(draft: OrderDraft, currency: string): DraftRows {
  const amount = (value: Money, field: string) => amountIn(value, currency, field);
  const options: Row[] = [];
  const subscriptions: Row[] = [];
  const lines = draft.products.map((line, position) => {
    line.options.forEach((option, index) => {
      options.push({
        line: position,
        position: index,
        product_option_id: option.productOptionId,
        product_option_value_id: option.productOptionValueId,
        option_id: option.optionId,
        option_value_id: option.optionValueId,
        name: option.name,
        value: option.value,
        type: option.type,
        subtract: option.subtract,
      });
    });
    const subscription = subscriptionRow(line, position, amount);
    if (subscription !== undefined) subscriptions.push(subscription);
    return lineRow(line, position, amount);
  });
  return {
    order: orderRow(draft, amount),
    lines,
    options,
    subscriptions,
    totals: draft.totals.map((total, position) => ({
      position,
      code: total.code,
      title: total.title,
      value: amount(total.value, `total ${total.code}`),
      sort_order: total.sortOrder,
    })),
    taxes: draft.taxes.map((tax, position) => ({
      position,
      tax_rate_id: tax.taxRateId,
      name: tax.name,
      amount: amount(tax.amount, `tax ${tax.taxRateId}`),
    })),
  };
}
