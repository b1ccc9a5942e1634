/**
 * Reading one order with its lines, options, subscriptions, totals, taxes and history in one statement.
 * @module
 */
import type {
  OrderDraft,
  OrderProduct,
  OrderRecord,
  OrderShippingMethod,
  OrderSubscription,
  OrderTax,
  OrderTotal,
} from '../../domain/records/order.js';
import type { Database } from './database.js';
import type { Tables } from './identifiers.js';
import { paymentColumns, paymentOfStored, type StoredPayment } from './payment-rows.js';
import type { PgClientLike } from './pool.js';
import { isoTimestamp, jsonColumn, toMoney } from './values.js';

/** SQL: a JSON array aggregate that is `[]`, not NULL, over no rows. */
const jsonList = (select: string) => `COALESCE((${select}), '[]'::json)`;

/** The statement reading the order `$1` as one JSON `record` (amounts as NUMERIC text), or no row. */
export function orderStatement(t: Tables): string {
  const options = `SELECT json_agg(json_build_object(
      'productOptionId', x.product_option_id, 'productOptionValueId', x.product_option_value_id,
      'optionId', x.option_id, 'optionValueId', x.option_value_id, 'name', x.name, 'value', x.value,
      'type', x.type, 'subtract', x.subtract
    ) ORDER BY x.position, x.order_option_id)
    FROM ${t.order_option} x WHERE x.order_product_id = p.order_product_id`;
  const subscription = `SELECT json_build_object(
      'subscriptionPlanId', s.subscription_plan_id, 'name', s.name, 'trialStatus', s.trial_status,
      'trialPrice', s.trial_price::text, 'trialTax', s.trial_tax::text, 'trialFrequency', s.trial_frequency,
      'trialCycle', s.trial_cycle, 'trialDuration', s.trial_duration, 'price', s.price::text,
      'tax', s.tax::text, 'frequency', s.frequency, 'cycle', s.cycle, 'duration', s.duration
    ) FROM ${t.order_subscription} s WHERE s.order_product_id = p.order_product_id`;
  const products = `SELECT json_agg(json_build_object(
      'productId', p.product_id, 'masterId', p.master_id, 'name', p.name, 'model', p.model,
      'quantity', p.quantity, 'price', p.price::text, 'total', p.total::text, 'tax', p.tax::text,
      'reward', p.reward, 'subtract', p.subtract, 'options', ${jsonList(options)},
      'subscription', (${subscription})
    ) ORDER BY p.position)
    FROM ${t.order_product} p WHERE p.order_id = o.order_id`;
  const totals = `SELECT json_agg(json_build_object(
      'code', x.code, 'title', x.title, 'value', x.value::text, 'sortOrder', x.sort_order
    ) ORDER BY x.position) FROM ${t.order_total} x WHERE x.order_id = o.order_id`;
  const taxes = `SELECT json_agg(json_build_object(
      'taxRateId', x.tax_rate_id, 'name', x.name, 'amount', x.amount::text
    ) ORDER BY x.position) FROM ${t.order_tax} x WHERE x.order_id = o.order_id`;
  const history = `SELECT json_agg(json_build_object(
      'orderHistoryId', h.order_history_id, 'orderStatusId', h.order_status_id, 'comment', h.comment,
      'notify', h.notify, 'dateAdded', ${isoTimestamp('h.date_added')}
    ) ORDER BY h.order_history_id) FROM ${t.order_history} h WHERE h.order_id = o.order_id`;
  return `SELECT json_build_object(
      'orderId', o.order_id, 'orderStatusId', o.order_status_id, 'revision', o.revision,
      'storeId', o.store_id, 'storeName', o.store_name, 'storeUrl', o.store_url,
      'invoicePrefix', o.invoice_prefix, 'apiUserId', o.api_user_id,
      'customer', json_build_object(
        'customerId', o.customer_id, 'customerGroupId', o.customer_group_id, 'firstname', o.firstname,
        'lastname', o.lastname, 'email', o.email, 'telephone', o.telephone, 'customField', o.custom_field
      ),
      'paymentAddress', o.payment_address, 'shippingAddress', o.shipping_address,
      'paymentMethod', CASE WHEN o.payment_method_code IS NULL THEN NULL
        ELSE json_build_object('name', o.payment_method_name, 'code', o.payment_method_code) END,
      'shippingMethod', CASE WHEN o.shipping_method_code IS NULL THEN NULL
        ELSE json_build_object('name', o.shipping_method_name, 'code', o.shipping_method_code,
          'cost', o.shipping_method_cost::text, 'taxClassId', o.shipping_method_tax_class_id) END,
      'products', ${jsonList(products)},
      'totals', ${jsonList(totals)},
      'taxes', ${jsonList(taxes)},
      'total', o.total::text, 'comment', o.comment, 'couponCode', o.coupon_code,
      'rewardPoints', o.reward_points, 'loggedInCustomerId', o.logged_in_customer_id,
      'affiliateId', o.affiliate_id, 'commission', o.commission::text,
      'languageCode', o.language_code, 'currencyCode', o.currency_code,
      'currencyValue', o.currency_value::text,
      'client', json_build_object('ip', o.ip, 'forwardedIp', o.forwarded_ip, 'userAgent', o.user_agent,
        'acceptLanguage', o.accept_language),
      'dateAdded', ${isoTimestamp('o.date_added')}, 'dateModified', ${isoTimestamp('o.date_modified')},
      'history', ${jsonList(history)},
      ${paymentColumns(t)}
    ) AS record
    FROM ${t.orders} o WHERE o.order_id = $1`;
}

/** A record as the statement builds it: amounts are still NUMERIC text. */
type Stored<T, K extends keyof T> = Omit<T, K> & { readonly [P in K]: string };

type StoredLine = Omit<Stored<OrderProduct, 'price' | 'total' | 'tax'>, 'subscription'> & {
  readonly subscription: Stored<OrderSubscription, 'trialPrice' | 'trialTax' | 'price' | 'tax'> | null;
};

type StoredOrder = Omit<
  Stored<OrderRecord, 'total' | 'commission'>,
  'shippingMethod' | 'products' | 'totals' | 'taxes' | 'payment' | 'stockHold'
> &
  StoredPayment & {
    readonly shippingMethod: Stored<OrderShippingMethod, 'cost'> | null;
    readonly products: readonly StoredLine[];
    readonly totals: readonly Stored<OrderTotal, 'value'>[];
    readonly taxes: readonly Stored<OrderTax, 'amount'>[];
  };

/** The order record of a stored order, amounts in `currency`. */
function toOrderRecord(stored: StoredOrder, currency: string): OrderRecord {
  const money = (amount: string) => toMoney(amount, currency);
  const products = stored.products.map(
    (line): OrderProduct => ({
      ...line,
      price: money(line.price),
      total: money(line.total),
      tax: money(line.tax),
      subscription:
        line.subscription === null
          ? null
          : {
              ...line.subscription,
              trialPrice: money(line.subscription.trialPrice),
              trialTax: money(line.subscription.trialTax),
              price: money(line.subscription.price),
              tax: money(line.subscription.tax),
            },
    }),
  );
  const { shippingMethod } = stored;
  const draft: Pick<OrderDraft, 'shippingMethod' | 'products' | 'totals' | 'taxes' | 'total' | 'commission'> =
    {
      shippingMethod:
        shippingMethod === null ? null : { ...shippingMethod, cost: money(shippingMethod.cost) },
      products,
      totals: stored.totals.map((total) => ({ ...total, value: money(total.value) })),
      taxes: stored.taxes.map((tax) => ({ ...tax, amount: money(tax.amount) })),
      total: money(stored.total),
      commission: money(stored.commission),
    };
  const { payment, stockHold, ...order } = stored;
  return { ...order, ...draft, ...paymentOfStored({ payment, stockHold }) };
}

/**
 * The order `orderId` as its record (not frozen), or undefined: `statement` is {@link orderStatement}'s, run on
 * `db` (the adapters' database, or the client of a transaction that has just written the order).
 */
export async function readOrder(
  db: PgClientLike | Database,
  statement: string,
  currency: string,
  orderId: number,
): Promise<OrderRecord | undefined> {
  const { rows } = await db.query(statement, [orderId]);
  const [row] = rows;
  return row === undefined ? undefined : orderRecordOf(row.record, currency);
}

/** The order record (not frozen) of a `record` column {@link orderStatement} built, amounts in `currency`. */
export function orderRecordOf(record: unknown, currency: string): OrderRecord {
  return toOrderRecord(jsonColumn<StoredOrder>(record), currency);
}

/**
 * The tables of an order as the common table expressions of a statement that has just inserted it name them:
 * {@link orderStatement} over these reads the rows those insertions returned, in the same statement.
 */
export function insertedOrderTables(t: Tables): Tables {
  return {
    ...t,
    orders: 'main',
    order_history: 'entry',
    order_product: 'lines',
    order_option: 'options',
    order_subscription: 'subscriptions',
    order_total: 'totals',
    order_tax: 'taxes',
  };
}
