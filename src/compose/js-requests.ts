/**
 * The typed methods speak JavaScript: they take camelCase records (`{ productId, quantity }`, an address without
 * its `payment_` prefix) and hand the operation the names OpenCart's wire uses (`product_id`,
 * `payment_firstname`), which `checkout.run` and the HTTP edge take as they come.
 * @module
 */
import type { ResultAsync } from 'neverthrow';
import type { CheckoutError } from '../domain/errors.js';
import type { OperationMethods } from '../engine/checkout.js';
import type { ConfirmOptions } from '../engine/run-confirm.js';
import type { SessionTarget } from '../engine/session-access.js';
import type { Operation, RequestOf, ResultOf } from '../operations/index.js';

/** `product_id` → `productId`, `address_1` → `address1`. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** `S` without `P` in front. */
type Unprefixed<S extends string, P extends string> = S extends `${P}${infer Rest}` ? Rest : S;

/** A wire record with its keys in camelCase, all the way down (ids as keys stay as they are). */
export type JsRecord<T> = T extends readonly (infer U)[]
  ? readonly JsRecord<U>[]
  : T extends object
    ? { [K in keyof T as K extends string ? CamelCase<K> : K]: JsRecord<T[K]> }
    : T;

/** The prefix an operation's wire fields carry, which its JavaScript request leaves out. */
type PrefixOf<N> = N extends 'payment_address' ? 'payment_' : N extends 'shipping_address' ? 'shipping_' : '';

/** An operation's request as the typed method takes it: camelCase, without the address prefix. */
export type JsRequest<O extends Operation> =
  RequestOf<O> extends infer R
    ? {
        [K in keyof R as K extends string ? CamelCase<Unprefixed<K, PrefixOf<O['name']>>> : K]: JsRecord<
          R[K]
        >;
      }
    : never;

/** The typed method of one operation: its session, its camelCase request, its result. */
export type JsOperationMethod<O extends Operation> = O extends { readonly kind: 'confirm' }
  ? (
      session: SessionTarget,
      request?: JsRequest<O>,
      options?: ConfirmOptions,
    ) => ResultAsync<ResultOf<O>, CheckoutError>
  : (session: SessionTarget, request?: JsRequest<O>) => ResultAsync<ResultOf<O>, CheckoutError>;

/**
 * One method per operation, as the engine has them, taking camelCase requests: `addProduct(session, { productId,
 * quantity })`, `setPaymentAddress(session, { firstname, lastname, address1, countryId, zoneId })`,
 * `addHistory(session, { orderId, orderStatusId, notify })`.
 */
export type JsOperationMethods = { readonly [O in Operation as O['method']]: JsOperationMethod<O> };

/** A key written in JavaScript's camelCase, as OpenCart writes it: `productId` → `product_id`, `address1` → `address_1`. */
export function wireName(key: string): string {
  if (/^\d+$/.test(key)) return key;
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`).replace(/([a-z])(\d)/g, '$1_$2');
}

/** `value` with every key in OpenCart's names, all the way down. */
function toWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toWire);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [wireName(key), toWire(inner)]));
}

/** The wire request of operation `name` for a request the typed method took. */
export function wireRequest(name: string, request: unknown): unknown {
  const wire = toWire(request);
  const prefix = name === 'payment_address' ? 'payment_' : name === 'shipping_address' ? 'shipping_' : '';
  if (prefix === '' || typeof wire !== 'object' || wire === null || Array.isArray(wire)) return wire;
  return Object.fromEntries(Object.entries(wire).map(([key, inner]) => [`${prefix}${key}`, inner]));
}

/** The engine's typed methods taking camelCase requests. */
export function jsMethods(engine: OperationMethods, list: readonly Operation[]): JsOperationMethods {
  const methods = engine as unknown as Record<string, (...args: unknown[]) => unknown>;
  return Object.fromEntries(
    list.map((operation) => {
      const method = methods[operation.method];
      return [
        operation.method,
        (session: SessionTarget, request?: unknown, options?: ConfirmOptions) =>
          method?.(
            session,
            request === undefined ? undefined : wireRequest(operation.name, request),
            options,
          ),
      ];
    }),
  ) as unknown as JsOperationMethods;
}
