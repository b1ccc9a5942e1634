/**
 * The route of every operation the client calls, by operation name. Generated from the operation descriptors
 * by `scripts/generate-api.ts` (`npm run generate`); do not edit.
 * @module
 */
import type { ClientRouteTable } from './route-table.js';

/** The route of every operation the client calls. */
export const clientRoutes = {
  customer: { method: 'setCustomer', http: 'POST', route: 'api/customer' },
  cart: { method: 'addProducts', http: 'POST', route: 'api/cart' },
  product_add: { method: 'addProduct', http: 'POST', route: 'api/cart/addProduct' },
  cart_products: { method: 'getProducts', http: 'GET', route: 'api/cart/getProducts' },
  cart_totals: { method: 'getTotals', http: 'GET', route: 'api/cart/getTotals' },
  cart_update: { method: 'updateCartLine', http: 'POST', route: 'api/cart/update' },
  cart_remove: { method: 'removeCartLine', http: 'POST', route: 'api/cart/remove' },
  payment_address: { method: 'setPaymentAddress', http: 'POST', route: 'api/order', call: 'payment_address' },
  shipping_address: { method: 'setShippingAddress', http: 'POST', route: 'api/order', call: 'shipping_address' },
  shipping_methods: { method: 'getShippingMethods', http: 'GET', route: 'api/order', call: 'shipping_methods' },
  shipping_method: { method: 'setShippingMethod', http: 'POST', route: 'api/order', call: 'shipping_method' },
  payment_methods: { method: 'getPaymentMethods', http: 'GET', route: 'api/order', call: 'payment_methods' },
  payment_method: { method: 'setPaymentMethod', http: 'POST', route: 'api/order', call: 'payment_method' },
  coupon: { method: 'setCoupon', http: 'POST', route: 'api/order', call: 'extension', code: 'coupon' },
  reward: { method: 'setReward', http: 'POST', route: 'api/order', call: 'extension', code: 'reward' },
  affiliate: { method: 'setAffiliate', http: 'POST', route: 'api/order', call: 'affiliate' },
  confirm: { method: 'confirm', http: 'POST', route: 'api/order', call: 'confirm' },
  history_add: { method: 'addHistory', http: 'POST', route: 'api/order', call: 'history_add' },
  order_info: { method: 'getOrder', http: 'GET', route: 'api/order/info' },
  currency: { method: 'setCurrency', http: 'POST', route: 'api/currency' },
  manufacturer: { method: 'getManufacturer', http: 'GET', route: 'api/manufacturer' },
  manufacturer_list: { method: 'getManufacturers', http: 'GET', route: 'api/manufacturer/list' },
  product_list: { method: 'listProducts', http: 'GET', route: 'api/product/list' },
} as const satisfies ClientRouteTable;
