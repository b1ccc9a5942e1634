/**
 * The storefront's routes: each takes what the page sent (already parsed, with the shopper it came from) and asks
 * the checkout engine, in this process, to do it. The engine's session id, the API user and the customer's
 * address all stay on this side: the page speaks only to these routes.
 *
 * The page's fields are OpenCart's own names (`firstname`, `postcode`, `zone_id`, an option's
 * `product_option_id`), so the engine's errors, keyed by those names, go back to the page's inputs as they are.
 */
import type { Checkout, CheckoutError, FieldErrors } from 'cartwright';
import type { Country, Product } from 'cartwright/core';
import { err, type Result } from 'neverthrow';
import { createPresenter, type Presenter, type ShownCart } from './present.js';
import type { ShopSession } from './sessions.js';

/** Where the shop's products and countries come from: the host's own catalog. */
export interface ShopCatalog {
  /** The products the shop lists, with their options and current stock, in the order to show them. */
  products(): Promise<readonly Product[]>;
  /** The countries an address may be in, with their zones. */
  countries(): Promise<readonly Country[]>;
}

/** What a route is given. */
export interface ShopCall {
  /** The shopper, found by the storefront's cookie. */
  readonly shopper: ShopSession;
  /** The JSON body (an object; `{}` for a GET). */
  readonly body: Readonly<Record<string, unknown>>;
  /** The id in the path (`/orders/<id>`), when the route has one. */
  readonly id?: string | undefined;
  /** The customer's connection, stored on the order. */
  readonly client: { readonly ip: string; readonly userAgent: string; readonly acceptLanguage: string };
  /** The page's `Idempotency-Key` for a confirm: one per attempt to pay, so a retried request places one order. */
  readonly idempotencyKey?: string | undefined;
}

/** What a route answers: a status and a JSON body. */
export interface ShopReply {
  readonly status: number;
  readonly body: unknown;
}

/** A storefront route. */
export type ShopRoute = (call: ShopCall) => Promise<ShopReply>;

/** What the routes need. */
export interface ShopRouteOptions {
  /** The checkout engine, with the payment methods the shop offers. */
  readonly checkout: Checkout;
  /** The store's settings (currencies and order statuses, to show amounts and statuses). */
  readonly settings: Parameters<typeof createPresenter>[0];
  readonly catalog: ShopCatalog;
  /** The API user the shop's sessions belong to (the engine's sessions always have one). */
  readonly apiUserId: number;
}

/** The HTTP status of each kind of checkout error. */
const statusOf: Readonly<Record<CheckoutError['kind'], number>> = {
  validation: 422,
  precondition: 409,
  not_found: 404,
  conflict: 409,
  unauthorized: 401,
  forbidden: 403,
  expired: 401,
  unavailable: 503,
};

/** The reply to a checkout error: its kind and its texts by field. */
function refusal(error: CheckoutError): ShopReply {
  return { status: statusOf[error.kind], body: { error: error.kind, errors: error.fields } };
}

/** A reply saying the page sent something malformed. */
function badRequest(errors: FieldErrors): ShopReply {
  return { status: 400, body: { error: 'validation', errors } };
}

/** `value` when it is a plain object, else `{}`. */
function record(value: unknown): Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The fields of an address the page may send. */
const addressFields = [
  'firstname',
  'lastname',
  'company',
  'address_1',
  'address_2',
  'city',
  'postcode',
  'country_id',
  'zone_id',
] as const;

/** The page's address as the engine's payment or shipping address body (`payment_firstname`, …). */
function prefixed(prefix: 'payment_' | 'shipping_', address: Readonly<Record<string, unknown>>) {
  return Object.fromEntries(addressFields.map((name) => [prefix + name, address[name] ?? '']));
}

/** The engine's address errors keyed by the page's names (`payment_firstname` → `firstname`). */
function unprefixed(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([key, text]) => [key.replace(/^(payment|shipping)_/, ''), text]),
  );
}

/** The storefront's routes by name. */
export function createShopRoutes(options: ShopRouteOptions): Readonly<Record<string, ShopRoute>> {
  const { checkout, catalog, apiUserId } = options;
  const present: Presenter = createPresenter(options.settings);

  /** The shopper's checkout session, opened on first use. */
  async function sessionOf(shopper: ShopSession): Promise<string | CheckoutError> {
    if (shopper.checkoutSessionId !== undefined) return shopper.checkoutSessionId;
    const opened = await checkout.openSession({ apiUserId });
    if (opened.isErr()) return opened.error;
    shopper.checkoutSessionId = opened.value.sessionId;
    return opened.value.sessionId;
  }

  /**
   * Runs `task` on the shopper's checkout session. A session that expired (the shopper was away longer than its
   * time to live) is replaced by a new, empty one and `task` runs again once: the cart is gone, which the page
   * then shows.
   */
  async function inSession<T>(
    shopper: ShopSession,
    task: (sessionId: string) => PromiseLike<Result<T, CheckoutError>>,
  ): Promise<Result<T, CheckoutError>> {
    for (let attempt = 0; ; attempt++) {
      const sessionId = await sessionOf(shopper);
      if (typeof sessionId !== 'string') return err(sessionId);
      const result = await task(sessionId);
      if (attempt > 0 || result.isOk() || !['unauthorized', 'expired'].includes(result.error.kind)) {
        return result;
      }
      shopper.checkoutSessionId = undefined;
    }
  }

  /** The cart, its totals and the chosen methods, as the page shows them after every change. */
  async function cartState(shopper: ShopSession): Promise<ShopReply> {
    const found = await inSession(shopper, (id) => checkout.getSession(id));
    if (found.isErr()) return refusal(found.error);
    const summary = await checkout.viewCart(found.value);
    if (summary.isErr()) return refusal(summary.error);
    const session = found.value;
    const cart: ShownCart = present.cart(summary.value);
    return {
      status: 200,
      body: {
        ...cart,
        customer: session.customer === null ? null : { email: session.customer.email },
        shippingMethod: session.shippingMethod?.code ?? null,
        paymentMethod: session.paymentMethod?.code ?? null,
      },
    };
  }

  /** Runs one step of the checkout with `body`, then answers the cart as it now is (or the step's errors). */
  async function step(
    shopper: ShopSession,
    name: 'product_add' | 'cart_update' | 'cart_remove' | 'customer' | 'shipping_method' | 'payment_method',
    body: Readonly<Record<string, unknown>>,
  ): Promise<ShopReply> {
    const result = await inSession(shopper, (id) => checkout.run(name, id, body));
    return result.isErr() ? refusal(result.error) : cartState(shopper);
  }

  return {
    /** The products on sale, with their options and stock. */
    products: async () => {
      const products = await catalog.products();
      return { status: 200, body: { products: products.map(present.product) } };
    },

    /** The countries an address may be in, with their zones. */
    countries: async () => {
      const countries = await catalog.countries();
      return {
        status: 200,
        body: {
          countries: countries.map((country) => ({
            countryId: country.countryId,
            name: country.name,
            zones: country.zones
              .filter((zone) => zone.status)
              .map((zone) => ({ zoneId: zone.zoneId, name: zone.name })),
          })),
        },
      };
    },

    cart: ({ shopper }) => cartState(shopper),

    /** Adds a product: `{ product_id, quantity, option: { <product_option_id>: value or [values] } }`. */
    add: ({ shopper, body }) =>
      step(shopper, 'product_add', {
        product_id: body.product_id,
        quantity: body.quantity,
        option: record(body.option),
      }),

    /** Sets a line's quantity: `{ cart_id, quantity }` (0 removes it). */
    update: ({ shopper, body }) =>
      step(shopper, 'cart_update', { cart_id: body.cart_id, quantity: body.quantity }),

    /** Removes a line: `{ cart_id }`. */
    remove: ({ shopper, body }) => step(shopper, 'cart_remove', { cart_id: body.cart_id }),

    /** The customer: `{ firstname, lastname, email, telephone }`. */
    customer: ({ shopper, body }) =>
      step(shopper, 'customer', {
        firstname: body.firstname,
        lastname: body.lastname,
        email: body.email,
        telephone: body.telephone,
      }),

    /**
     * The address, which the shop uses both to bill and, when the cart ships, to ship to. Errors come back keyed
     * by the page's names, once for both.
     */
    address: async ({ shopper, body }) => {
      const address = record(body.address);
      const payment = await inSession(shopper, (id) =>
        checkout.run('payment_address', id, prefixed('payment_', address)),
      );
      if (payment.isErr()) return refusal({ ...payment.error, fields: unprefixed(payment.error.fields) });
      const found = await inSession(shopper, (id) => checkout.getSession(id));
      if (found.isErr()) return refusal(found.error);
      if (found.value.cart.length > 0 && (await ships(found.value))) {
        const shipping = await checkout.run('shipping_address', found.value, prefixed('shipping_', address));
        if (shipping.isErr())
          return refusal({ ...shipping.error, fields: unprefixed(shipping.error.fields) });
      }
      return cartState(shopper);
    },

    /** The shipping quotes on offer for the cart and address. */
    shippingMethods: async ({ shopper }) => {
      const offered = await inSession(shopper, (id) => checkout.run('shipping_methods', id, {}));
      if (offered.isErr()) return refusal(offered.error);
      return { status: 200, body: { methods: present.shipping(offered.value.shippingMethods) } };
    },

    /** Chooses a shipping quote: `{ code }`. */
    shippingMethod: ({ shopper, body }) => step(shopper, 'shipping_method', { shipping_method: body.code }),

    /** The payment methods on offer. */
    paymentMethods: async ({ shopper }) => {
      const offered = await inSession(shopper, (id) => checkout.run('payment_methods', id, {}));
      if (offered.isErr()) return refusal(offered.error);
      return { status: 200, body: { methods: present.payment(offered.value.paymentMethods) } };
    },

    /** Chooses a payment method: `{ code }`. */
    paymentMethod: ({ shopper, body }) => step(shopper, 'payment_method', { payment_method: body.code }),

    /**
     * Places the order: `{ comment }`, with the page's `Idempotency-Key`. Once placed, the order is the shopper's
     * to read back, and the next purchase starts with a new, empty cart; the same key again answers the same
     * order.
     */
    confirm: async ({ shopper, body, client, idempotencyKey }) => {
      if (idempotencyKey === undefined) {
        return badRequest({ warning: 'An Idempotency-Key header is required.' });
      }
      if (shopper.lastConfirm?.key === idempotencyKey) return readOrder(shopper, shopper.lastConfirm.orderId);
      const placed = await inSession(shopper, (id) =>
        checkout.run('confirm', id, { comment: body.comment ?? '' }, { idempotencyKey, client }),
      );
      if (placed.isErr()) return refusal(placed.error);
      const { orderId } = placed.value;
      if (!shopper.orders.includes(orderId)) shopper.orders.push(orderId);
      shopper.lastConfirm = { key: idempotencyKey, orderId };
      const sessionId = shopper.checkoutSessionId;
      shopper.checkoutSessionId = undefined;
      if (sessionId !== undefined) await checkout.closeSession(sessionId);
      return readOrder(shopper, orderId);
    },

    /** An order this browser placed. */
    order: ({ shopper, id }) => {
      const orderId = Number(id);
      if (!Number.isSafeInteger(orderId) || !shopper.orders.includes(orderId)) {
        return Promise.resolve({
          status: 404,
          body: { error: 'not_found', errors: { warning: 'No such order.' } },
        });
      }
      return readOrder(shopper, orderId);
    },
  };

  /** Whether some line of the session's cart ships. */
  async function ships(session: Parameters<Checkout['viewCart']>[0]): Promise<boolean> {
    const summary = await checkout.viewCart(session);
    return summary.isOk() && summary.value.shippingRequired;
  }

  /** Order `orderId` as the page shows it. */
  async function readOrder(shopper: ShopSession, orderId: number): Promise<ShopReply> {
    const order = await inSession(shopper, (id) => checkout.run('order_info', id, { order_id: orderId }));
    if (order.isErr()) return refusal(order.error);
    return { status: 200, body: { order: present.order(order.value) } };
  }
}
