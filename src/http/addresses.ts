/**
 * The two ways an operation's address is written: OpenCart's query form (`route=api/order&call=confirm`, the
 * route table's key) and the path alias (`api/order/confirm`, the OpenAPI document's path).
 * @module
 */
import type { OperationRoute } from '../operations/operation.js';

/** The key of an address: `api/cart/addProduct`, or `api/order&call=<call>` (and `&code=<code>`). */
export function keyOf(address: OperationRoute): string {
  if (address.call === undefined) return address.route;
  return `${address.route}&call=${address.call}${address.code === undefined ? '' : `&code=${address.code}`}`;
}

/** The path alias of an address: its route, then its call and code (`api/order/extension/coupon`). */
export function aliasOf(address: OperationRoute): string {
  return [address.route, address.call, address.code].filter((part) => part !== undefined).join('/');
}
