/**
 * What the storefront's browser tests share: a demo server with the shop, a fresh customer on its page, the
 * page's parts by what the customer reads, the steps every purchase takes, and the screenshots the docs show.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Whether the tests also write screenshots into docs/images/ (`STOREFRONT_SCREENSHOTS=1`). */
export const screenshots = process.env.STOREFRONT_SCREENSHOTS === '1';

const imagesDir = join(import.meta.dirname, '../../../docs/images');

/**
 * Writes the part of the page from the top of `first` to the bottom of `last` to docs/images/<name>.png, when
 * screenshots are asked for.
 */
export async function shoot(page: Page, name: string, first: string, last = first): Promise<void> {
  if (!screenshots) return;
  mkdirSync(imagesDir, { recursive: true });
  const top = await page.locator(first).boundingBox();
  const bottom = await page.locator(last).boundingBox();
  if (top === null || bottom === null) throw new Error(`${first} or ${last} is not on the page`);
  // The boxes are where the parts are in the window; the clip of a full-page shot is where they are on the page.
  const scrolled = await page.evaluate<{ x: number; y: number }>(
    '({ x: window.scrollX, y: window.scrollY })',
  );
  const margin = 8;
  await page.screenshot({
    path: join(imagesDir, `${name}.png`),
    fullPage: true,
    clip: {
      x: top.x + scrolled.x - margin,
      y: top.y + scrolled.y - margin,
      width: top.width + 2 * margin,
      height: bottom.y + bottom.height - top.y + 2 * margin,
    },
  });
}

/** Writes the whole page to docs/images/<name>.png, when screenshots are asked for. */
export async function shootPage(page: Page, name: string): Promise<void> {
  if (!screenshots) return;
  mkdirSync(imagesDir, { recursive: true });
  await page.screenshot({ path: join(imagesDir, `${name}.png`), fullPage: true });
}

/** A customer's browser on the shop. */
export interface ShopVisit {
  readonly page: Page;
  /** Every URL the page requested. */
  readonly requests: string[];
  close(): Promise<void>;
}

/** A fresh customer on the shop's page at `origin`, with every request the page makes recorded. */
export async function openShop(browser: Browser, origin: string): Promise<ShopVisit> {
  const context = await browser.newContext({ viewport: { width: 900, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => {
    requests.push(request.url());
  });
  const response = await page.goto(`${origin}/shop`);
  expect(response?.status()).toBe(200);
  await page.locator('body[data-ready="true"]').waitFor();
  return { page, requests, close: () => context.close() };
}

/** The product card of `name`. */
export function productCard(page: Page, name: string) {
  return page.locator('form.product').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** The text of the total line with `title` in the cart's totals. */
export function totalLine(page: Page, title: string) {
  return page.locator('#totals tr').filter({ hasText: title }).locator('td').last();
}

/** Fills the customer and the address (Grace Hopper, in Preston, Lancashire) and waits for the delivery options. */
export async function fillCustomerAndAddress(page: Page): Promise<void> {
  const customer = page.locator('#customer-form');
  await customer.getByLabel('First name').fill('Grace');
  await customer.getByLabel('Last name').fill('Hopper');
  await customer.getByLabel('E-mail').fill('grace@example.com');
  await customer.getByLabel('Telephone').fill('+44 1632 960001');
  await customer.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => customer.locator('.done').isVisible()).toBe(true);

  const address = page.locator('#address-form');
  await address.getByLabel('Address').fill('1 Market Street');
  await address.getByLabel('City').fill('Preston');
  await address.getByLabel('Postcode').fill('PR1 2HJ');
  await address.getByLabel('Country').selectOption({ label: 'United Kingdom' });
  await address.getByLabel('Region').selectOption({ label: 'Lancashire' });
  await address.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => address.locator('.done').isVisible()).toBe(true);
}

/** Chooses the flat rate delivery and the card method, and types `number` as the card's number. */
export async function payByCard(page: Page, number: string): Promise<void> {
  const flat = page.getByLabel('Flat Shipping Rate — $8.00');
  await flat.waitFor();
  await flat.check();
  const card = page.getByLabel('Card (test mode)');
  await card.waitFor();
  await card.check();
  await page.getByLabel('Card number').fill(number);
}

/** The stock the product card of `name` shows (`998 in stock` → 998). */
export async function shownStock(page: Page, name: string): Promise<number> {
  const text = (await productCard(page, name).locator('.stock').textContent()) ?? '';
  return Number(/^(\d+) in stock$/.exec(text)?.[1] ?? Number.NaN);
}
