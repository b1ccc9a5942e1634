/**
 * Every text cartwright answers with, in one table. Texts OpenCart gives are verbatim; where it gives none,
 * OpenCart's en-gb text is used, with the city text fixed to say 2 characters. Texts marked
 * "ours" exist in neither and are cartwright's own.
 *
 * Hosts translate or reword by passing overrides to {@link createMessages}; placeholders are `{name}`.
 * @module
 */

/** The default (en-gb) catalogue. Keys are stable identifiers; values are templates. */
export const defaultMessages = {
  // Customer (OpenCart's texts).
  'customer.success': 'Customer data set successfully!',
  'customer.not_found': 'Customer does not exist!',
  'customer.customer_group': 'Customer group is invalid!',
  'customer.firstname': 'First name must be between 1 and 32 characters!',
  'customer.lastname': 'Last name must be between 1 and 32 characters!',
  'customer.email': 'E-Mail address does not appear to be valid!',
  'customer.telephone': 'Telephone must be between 3 and 32 characters!',
  // Custom fields and options (OpenCart's `%s required!` / `%s is not a valid input!`).
  'field.required': '{name} required!',
  'field.invalid': '{name} is not a valid input!',
  'field.unstorable': 'Text must not contain NUL, unpaired surrogate or non-character code points!', // ours
  // Cart (texts of OpenCart's API, then of its storefront).
  'cart.success_multi': 'Products added to cart successfully!',
  'cart.success_single': 'Product added to cart successfully!',
  'cart.warning': 'Please check the cart carefully for errors!',
  'cart.product_not_found': 'Product does not exist!',
  'cart.out_of_stock': 'Product is out of stock!',
  'cart.subscription': 'Invalid subscription',
  'cart.option_not_found': 'Option could not be found!',
  'cart.option_stock': 'Option not available in the desired quantity or not in stock!',
  'cart.minimum': 'Minimum order amount for {name} is {minimum}!',
  'cart.quantity': 'Quantity must be a whole number between 1 and 99999!', // ours
  'cart.update_quantity': 'Quantity must be a whole number of at most 99999 (0 or less removes the product)!', // ours
  'cart.options': 'Options must be values keyed by product option id!', // ours
  'cart.too_many_items': 'Warning: At most {maximum} products can be added in one request!', // ours
  'cart.item_key': 'Warning: Product rows must be keyed by whole numbers (product[0], product[1], …)!', // ours
  'cart.updated': 'Success: You have modified your shopping cart!',
  'cart.shown': 'Success: You have modified your shopping cart!', // OpenCart's answer to a cart call without rows
  'cart.removed': 'Success: You have removed an item from your shopping cart!',
  'cart.line_not_found': 'Warning: Product could not be found!',
  // Addresses (OpenCart's storefront texts; its API gives none).
  'address.firstname': 'First Name must be between 1 and 32 characters!',
  'address.lastname': 'Last Name must be between 1 and 32 characters!',
  'address.address_1': 'Address 1 must be between 3 and 128 characters!',
  'address.city': 'City must be between 2 and 128 characters!',
  'address.postcode': 'Postcode must be between 2 and 10 characters for this country!',
  'address.country': 'Please select a country!',
  'address.zone': 'Please select a region / state!',
  'address.address_id': 'Warning: Address ID is invalid!', // ours
  'address.company': 'Company must be text of at most {maximum} characters!', // ours
  'address.address_2': 'Address 2 must be text of at most {maximum} characters!', // ours
  'custom_field.invalid': 'Warning: Custom fields must be values keyed by custom field id!', // ours
  'payment_address.success': 'Payment address set successfully!',
  'shipping_address.success': 'Shipping address set successfully!',
  'shipping_address.not_required': 'Warning: There are no products that require shipping',
  // Currency and catalog lookups (ours: OpenCart's API gives none).
  'currency.invalid': 'Warning: Currency code is invalid!', // ours
  'currency.success': 'Success: Your currency has been changed!', // OpenCart's storefront text
  'manufacturer.not_found': 'Warning: Manufacturer could not be found!', // ours
  // Preconditions of the method steps (OpenCart's session-check texts).
  'step.customer': 'Customer data required',
  'step.product': 'Cart is empty',
  'step.shipping_address': 'Shipping address required',
  // Shipping and payment methods.
  'shipping_methods.none': 'Warning: No Shipping options are available!',
  'shipping_methods.success': 'Success: Shipping methods have been quoted!', // ours
  'shipping_method.success': 'Shipping method set successfully!',
  'shipping_method.not_offered': 'Warning: Shipping method required!',
  'payment_methods.none': 'Warning: No payment options are available!',
  'payment_methods.success': 'Success: Payment methods have been listed!', // ours
  'payment_method.success': 'Payment method set successfully!',
  'reward.points': 'Warning: Please enter the amount of reward points to use!',
  'reward.removed': 'Success: Your reward points discount has been removed!', // ours
  'affiliate.removed': 'Success: Affiliate commission will not be applied to this order!', // ours
  'payment_method.not_offered': 'Warning: Payment method required!',
  // Coupons, rewards, affiliate (OpenCart's extension texts).
  'coupon.success': 'Success: Your coupon discount has been applied!',
  'coupon.removed': 'Success: Your coupon discount has been removed!',
  'coupon.invalid': 'Warning: Coupon is either invalid, expired or reached its usage limit!',
  'coupon.disabled': 'Warning: Coupons are not enabled on this store!',
  'reward.success': 'Success: Your reward points discount has been applied!',
  'reward.disabled': 'Warning: Reward points are not enabled on this store!',
  'reward.balance': "Warning: You don't have {points} reward points!",
  'reward.maximum': 'Warning: The maximum number of points that can be applied is {maximum}!',
  'affiliate.success': 'Success: Affiliate commission will be applied to this order!',
  'affiliate.not_found': 'Warning: Affiliate could not be found!',
  // Titles of the discount and fee total lines (OpenCart's en-gb total texts).
  'total.coupon': 'Coupon ({code})',
  'total.reward': 'Reward Points ({points})',
  'total.credit': 'Store Credit',
  'total.handling': 'Handling Fee',
  'total.low_order_fee': 'Low Order Fee',
  // Total line titles (OpenCart's).
  'total.sub_total': 'Sub-Total',
  'total.total': 'Total',
  // Confirm (OpenCart's texts) and order history.
  'confirm.success': 'Order created successfully!',
  'confirm.customer': 'Customer data is required!',
  'confirm.product': 'Cart is empty!',
  'confirm.stock':
    'Warning: Products marked with *** are not available in the desired quantity or not in stock!',
  'confirm.payment_address': 'Payment address is required!',
  'confirm.shipping_address': 'Shipping address is required!',
  'confirm.shipping_method': 'Shipping method is required!',
  'confirm.payment_method': 'Payment method is required!',
  'order.not_found': 'Warning: Order could not be found!',
  'order.totals': 'Warning: Prices have changed! Please review your order.', // ours
  'payment.success': 'Success: the payment is {status}!', // ours
  'payment.none': 'Warning: This order has no payment to complete!', // ours
  'payment.signature': 'Warning: The payment notification could not be verified!', // ours
  'payment.webhook': 'Success: the payment notification was received!', // ours
  'payment.refused': 'Warning: The payment provider refused to move the payment!', // ours
  'payment.refund_success': 'Success: {amount} {currency} refunded, the payment is {status}!', // ours
  'payment.refund_amount': 'Refund amount must be more than zero and at most the {left} {currency} left!', // ours
  'payment.refund_precision': 'Refund amount must be a decimal in {currency} with at most {places} decimals!', // ours
  'payment.refund_malformed': 'Refund amount must be a decimal number!', // ours
  'payment.refund_state': 'Warning: This order has no captured payment to refund!', // ours
  'payment.refund_key': 'Warning: This Idempotency-Key was already used for a different refund!', // ours
  'payment.refund_history': 'Refunded {amount} {currency} (refund {number}).', // ours
  'order.totals_digest': 'Totals digest must be 1 to 64 visible ASCII characters!', // ours
  'order.payment_token': 'Payment token must be 1 to 255 visible ASCII characters!', // ours
  'order.status': 'Warning: Order status is invalid!', // ours
  'order.comment': 'Comment must be text of at most 10000 characters!', // ours
  'order.conflict': 'Warning: Another request changed this order first; nothing was saved, try again!', // ours
  'order.idempotency': 'Warning: This Idempotency-Key was already used for a different order!', // ours
  'order.idempotency_key': 'Warning: Idempotency-Key must be 1 to 255 visible ASCII characters!', // ours
  'order.stock_short': 'Not enough stock of {name}: {requested} needed, {available} in stock!', // ours
  'field.flag': '{name} must be true or false!', // ours
  'history.success': 'Order history added successfully!',
  // Sessions and access (OpenCart 4.0.2's API login texts, and ours).
  'session.login': 'Success: API session successfully started!',
  'session.logout': 'Success: API session ended!', // ours
  'session.credentials': 'Warning: Incorrect API Key!',
  'session.ip': 'Warning: Your IP {ip} is not allowed to access this API!',
  'session.missing': 'Warning: You do not have permission to access the API!',
  'session.expired': 'Warning: Your API session has expired!', // ours
  'session.throttled': 'Warning: Too many failed logins, try again in {seconds} seconds!', // ours
  'session.conflict': 'Warning: Another request changed this session first; nothing was saved, try again!', // ours
  'service.unavailable': 'Service temporarily unavailable!', // ours
} as const satisfies Record<string, string>;

/** The identifier of one message. */
export type MessageId = keyof typeof defaultMessages;

/** A complete catalogue: a template for every {@link MessageId}. */
export type MessageCatalog = Readonly<Record<MessageId, string>>;

/** Values for a template's `{placeholders}`. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** A catalogue with some texts replaced (a translation, or a host's own wording); the rest stay default. */
export function createMessages(overrides: Partial<Record<MessageId, string>> = {}): MessageCatalog {
  return Object.freeze({ ...defaultMessages, ...overrides });
}

/**
 * The text of `id` with its placeholders filled. A placeholder without a value stays as written, so a missing
 * parameter shows up in the text rather than vanishing.
 */
export function messageText(catalog: MessageCatalog, id: MessageId, params: MessageParams = {}): string {
  const text = catalog[id];
  // Most texts have no placeholder: they are the answer as they are.
  if (!text.includes('{')) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
