import { describe, expect, it } from 'vitest';
import { demoStore } from '../../src/adapters/memory/index.js';
import type { SessionAddress } from '../../src/domain/machine/session.js';
import type { PaymentConfig } from '../../src/domain/settings/extension-config.js';
import {
  createBankTransferPayment,
  createChequePayment,
  createCodPayment,
  createFreeCheckoutPayment,
  createPaymentMethods,
} from '../../src/extensions/payment/index.js';
import { type Money, money } from '../../src/money/index.js';
import type { PaymentContext, PaymentMethod } from '../../src/ports/payment-method.js';
import { demo, singapore, uk, us } from './method-fixtures.js';

const usd = (amount: string): Money => money(amount, 'USD');
const store = demo();
const payment = store.extensions.payment;

/** A payment context on the demo store: a shipping cart without subscription, total 100.00, unless told otherwise. */
function context(paymentAddress: SessionAddress | null, over: Partial<PaymentContext> = {}): PaymentContext {
  return {
    paymentAddress,
    geoZones: store.geoZones,
    cartShips: true,
    hasSubscription: false,
    total: usd('100.00'),
    settings: store.settings,
    ...over,
  };
}

/** The offer OpenCart's one-option methods make. */
function offerOf(code: string, name: string, sortOrder: number) {
  return { code, name, option: { [code]: { code: `${code}.${code}`, name } }, sortOrder };
}

describe('free_checkout', () => {
  const free = createFreeCheckoutPayment(payment.free_checkout);

  it('is offered at a total of 0, sort 1, with or without a payment address', async () => {
    for (const address of [uk, us, singapore, null]) {
      expect(await free.offer(context(address, { total: usd('0') }))).toEqual(
        offerOf('free_checkout', 'Free Checkout', 1),
      );
    }
    expect(free.code).toBe('free_checkout');
  });

  it('is not offered when anything is to pay', async () => {
    expect(await free.offer(context(uk, { total: usd('0.01') }))).toBeNull();
    expect(await free.offer(context(uk, { total: usd('100') }))).toBeNull();
    // 0.005 rounds to 0.01 (half away from zero): a cent to collect.
    expect(await free.offer(context(uk, { total: usd('0.005') }))).toBeNull();
  });

  it('a total that rounds to 0.00 is nothing to pay; so is a negative one (as OpenCart, total <= 0)', async () => {
    expect(await free.offer(context(uk, { total: usd('0.0049') }))).not.toBeNull();
    expect(await free.offer(context(uk, { total: usd('-5.00') }))).not.toBeNull();
  });

  it('does not depend on shipping or subscriptions', async () => {
    const zero = usd('0');
    expect(await free.offer(context(uk, { total: zero, cartShips: false }))).not.toBeNull();
    expect(await free.offer(context(uk, { total: zero, hasSubscription: true }))).not.toBeNull();
  });

  it('is not offered when off', async () => {
    const off = createFreeCheckoutPayment({ ...payment.free_checkout, status: false });
    expect(await off.offer(context(uk, { total: usd('0') }))).toBeNull();
  });

  it('honours a geo zone on the payment address', async () => {
    const ukOnly = createFreeCheckoutPayment({ ...payment.free_checkout, geoZoneId: 4 });
    expect(await ukOnly.offer(context(uk, { total: usd('0') }))).not.toBeNull();
    expect(await ukOnly.offer(context(us, { total: usd('0') }))).toBeNull();
    expect(await ukOnly.offer(context(null, { total: usd('0') }))).toBeNull();
  });
});

describe('cod', () => {
  const cod = createCodPayment(payment.cod);

  it('is offered when the cart ships, sort 5, everywhere (geo zone 0), even without a payment address', async () => {
    for (const address of [uk, us, singapore, null]) {
      expect(await cod.offer(context(address))).toEqual(offerOf('cod', 'Cash On Delivery', 5));
    }
  });

  it('is not offered when the cart does not ship', async () => {
    expect(await cod.offer(context(uk, { cartShips: false }))).toBeNull();
  });

  it('is not offered for a cart with a subscription, as OpenCart', async () => {
    expect(await cod.offer(context(uk, { hasSubscription: true }))).toBeNull();
  });

  it('is offered at any total, zero included', async () => {
    expect(await cod.offer(context(uk, { total: usd('0') }))).not.toBeNull();
  });

  it('in a geo zone, needs a payment address inside it', async () => {
    const ukOnly = createCodPayment({ ...payment.cod, geoZoneId: 4 });
    expect(await ukOnly.offer(context(uk))).not.toBeNull();
    expect(await ukOnly.offer(context(us))).toBeNull();
    expect(await ukOnly.offer(context(singapore))).toBeNull();
    expect(await ukOnly.offer(context(null))).toBeNull();
  });

  it('checks the geo zone even when the store does not require a payment address (OpenCart skips it)', async () => {
    const settings = { ...store.settings, checkoutPaymentAddress: false };
    const ukOnly = createCodPayment({ ...payment.cod, geoZoneId: 4 });
    expect(await ukOnly.offer(context(us, { settings }))).toBeNull();
  });

  it('is not offered when off', async () => {
    expect(await createCodPayment({ ...payment.cod, status: false }).offer(context(uk))).toBeNull();
  });
});

describe.each([
  [
    'bank_transfer',
    'Bank Transfer',
    2,
    (c: PaymentConfig) => createBankTransferPayment({ ...payment.bank_transfer, ...c }),
  ],
  [
    'cheque',
    'Cheque / Money Order',
    6,
    (c: PaymentConfig) => createChequePayment({ ...payment.cheque, ...c }),
  ],
] as const)('%s', (code, name, sortOrder, make) => {
  const config = code === 'cheque' ? payment.cheque : payment.bank_transfer;
  const method: PaymentMethod = make(config);

  it(`is offered as ${code}.${code}, sort ${sortOrder}, everywhere (geo zone 0)`, async () => {
    for (const address of [uk, us, singapore, null]) {
      expect(await method.offer(context(address))).toEqual(offerOf(code, name, sortOrder));
    }
    expect(method.code).toBe(code);
  });

  it('does not need the cart to ship, and takes any total', async () => {
    expect(await method.offer(context(uk, { cartShips: false }))).not.toBeNull();
    expect(await method.offer(context(uk, { total: usd('0') }))).not.toBeNull();
  });

  it('is not offered for a cart with a subscription, as OpenCart', async () => {
    expect(await method.offer(context(uk, { hasSubscription: true }))).toBeNull();
  });

  it('in a geo zone, needs a payment address inside it', async () => {
    const ukOnly = make({ ...config, geoZoneId: 4 });
    expect(await ukOnly.offer(context(uk))).not.toBeNull();
    expect(await ukOnly.offer(context(us))).toBeNull();
    expect(await ukOnly.offer(context(null))).toBeNull();
  });

  it('is not offered when off', async () => {
    expect(await make({ ...config, status: false }).offer(context(uk))).toBeNull();
  });
});

describe('createPaymentMethods (demo store)', () => {
  const methods = createPaymentMethods(payment);
  const offerAll = async (c: PaymentContext) =>
    (await Promise.all(methods.map((m) => m.offer(c)))).filter((o) => o !== null);

  it('makes every built-in, in a fixed order', () => {
    expect(methods.map((m) => m.code)).toEqual(['free_checkout', 'bank_transfer', 'cheque', 'cod']);
  });

  it('a shipping cart with something to pay: bank_transfer 2, cheque 6, cod 5 (in the order made)', async () => {
    const offers = await offerAll(context(uk));
    expect(offers.map((o) => [o.code, o.sortOrder])).toEqual([
      ['bank_transfer', 2],
      ['cheque', 6],
      ['cod', 5],
    ]);
    for (const offer of offers) {
      expect(Object.values(offer.option).map((o) => o.code)).toEqual([`${offer.code}.${offer.code}`]);
    }
  });

  it('a free cart that does not ship: free_checkout 1, bank_transfer 2, cheque 6', async () => {
    const offers = await offerAll(context(us, { total: usd('0'), cartShips: false }));
    expect(offers.map((o) => [o.code, o.sortOrder])).toEqual([
      ['free_checkout', 1],
      ['bank_transfer', 2],
      ['cheque', 6],
    ]);
  });

  it("with the demo's own settings bank_transfer is off: cheque and cod are offered", async () => {
    const installed = createPaymentMethods(demoStore().data.extensions.payment);
    const offers = (await Promise.all(installed.map((m) => m.offer(context(uk))))).filter((o) => o !== null);
    expect(offers.map((o) => [o.code, o.sortOrder])).toEqual([
      ['cheque', 6],
      ['cod', 5],
    ]);
  });

  it('a cart with a subscription and something to pay gets nothing built in', async () => {
    expect(await offerAll(context(uk, { hasSubscription: true }))).toEqual([]);
  });

  it('passes translated names to each method', async () => {
    const translated = createPaymentMethods(payment, { cod: { name: 'Nachnahme' } });
    expect(await translated[3]?.offer(context(uk))).toEqual(offerOf('cod', 'Nachnahme', 5));
  });
});
