/**
 * A shop process killed with SIGKILL between the provider's authorization and the order's move: a real child
 * process confirms a card order over PostgreSQL with the Stripe adapter (the local Stripe-compatible server), and
 * is killed once Stripe has authorized, before anything of that answer is written. Another process recovers:
 * - by the next webhook: the order is placed, with the one authorization Stripe made, nothing captured;
 * - by the sweep, once the hold ran out: the stock comes back and the payment is `expired`; the authorization's
 *   webhook arriving after it is voided at Stripe: never a charge without an order.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { demoStore } from '../../src/adapters/memory/index.js';
import { loadDemoStore } from '../../src/adapters/postgres/index.js';
import { lastEventAbout, webhookOf } from '../adapters/stripe/support/fixture.js';
import { type LocalStripe, startLocalStripe } from '../adapters/stripe/support/stripe-server.js';
import { expectOk } from '../engine/support/demo-checkout.js';
import { databaseUrl, usePostgres } from '../integration/support/postgres.js';
import { stripeCheckout } from './support/stripe-checkout.js';

const database = usePostgres('paykill', 6);
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The line the child prints once Stripe authorized, or a rejection when it ends first. */
function authorizedLine(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const look = () => {
      const found = /authorized (\S+)/.exec(output());
      if (found?.[1] !== undefined) resolve(found[1]);
    };
    child.stdout?.on('data', look);
    child.once('exit', () => reject(new Error(`the shop process ended before authorizing:\n${output()}`)));
  });
}

/** A demo store in a fresh schema, a local Stripe, and a shop process killed right after Stripe authorized. */
async function killedAfterAuthorize() {
  const { pool, schema } = database();
  const { data } = demoStore();
  await loadDemoStore(pool, { data }, { schema });
  const stripe: LocalStripe = await startLocalStripe();
  cleanups.push(() => stripe.close());
  const chunks: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/faults/support/payment-child.ts'], {
    env: {
      ...process.env,
      CW_DATABASE_URL: databaseUrl,
      CW_SCHEMA: schema,
      CW_STRIPE_PORT: String(stripe.port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    child.kill('SIGKILL');
  });
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const reference = await authorizedLine(child, () => chunks.join(''));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  // The process that recovers: the same store, the same Stripe.
  const { d, clock } = stripeCheckout({ pool, schema, stripePort: stripe.port });
  const orderId = Number(stripe.state.intents.get(reference)?.metadata.order_id);
  const order = await d.deps.orders.get(orderId);
  return { d, clock, stripe, reference, orderId, order, data };
}

describe('a shop process killed between authorize and the order’s move', () => {
  it('is recovered by the next webhook: one order placed, one authorization honoured, nothing captured', async () => {
    const { d, stripe, reference, orderId, order, data } = await killedAfterAuthorize();
    // What the killed process left: the order not placed, its stock held, Stripe's answer not recorded.
    expect(order?.orderStatusId).toBe(0);
    expect(order?.payment?.status).toBe('pending');
    expect(order?.payment?.reference).toBeNull();
    expect(stripe.state.intents.get(reference)?.status).toBe('requires_capture');
    const stockBefore = data.products.get(40)?.quantity ?? 0;
    const [held] = await d.deps.catalog.getProducts([40]);
    expect(held?.quantity).toBe(stockBefore - 1);
    const webhook = webhookOf(stripe, lastEventAbout(stripe, reference));
    const outcome = await expectOk(d.checkout.receivePaymentWebhook('stripe', webhook));
    expect(outcome.orderId).toBe(orderId);
    const placed = await d.deps.orders.get(orderId);
    expect(placed?.orderStatusId).toBe(d.settings.orderStatusId);
    expect(placed?.payment?.status).toBe('authorized');
    expect(placed?.payment?.reference).toBe(reference);
    expect(placed?.payment?.moves.filter((move) => move.to === 'authorized')).toHaveLength(1);
    // One PaymentIntent, authorized once, never captured; the stock left once.
    expect(stripe.state.intents.size).toBe(1);
    expect(stripe.state.intents.get(reference)?.status).toBe('requires_capture');
    expect(stripe.received.filter((route) => route.endsWith('/capture'))).toHaveLength(0);
    const [after] = await d.deps.catalog.getProducts([40]);
    expect(after?.quantity).toBe(stockBefore - 1);
    // A second delivery changes nothing.
    await expectOk(
      d.checkout.receivePaymentWebhook('stripe', webhookOf(stripe, lastEventAbout(stripe, reference))),
    );
    expect((await d.deps.orders.get(orderId))?.history).toHaveLength(placed?.history.length ?? 0);
  }, 120_000);

  it('is recovered by the sweep once the hold ran out; the late authorization is voided at Stripe', async () => {
    const { d, clock, stripe, reference, orderId, data } = await killedAfterAuthorize();
    const stockBefore = data.products.get(40)?.quantity ?? 0;
    clock.advance(31 * 60 * 1000);
    const swept = await expectOk(d.checkout.sweep());
    expect(swept.expiredPayments).toBe(1);
    const expired = await d.deps.orders.get(orderId);
    expect(expired?.payment?.status).toBe('expired');
    expect(expired?.orderStatusId).toBe(0);
    const [back] = await d.deps.catalog.getProducts([40]);
    expect(back?.quantity).toBe(stockBefore);
    // Stripe's webhook about the authorization arrives after: the money is released, the order never placed.
    await expectOk(
      d.checkout.receivePaymentWebhook('stripe', webhookOf(stripe, lastEventAbout(stripe, reference))),
    );
    expect(stripe.state.intents.get(reference)?.status).toBe('canceled');
    const after = await d.deps.orders.get(orderId);
    expect(after?.orderStatusId).toBe(0);
    expect(stripe.received.filter((route) => route.endsWith('/capture'))).toHaveLength(0);
  }, 120_000);
});
