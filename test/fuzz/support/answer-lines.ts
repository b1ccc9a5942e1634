/**
 * The cart an answer shows against the stored one: `getProducts`, the method and extension steps, confirm and a
 * multi add without rows answer the cart lines, which must be the session's lines, in order, with their quantities; in the store
 * currency a line's `total` is its `price` times its quantity.
 */
import type { RouteName } from './routes.js';
import type { View } from './view.js';

/** The cart lines of an answer, or undefined when the route answers none. */
function linesOf(route: RouteName, answer: unknown): readonly unknown[] | undefined {
  if (route === 'getProducts') return Array.isArray(answer) ? answer : undefined;
  const routes = ['cart', 'shippingMethod', 'paymentMethod', 'coupon', 'reward', 'confirm'];
  if (!routes.includes(route)) return undefined;
  const products = (answer as { products?: unknown } | null)?.products;
  return Array.isArray(products) ? products : undefined;
}

/** The problems of the lines an accepted answer shows, against the stored view after it. */
export function answeredLinesProblems(route: RouteName, answer: unknown, view: View): string[] {
  const lines = linesOf(route, answer);
  if (lines === undefined) return [];
  const shown = lines.map((line) => {
    const l = line as { cart_id?: unknown; product_id?: unknown; quantity?: unknown };
    return `${String(l.cart_id)}:${String(l.product_id)}×${String(l.quantity)}`;
  });
  const stored = view.cart.map((line) => `${line.cartId}:${line.productId}×${line.quantity}`);
  const problems =
    shown.join(' ') === stored.join(' ')
      ? []
      : [`${route} shows ${shown.join(' ')}, the session holds ${stored.join(' ')}`];
  if (view.currency !== 'USD') return problems;
  for (const line of lines) {
    const { price, quantity, total } = line as { price: number; quantity: number; total: number };
    if (Math.abs(price * quantity - total) >= 0.005)
      problems.push(`a line of ${route}: ${quantity} × ${price} shown as ${total}`);
  }
  return problems;
}
