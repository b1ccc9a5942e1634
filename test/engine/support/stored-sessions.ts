/**
 * Sessions as a store might hold them after a release changed their shape, or after something damaged them:
 * hand-made JSON text, as it would sit in Redis or a memory store, each with the error the engine answers.
 */

/** A hand-made stored session and what loading it must answer. */
export interface StoredSessionCase {
  readonly label: string;
  /** The stored JSON text; `{id}` and `{expiresAt}` are filled in per test. */
  readonly json: string;
  /** The `CheckoutError` kind of every operation on it. */
  readonly kind: 'expired' | 'unavailable';
}

/** Fills in the id and expiry (an hour after `now`) of a case's JSON. */
export function storedJson(template: string, id: string, now: string): string {
  const expiresAt = new Date(Date.parse(now) + 3_600_000).toISOString();
  return template.replaceAll('{id}', id).replaceAll('{expiresAt}', expiresAt).replaceAll('{now}', now);
}

/** A session of the current shape (schemaVersion 1), with a cart line, in JSON as the engine writes it. */
const current = `{"schemaVersion":1,"id":"{id}","version":2,"apiUserId":1,"createdAt":"{now}","updatedAt":"{now}",
"expiresAt":"{expiresAt}","currency":"USD","language":"en-gb","customer":null,"loggedInCustomerId":null,
"cart":[{"cartId":"c1","productId":40,"quantity":1,"options":{},"subscriptionPlanId":0}],"paymentAddress":null,
"shippingAddress":null,"shippingMethods":null,"shippingMethod":null,"paymentMethods":null,"paymentMethod":null,
"coupon":null,"reward":null,"affiliateId":null,"lastOrder":null}`;

/** The current shape, which loads: the cases below differ from it in one way each. */
export const currentSessionJson = current;

/** Stored sessions the engine must refuse, and how. */
export const unusableSessions: readonly StoredSessionCase[] = [
  {
    label: 'an older shape no migration brings forward (schemaVersion 0, snake_case cart)',
    json: `{"schemaVersion":0,"id":"{id}","version":3,"api_id":1,"expiresAt":"{expiresAt}",
"cart":[{"product_id":40,"quantity":2,"option":[]}],"customer":{"firstname":"Jane"}}`,
    kind: 'expired',
  },
  {
    label: 'a session from before schemaVersion existed',
    json: `{"id":"{id}","version":1,"expiresAt":"{expiresAt}","cart":{"40":2}}`,
    kind: 'expired',
  },
  {
    label: 'a newer shape (schemaVersion 2, written by a later release)',
    json: current.replace('"schemaVersion":1', '"schemaVersion":2').replace('"cart":[', '"lines":['),
    kind: 'unavailable',
  },
  {
    label: 'a cart that is not a list',
    json: current.replace(/"cart":\[[^\]]*\]/, '"cart":"40x1"'),
    kind: 'expired',
  },
  {
    label: 'a cart line with a text product id',
    json: current.replace('"productId":40', '"productId":"40"'),
    kind: 'expired',
  },
  {
    label: 'a shipping quote whose cost is a number',
    json: current.replace(
      '"shippingMethod":null',
      '"shippingMethod":{"code":"flat.flat","name":"Flat","cost":5,"taxClassId":9}',
    ),
    kind: 'expired',
  },
  {
    label: 'an expiry that is not an instant',
    json: current.replace('"updatedAt":"{now}"', '"updatedAt":"yesterday"'),
    kind: 'expired',
  },
  {
    label: 'a customer without names',
    json: current.replace('"customer":null', '"customer":{"customerId":0}'),
    kind: 'expired',
  },
];
