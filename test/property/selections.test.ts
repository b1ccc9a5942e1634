/**
 * Property through the engine (`createCheckout`) with the demo's built-in shipping and payment extensions: after
 * any sequence of steps, the chosen shipping method is one of the quotes the extensions give for the session now
 * (cost included) and the chosen payment method one of the methods they offer now. The offers
 * are recomputed here from the stored session by asking the extensions directly, not through the engine.
 *
 * Every extension is switched on (the demo leaves the ones OpenCart does not install off). The store restricts
 * bank_transfer to geo zone 3 (UK VAT Zone) and cheque to geo zone 4 (UK Shipping), so that
 * payment offers move with the payment address as shipping offers move with the shipping address, the sub-total
 * (free from 500.00) and the weight (the weight table stops at 100 kg).
 */
import fc from 'fast-check';
import type { ResultAsync } from 'neverthrow';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoStore } from '../../src/adapters/memory/index.js';
import type { CheckoutError } from '../../src/domain/errors.js';
import { dayOf } from '../../src/domain/machine/facts.js';
import type { CheckoutSession } from '../../src/domain/machine/session.js';
import { cartShips, cartSubTotal, shippableQuantity, shippingWeight } from '../../src/domain/pricing/cart.js';
import { priceLines, viewCheckout } from '../../src/domain/pricing/checkout.js';
import { createTotalCalculators } from '../../src/domain/pricing/totals/index.js';
import { applyExtensionConfig } from '../../src/domain/settings/extension-settings.js';
import type { Checkout } from '../../src/engine/checkout.js';
import { createPaymentMethods } from '../../src/extensions/payment/index.js';
import { createShippingMethods } from '../../src/extensions/shipping/index.js';
import type { CartItemRequest } from '../../src/operations/requests.js';
import {
  type DemoCheckout,
  demoCheckout,
  everyExtensionOn,
  expectOk,
  guest,
  ukAddress,
  usAddress,
} from '../engine/support/demo-checkout.js';
import { viewFactsOf } from './support/checkout-world.js';

/** The issue's property: at least 1,000 cases. */
const ISSUE_RUNS = { numRuns: 1000 };

const { data } = demoStore();
const settings = data.settings;
const geoZones = [...data.geoZones.values()];
const extensions = applyExtensionConfig(data.extensions, everyExtensionOn)._unsafeUnwrap();
const payment = extensions.payment;
const paymentConfig = {
  ...payment,
  bank_transfer: { ...payment.bank_transfer, geoZoneId: 3 },
  cheque: { ...payment.cheque, geoZoneId: 4 },
};
const shippingMethods = createShippingMethods(extensions.shipping);
const paymentMethods = createPaymentMethods(paymentConfig);
const calculators = createTotalCalculators(data.extensions.totals);

/** What the extensions offer for `session` now: every quote, and the payment method codes. */
async function offersNow(session: CheckoutSession) {
  const today = dayOf(session.updatedAt);
  const facts = viewFactsOf(session, null, today);
  const lines = priceLines(session, facts, settings);
  const address = session.shippingAddress;
  const groups =
    address === null || !cartShips(lines)
      ? []
      : await Promise.all(
          shippingMethods.map((method) =>
            method.quote({
              address,
              geoZones,
              subTotal: cartSubTotal(lines, settings.currency),
              shippableQuantity: shippableQuantity(lines),
              weight: shippingWeight(lines, data.products, settings),
              settings,
            }),
          ),
        );
  const view = viewCheckout(session, facts, settings, calculators);
  const offers = await Promise.all(
    paymentMethods.map((method) =>
      method.offer({
        paymentAddress: session.paymentAddress,
        geoZones,
        cartShips: view.shippingRequired,
        hasSubscription: view.lines.some((line) => line.subscription !== null),
        total: view.total,
        settings,
      }),
    ),
  );
  return {
    quotes: groups.flatMap((group) => (group === null ? [] : Object.values(group.quote))),
    payment: offers.flatMap((offer) => (offer === null ? [] : [offer.code])),
  };
}

/** One step, as a call on the checkout (refusals are part of the run: they must leave the choices valid too). */
type Step = (checkout: Checkout, id: string, session: CheckoutSession) => ResultAsync<unknown, CheckoutError>;

const places = [
  (prefix: 'payment_' | 'shipping_') => ukAddress(prefix),
  (prefix: 'payment_' | 'shipping_') => ukAddress(prefix, { [`${prefix}zone_id`]: 3513 }),
  (prefix: 'payment_' | 'shipping_') => usAddress(prefix),
];

/** The HP LP3065 (product 47, 400 points a unit) with its required delivery date. */
const hpMonitor = { product_id: 47, option: { '225': '2026-05-01' } };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.tuple(fc.constantFrom(29, 32, 40, 40, 43), fc.integer({ min: 1, max: 6 })).map(
    ([product_id, quantity]): Step =>
      (c, id) =>
        c.addProduct(id, { product_id, quantity }),
  ),
  fc.integer({ min: 1, max: 3 }).map(
    (quantity): Step =>
      (c, id) =>
        c.addProduct(id, { ...hpMonitor, quantity }),
  ),
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 6 })).map(
    ([pick, quantity]): Step =>
      (c, id, session) =>
        c.updateCartLine(id, {
          cart_id: session.cart[pick % Math.max(1, session.cart.length)]?.cartId ?? 'x',
          quantity,
        }),
  ),
  fc.constantFrom(...places).map(
    (place): Step =>
      (c, id) =>
        c.setShippingAddress(id, place('shipping_')),
  ),
  fc.constantFrom(...places).map(
    (place): Step =>
      (c, id) =>
        c.setPaymentAddress(id, place('payment_')),
  ),
  fc.constantFrom(guest, { ...guest, email: 'grace@example.com' }).map(
    (customer): Step =>
      (c, id) =>
        c.setCustomer(id, customer),
  ),
  fc.constantFrom('flat.flat', 'free.free', 'item.item', 'weight.weight_4', 'pickup.pickup', 'nope.nope').map(
    (code): Step =>
      (c, id) =>
        c.setShippingMethod(id, { shipping_method: code }),
  ),
  fc.constantFrom('cod', 'cod.cod', 'bank_transfer', 'cheque', 'free_checkout').map(
    (code): Step =>
      (c, id) =>
        c.setPaymentMethod(id, { payment_method: code }),
  ),
  fc.constantFrom('2222', '3333', '1111', '').map(
    (code): Step =>
      (c, id) =>
        c.setCoupon(id, { coupon: code }),
  ),
  fc.constantFrom(0, 100, 200, 400).map(
    (points): Step =>
      (c, id) =>
        c.setReward(id, { reward: points }),
  ),
  fc.constantFrom('USD', 'GBP', 'EUR').map(
    (currency): Step =>
      (c, id) =>
        c.setCurrency(id, { currency }),
  ),
  fc.constantFrom<Step>(
    (c, id) => c.getShippingMethods(id),
    (c, id) => c.getPaymentMethods(id),
  ),
);

describe('selections through the engine with the built-in extensions', () => {
  let demo: DemoCheckout;
  /** Sessions with methods chosen, to start runs from (each run saves a copy under a fresh id). */
  const seeds: CheckoutSession[] = [];

  beforeAll(async () => {
    demo = demoCheckout({ config: everyExtensionOn, deps: () => ({ paymentMethods }) });
    const { checkout } = demo;
    /** A session built through the steps, with `shipping` and `payment` chosen. */
    const seed = async (
      customer: typeof guest,
      products: readonly CartItemRequest[],
      place: (prefix: 'payment_' | 'shipping_') => ReturnType<typeof ukAddress>,
      shipping: string,
      paymentCode: string,
      reward = 0,
    ) => {
      const id = await demo.open();
      await expectOk(checkout.setCustomer(id, customer));
      for (const product of products) await expectOk(checkout.addProduct(id, product));
      await expectOk(checkout.setPaymentAddress(id, place('payment_')));
      await expectOk(checkout.setShippingAddress(id, place('shipping_')));
      await expectOk(checkout.setShippingMethod(id, { shipping_method: shipping }));
      if (reward > 0) await expectOk(checkout.setReward(id, { reward }));
      await expectOk(checkout.setPaymentMethod(id, { payment_method: paymentCode }));
      seeds.push(await demo.stored(id));
    };
    const grace = { ...guest, email: 'grace@example.com' };
    const iphones = (quantity: number) => [{ product_id: 40, quantity }];
    await seed(guest, iphones(1), places[0] ?? ukAddress, 'flat.flat', 'bank_transfer');
    await seed(guest, iphones(5), places[1] ?? ukAddress, 'free.free', 'cheque');
    // Grace pays the HP LP3065 (100.00) with its 400 points: 0.00 to pay to the US, collected.
    await seed(grace, [hpMonitor], places[2] ?? usAddress, 'pickup.pickup', 'free_checkout', 400);
    await seed(guest, iphones(2), places[0] ?? ukAddress, 'weight.weight_4', 'cod');
  });

  it('the chosen shipping quote and payment method are always among those offered now', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.array(stepArb, { minLength: 1, maxLength: 4 }), async (pick, list) => {
        const seed = seeds[pick % seeds.length];
        if (seed === undefined) throw new Error('no seeds');
        const id = `prop-${++n}`;
        expect(await demo.adapters.sessions.save({ ...seed, id }, 0)).toBe('saved');
        for (const step of list) await step(demo.checkout, id, await demo.stored(id));
        // Only the last session is checked: the sessions before it are the last of shorter runs.
        const session = await demo.stored(id);
        const offers = await offersNow(session);
        if (session.shippingMethod !== null) expect(offers.quotes).toContainEqual(session.shippingMethod);
        if (session.paymentMethod !== null) expect(offers.payment).toContain(session.paymentMethod.code);
      }),
      ISSUE_RUNS,
    );
  });
});
