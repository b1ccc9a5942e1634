/**
 * Card payments at the storefront (`/shop`) in a real browser, against a listening `npm start` server whose card
 * method is the test card provider: a declined card and then a card asking for 3-D Secure, whose challenge page
 * sends the customer back to the placed order; a price that moves between the totals shown and the confirm (the
 * totals guard's message and the new totals, then the order at the new price); a challenge failed, which places
 * nothing and gives the unit back, after which a good card places one order; and a challenge abandoned, whose
 * held unit comes back once the hold's time runs out and the sweep runs, after which the customer, back at the
 * shop, pays with the same card.
 *
 * The server's clock runs ahead when a test moves it (the holds last `config_payment_hold_minutes`, one minute
 * here), so nothing waits for real time to pass. `STOREFRONT_SCREENSHOTS=1` also writes the card step, the
 * challenge page and the guard's message into docs/images/ (docs/payments.md shows them).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDemo, startDemoServer } from '../../examples/shared/demo-main.js';
import { launchChromium } from './support/chromium.js';
import {
  fillCustomerAndAddress,
  openShop,
  payByCard,
  productCard,
  shoot,
  shootPage,
  shownStock,
  totalLine,
} from './support/shop.js';

let demo: RunningDemo;
let browser: Browser;
let origin = '';
/** How far the server's clock runs ahead of the real one. */
let aheadMs = 0;

beforeAll(async () => {
  const started = await startDemoServer(
    {
      PORT: '0',
      CARTWRIGHT_API_KEY: 'storefront-card-key-0123456789abcdef0123',
      CARTWRIGHT_CONFIG: JSON.stringify({ config_payment_hold_minutes: 1 }),
    },
    { log: () => {}, clock: { now: () => new Date(Date.now() + aheadMs) } },
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

/** The order the store holds, or a failure naming it. */
async function storedOrder(orderId: number) {
  const order = await demo.app.adapters.orders.get(orderId);
  if (order === undefined) throw new Error(`order ${orderId} is not in the store`);
  return order;
}

/** The ids of the orders in the store. */
function storedOrderIds(): number[] {
  return [...demo.app.data.orders.keys()];
}

/** Adds one `name` (a product without options) to the cart and waits for it to show. */
async function addOne(page: Page, name: string): Promise<void> {
  await productCard(page, name).getByRole('button', { name: 'Add to cart' }).click();
  await expect.poll(() => page.locator('#cart-lines tbody tr').count()).toBe(1);
}

/** The placed order the page shows: its id and summary. */
async function placedOrder(page: Page): Promise<{ orderId: number; summary: string }> {
  const placed = page.locator('#placed');
  await placed.waitFor();
  const orderId = Number(await placed.getAttribute('data-order-id'));
  return { orderId, summary: (await page.locator('#placed-summary').textContent()) ?? '' };
}

/** The page's message under the Place order button. */
function confirmError(page: Page) {
  return page.locator('#confirm-error');
}

/**
 * One `name` in the cart, paid with the card asking for 3-D Secure: at the challenge page, the order written and
 * waiting. Answers the stock shown before, the order ids before, and the waiting order.
 */
async function toChallenge(page: Page, name: string) {
  const stock = await shownStock(page, name);
  await addOne(page, name);
  await fillCustomerAndAddress(page);
  await payByCard(page, '4000 0000 0000 3220');
  const before = storedOrderIds();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(`${origin}/test-card/challenge/**`);
  const [orderId] = storedOrderIds().filter((id) => !before.includes(id));
  const held = await storedOrder(orderId ?? 0);
  expect([held.orderStatusId, held.payment?.status]).toEqual([0, 'requires_action']);
  return { stock, before, held };
}

/**
 * Back at the shop from the challenge with the order not placed: the page says `message`, keeps the one line in
 * the cart, and shows the choices again with the card's number to type, so the customer can pay again.
 */
async function backUnplaced(page: Page, message: string): Promise<void> {
  await page.waitForURL(`${origin}/shop**`);
  await expect.poll(() => confirmError(page).textContent()).toBe(message);
  expect(await page.locator('#placed').isVisible()).toBe(false);
  expect(await page.locator('#cart-lines tbody tr').count()).toBe(1);
  await expect.poll(() => page.getByLabel('Card number').isVisible()).toBe(true);
}

describe('card payments at the storefront', () => {
  it('a declined card says so; a card asking for 3-D Secure goes to the challenge and back to the placed order', async () => {
    const { page, requests, close } = await openShop(browser, origin);
    try {
      await addOne(page, 'iPhone');
      await fillCustomerAndAddress(page);

      // Not a test card number: the page says so, and nothing is sent.
      await payByCard(page, '4111 1111 1111 1111');
      const before = storedOrderIds();
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect
        .poll(() => page.locator('#card-choice [data-error="card_number"]').textContent())
        .toBe('Enter one of the test card numbers.');
      expect(storedOrderIds()).toEqual(before);

      // Declined: the page says why, the cart stays, and the order is not placed.
      await page.getByLabel('Card number').fill('4000 0000 0000 0002');
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect
        .poll(() => confirmError(page).textContent())
        .toBe('Your card was declined. Try another card or another payment method.');
      expect(await page.locator('#cart-lines tbody tr').count()).toBe(1);
      const declined = storedOrderIds().filter((id) => !before.includes(id));
      expect(declined).toHaveLength(1);
      const declinedOrder = await storedOrder(declined[0] ?? 0);
      expect([declinedOrder.orderStatusId, declinedOrder.payment?.status]).toEqual([0, 'failed']);

      // A card that asks for 3-D Secure: on to the challenge page.
      await page.getByLabel('Card number').fill('4000 0000 0000 3220');
      await shoot(page, 'payments-card', '#payment', '#confirm');
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(`${origin}/test-card/challenge/**`);
      await page.getByRole('heading', { name: 'Test card: 3-D Secure' }).waitFor();
      const total = demo.app.data.orders.size;
      const waiting = await storedOrder(Math.max(...storedOrderIds()));
      expect([waiting.orderStatusId, waiting.payment?.status, waiting.paymentMethod?.code]).toEqual([
        0,
        'requires_action',
        'test_card',
      ]);
      await shootPage(page, 'payments-challenge');

      // Passed: back at the shop, which shows the order placed.
      await page.getByRole('button', { name: 'Pass' }).click();
      const { orderId, summary } = await placedOrder(page);
      expect(orderId).toBe(waiting.orderId);
      expect(summary).toContain(`Order #${orderId} is placed (Pending)`);
      expect(summary).toContain('Payment: Card (test mode).');
      expect(new URL(page.url()).pathname).toBe('/shop');
      await shoot(page, 'payments-placed', '#placed');
      const order = await storedOrder(orderId);
      expect(order.payment?.status).toBe('authorized');
      expect(order.orderStatusId).toBe(demo.app.settings.orderStatusId);
      expect(order.total).toEqual(waiting.total);
      // One order for the challenge, placed once, by the webhook or the customer's return, whichever came first.
      expect(demo.app.data.orders.size).toBe(total);
      expect(order.payment?.moves.filter((move) => move.to === 'authorized')).toHaveLength(1);

      // The browser spoke only to the shop and its card's test gateway.
      const elsewhere = requests.filter(
        (url) => !url.startsWith(`${origin}/shop`) && !url.startsWith(`${origin}/test-card/`),
      );
      expect(elsewhere).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows the totals guard’s message and the new totals when the price moved before the confirm, then places the order at the new price', async () => {
    const { page, close } = await openShop(browser, origin);
    const iphone = demo.app.data.products.get(40);
    if (iphone === undefined) throw new Error('no iPhone in the demo store');
    try {
      await addOne(page, 'iPhone');
      await fillCustomerAndAddress(page);
      await payByCard(page, '4242 4242 4242 4242');
      await expect.poll(() => totalLine(page, 'Total').textContent()).toBe('$131.20');
      const shown = await totalLine(page, 'Total').textContent();

      // The shop changes the price while the customer looks at the totals.
      demo.app.data.products.set(40, { ...iphone, price: { amount: '150.0000', currency: 'USD' } });
      const before = storedOrderIds();
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect
        .poll(() => confirmError(page).textContent())
        .toBe('Warning: Prices have changed! Please review your order.');
      await expect.poll(() => totalLine(page, 'Total').textContent()).toBe('$190.00');
      expect(await totalLine(page, 'Sub-Total').textContent()).toBe('$150.00');
      expect(storedOrderIds()).toEqual(before);
      expect(await page.locator('#placed').isVisible()).toBe(false);
      await shoot(page, 'payments-guard', '#cart', '#confirm');
      expect(shown).not.toBe('$190.00');

      // Placing the order again agrees to the new totals.
      await page.getByRole('button', { name: 'Place order' }).click();
      const { orderId } = await placedOrder(page);
      await expect
        .poll(() => page.locator('#placed-totals tr[data-code="total"] td').last().textContent())
        .toBe('$190.00');
      const order = await storedOrder(orderId);
      expect(order.total).toEqual({ amount: '190.0000', currency: 'USD' });
      expect(order.payment?.status).toBe('authorized');
    } finally {
      demo.app.data.products.set(40, iphone);
      await close();
    }
  });

  it('a failed challenge shows the failure and places nothing, the unit comes back, and a good card then places one order', async () => {
    const { page, close } = await openShop(browser, origin);
    try {
      const { stock, before, held } = await toChallenge(page, 'iPhone');
      const attempt = held.orderId;

      // The customer fails the bank's check: back at the shop, which says so and keeps the cart.
      await page.getByRole('button', { name: 'Fail' }).click();
      await backUnplaced(
        page,
        'Your bank did not confirm the payment. Try again, or choose another payment method.',
      );
      const failed = await storedOrder(attempt);
      expect([failed.orderStatusId, failed.payment?.status]).toEqual([0, 'failed']);
      expect(failed.stockHold?.ended?.how).toBe('released');
      expect(await shownStock(page, 'iPhone')).toBe(stock);

      // Paying again with a good card, from where the customer is: one order, placed.
      await payByCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Place order' }).click();
      const { orderId } = await placedOrder(page);
      expect(orderId).not.toBe(attempt);
      expect(storedOrderIds().filter((id) => !before.includes(id))).toEqual([attempt, orderId]);
      const order = await storedOrder(orderId);
      expect([order.orderStatusId, order.payment?.status]).toEqual([
        demo.app.settings.orderStatusId,
        'authorized',
      ]);
      expect((await storedOrder(attempt)).payment?.status).toBe('failed');
      expect(demo.app.data.products.get(40)?.quantity).toBe(stock - 1);
    } finally {
      await close();
    }
  });

  it('gives the unit held for an abandoned challenge back once the hold runs out and the sweep runs; the same card then pays', async () => {
    const { page, close } = await openShop(browser, origin);
    try {
      const { stock, held } = await toChallenge(page, 'Nikon D300');
      const challenge = page.url();

      // The customer leaves the challenge unanswered and goes back to the shop: the unit is held meanwhile.
      await page.goto(`${origin}/shop`);
      await page.locator('body[data-ready="true"]').waitFor();
      expect(await shownStock(page, 'Nikon D300')).toBe(stock - 1);

      // The hold's minute passes and the sweep runs: the unit is back, the payment expired, the order unplaced.
      aheadMs += 2 * 60_000;
      const swept = await demo.app.checkout.sweep();
      expect(swept.isOk()).toBe(true);
      await page.reload();
      await page.locator('body[data-ready="true"]').waitFor();
      expect(await shownStock(page, 'Nikon D300')).toBe(stock);
      const expired = await storedOrder(held.orderId);
      expect([expired.orderStatusId, expired.payment?.status]).toEqual([0, 'expired']);

      // The challenge is over for good: answering it now places nothing.
      await page.goto(challenge);
      await page.getByRole('heading', { name: 'Test card: challenge over' }).waitFor();

      // Back at the shop from there: the page says the time ran out, and the same cart with the same card places
      // the order (a new one, with a challenge of its own), where it used to answer the expired one again.
      const before = storedOrderIds();
      await page.getByRole('link', { name: 'Back to the shop' }).click();
      await backUnplaced(
        page,
        'The time to pay for this order ran out. Review your order and place it again.',
      );
      await payByCard(page, '4000 0000 0000 3220');
      await page.getByRole('button', { name: 'Place order' }).click();
      // Answering the expired order again would leave the customer here, with the same message.
      await page.waitForURL(`${origin}/test-card/challenge/**`, { timeout: 10_000 });
      expect(page.url()).not.toBe(challenge);
      await page.getByRole('button', { name: 'Pass' }).click();
      const { orderId, summary } = await placedOrder(page);
      expect(summary).toContain(`Order #${orderId} is placed (Pending)`);
      expect(storedOrderIds().filter((id) => !before.includes(id))).toEqual([orderId]);
      expect((await storedOrder(orderId)).payment?.status).toBe('authorized');
      expect((await storedOrder(held.orderId)).payment?.status).toBe('expired');
      expect(demo.app.data.products.get(31)?.quantity).toBe(stock - 1);
    } finally {
      await close();
    }
  });
});
