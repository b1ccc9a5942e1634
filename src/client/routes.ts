/**
 * The route of every operation the client calls, by operation name. Generated from the operation descriptors
 * by `scripts/generate-api.ts` (`npm run generate`); do not edit.
 * @module
 */
import type { ClientRouteTable } from './route-table.js';

/** The route of every operation the client calls. */
export const clientRoutes = {
  customer: { method: 'setCustomer', http: 'POST', route: 'api/customer', answer: 'step' },
  cart: { method: 'addProducts', http: 'POST', route: 'api/cart', answer: 'cart' },
  product_add: { method: 'addProduct', http: 'POST', route: 'api/cart/addProduct', answer: 'step' },
  cart_products: { method: 'getProducts', http: 'GET', route: 'api/cart/getProducts', answer: 'cart_lines' },
  cart_totals: { method: 'getTotals', http: 'GET', route: 'api/cart/getTotals', answer: 'totals' },
  cart_update: { method: 'updateCartLine', http: 'POST', route: 'api/cart/update', answer: 'step' },
  cart_remove: { method: 'removeCartLine', http: 'POST', route: 'api/cart/remove', answer: 'step' },
  payment_address: { method: 'setPaymentAddress', http: 'POST', route: 'api/order', call: 'payment_address', answer: 'step' },
  shipping_address: { method: 'setShippingAddress', http: 'POST', route: 'api/order', call: 'shipping_address', answer: 'step' },
  shipping_methods: { method: 'getShippingMethods', http: 'GET', route: 'api/order', call: 'shipping_methods', answer: 'shipping_methods' },
  shipping_method: { method: 'setShippingMethod', http: 'POST', route: 'api/order', call: 'shipping_method', answer: 'summary' },
  payment_methods: { method: 'getPaymentMethods', http: 'GET', route: 'api/order', call: 'payment_methods', answer: 'payment_methods' },
  payment_method: { method: 'setPaymentMethod', http: 'POST', route: 'api/order', call: 'payment_method', answer: 'summary' },
  coupon: { method: 'setCoupon', http: 'POST', route: 'api/order', call: 'extension', code: 'coupon', answer: 'summary' },
  reward: { method: 'setReward', http: 'POST', route: 'api/order', call: 'extension', code: 'reward', answer: 'summary' },
  affiliate: { method: 'setAffiliate', http: 'POST', route: 'api/order', call: 'affiliate', answer: 'step' },
  confirm: { method: 'confirm', http: 'POST', route: 'api/order', call: 'confirm', answer: 'confirm' },
  history_add: { method: 'addHistory', http: 'POST', route: 'api/order', call: 'history_add', answer: 'step' },
  order_info: { method: 'getOrder', http: 'GET', route: 'api/order/info', answer: 'order' },
  payment_complete: { method: 'completePayment', http: 'POST', route: 'api/order', call: 'payment_complete', answer: 'payment' },
  payment_refund: { method: 'refundPayment', http: 'POST', route: 'api/order', call: 'payment_refund', answer: 'payment' },
  currency: { method: 'setCurrency', http: 'POST', route: 'api/currency', answer: 'step' },
  manufacturer: { method: 'getManufacturer', http: 'GET', route: 'api/manufacturer', answer: 'manufacturer' },
  manufacturer_list: { method: 'listManufacturers', http: 'GET', route: 'api/manufacturer/list', answer: 'manufacturer_page' },
  product_list: { method: 'listProducts', http: 'GET', route: 'api/product/list', answer: 'product_page' },
} as const satisfies ClientRouteTable;
