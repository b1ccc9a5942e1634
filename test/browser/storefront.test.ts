/**
 * The storefront at `/shop` in a real browser: a customer picks products with options, says who they are and
 * where to deliver, chooses delivery and payment while the totals follow, and places the order, against a
 * listening `npm start` server. One Chromium for the file, one context (a fresh customer) per scenario.
 *
 * `STOREFRONT_SCREENSHOTS=1` also writes the page at its main steps into docs/images/ (the docs show them).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDemo, startDemoServer } from '../../examples/shared/demo-main.js';
import { launchChromium } from './support/chromium.js';
import {
  fillCustomerAndAddress,
  productCard,
  shoot,
  totalLine,
  openShop as visitShop,
} from './support/shop.js';

let demo: RunningDemo;
let browser: Browser;
let origin = '';

beforeAll(async () => {
  const started = await startDemoServer(
    { PORT: '0', CARTWRIGHT_API_KEY: 'storefront-test-key-0123456789abcdef01' },
    { log: () => {} },
  );
  if (started.isErr()) throw new Error(JSON.stringify(started.error));
  demo = started.value;
  origin = new URL(demo.url).origin;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

/** A fresh customer on the shop's page. */
const openShop = () => visitShop(browser, origin);

describe('the storefront (/shop)', () => {
  it('sells products with options to a customer paying cash on delivery, the totals following each step', async () => {
    const { page, requests, close } = await openShop();
    try {
      // A required option left out: the shop says so next to it, and nothing is added.
      const canon = productCard(page, 'Canon EOS 5D');
      await canon.getByRole('button', { name: 'Add to cart' }).click();
      await expect
        .poll(() => canon.locator('[data-error="option_226"]').textContent())
        .toBe('Select required!');
      await expect.poll(() => page.locator('#cart-empty').isVisible()).toBe(true);

      await canon.getByLabel('Select *').selectOption({ label: 'Red (+$0.00)' });
      await canon.getByLabel('Quantity').fill('2');
      await canon.getByRole('button', { name: 'Add to cart' }).click();
      await expect.poll(() => page.locator('#cart-lines tbody tr').count()).toBe(1);
      await expect.poll(() => totalLine(page, 'Total').textContent()).toBe('$244.00');

      await productCard(page, 'iPhone').getByRole('button', { name: 'Add to cart' }).click();
      await expect.poll(() => page.locator('#cart-lines tbody tr').count()).toBe(2);
      expect(await page.locator('#cart-lines tbody tr').first().textContent()).toContain(
        'Canon EOS 5D (Select: Red)',
      );
      await expect.poll(() => totalLine(page, 'Sub-Total').textContent()).toBe('$301.00');
      await shoot(page, 'storefront-cart', '#products', '#cart');

      await fillCustomerAndAddress(page);
      // Delivery: choosing the flat rate adds it to the totals (5.00, with its VAT and Eco Tax).
      const flat = page.getByLabel('Flat Shipping Rate — $8.00');
      await flat.waitFor();
      await flat.check();
      await expect.poll(() => totalLine(page, 'Flat Shipping Rate').textContent()).toBe('$5.00');
      await expect.poll(() => totalLine(page, 'VAT (20%)').textContent()).toBe('$61.20');
      await expect.poll(() => totalLine(page, 'Total').textContent()).toBe('$375.20');

      const cod = page.getByLabel('Cash On Delivery');
      await cod.waitFor();
      await cod.check();
      await expect.poll(() => page.locator('#payment-error').textContent()).toBe('');
      await shoot(page, 'storefront-checkout', '#cart', '#payment');

      await page.getByRole('button', { name: 'Place order' }).click();
      const placed = page.locator('#placed');
      await placed.waitFor();
      const orderId = Number(await placed.getAttribute('data-order-id'));
      expect(await page.locator('#placed-summary').textContent()).toContain(
        `Order #${orderId} is placed (Pending)`,
      );
      await expect
        .poll(() => page.locator('#placed-totals tr[data-code="total"] td').last().textContent())
        .toBe('$375.20');
      await shoot(page, 'storefront-placed', '#placed');

      // The order is the store's, as the page showed it.
      const order = await demo.app.adapters.orders.get(orderId);
      expect(order?.paymentMethod?.code).toBe('cod');
      expect(order?.total).toEqual({ amount: '375.2000', currency: 'USD' });
      expect(order?.products.map((line) => [line.name, line.quantity])).toEqual([
        ['Canon EOS 5D', 2],
        ['iPhone', 1],
      ]);

      // The browser spoke only to the shop, and holds nothing but the shop's cookie.
      expect(requests.filter((url) => !url.startsWith(`${origin}/shop`))).toEqual([]);
      const cookies = await page.context().cookies();
      expect(cookies.map((cookie) => [cookie.name, cookie.path, cookie.httpOnly])).toEqual([
        ['shop_session', '/shop', true],
      ]);
    } finally {
      await close();
    }
  });
});
