/**
 * The requests that take a fresh session up to confirm over HTTP: customer, a cart of iPhones (product 40), both
 * addresses (the UK address of the HTTP tests), flat shipping and cash on delivery.
 */
import { guest, ukAddress } from '../../http/support/harness.js';

/** One step: the route (with its `call`) and its form, or no form for a GET. */
export type CheckoutStep = readonly [route: string, form: Record<string, string> | undefined];

/** The steps up to confirm, with `quantity` iPhones in the cart. */
export function stepsToConfirm(quantity: number): readonly CheckoutStep[] {
  return [
    ['api/order&call=customer', { ...guest }],
    ['api/order&call=cart', { 'product[0][product_id]': '40', 'product[0][quantity]': String(quantity) }],
    ['api/order&call=payment_address', ukAddress('payment_')],
    ['api/order&call=shipping_address', ukAddress('shipping_')],
    ['api/order&call=shipping_methods', undefined],
    ['api/order&call=shipping_method', { 'shipping_method.code': 'flat.flat' }],
    ['api/order&call=payment_methods', undefined],
    ['api/order&call=payment_method', { 'payment_method.code': 'cod' }],
  ];
}
