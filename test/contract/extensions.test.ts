/**
 * The extension contract suites of `cartwright/testing` against every built-in: the shipping and payment methods,
 * the fraud check, the total calculators, and the system clock and id generator (the test clocks too).
 */
import { describe, it } from 'vitest';
import { demoStore } from '../../src/adapters/memory/index.js';
import { createRandomIdGenerator, createSystemClock } from '../../src/core/index.js';
import {
  createBankTransferPayment,
  createChequePayment,
  createCodPayment,
  createFlatShipping,
  createFreeCheckoutPayment,
  createFreeShipping,
  createIpFraudCheck,
  createItemShipping,
  createPickupShipping,
  createTotalCalculators,
  createWeightShipping,
} from '../../src/extensions/index.js';
import { money } from '../../src/money/index.js';
import {
  createFixedClock,
  createManualClock,
  describeClockContract,
  describeFraudCheckContract,
  describeIdGeneratorContract,
  describePaymentMethodContract,
  describeShippingMethodContract,
  describeTotalCalculatorContract,
  sampleGermanAddress,
  sampleOrderRecord,
  samplePaymentContext,
  samplePricedLine,
  sampleShippingContext,
  sampleTotalsContext,
  sampleTotalsState,
  sampleUkAddress,
} from '../../src/testing/index.js';

const t = { describe, it };
const usd = (amount: string) => money(amount, 'USD');
const { shipping, payment, totals } = demoStore().data.extensions;

/** Geo zone 3 is the whole United Kingdom in the sample contexts; a German address is outside it. */
const inUk = sampleShippingContext();
const inGermany = sampleShippingContext({ address: sampleGermanAddress() });

describeShippingMethodContract(t, 'flat', async () => ({
  method: createFlatShipping({ ...shipping.flat, geoZoneId: 3 }),
  applies: [inUk, sampleShippingContext({ shippableQuantity: 1, weight: '0.00000000' })],
  excluded: [inGermany],
}));
describeShippingMethodContract(t, 'free', async () => ({
  method: createFreeShipping({ ...shipping.free, status: true, geoZoneId: 3, total: usd('100.00') }),
  applies: [inUk, sampleShippingContext({ subTotal: usd('100.00') })],
  excluded: [inGermany, sampleShippingContext({ subTotal: usd('99.99') })],
}));
describeShippingMethodContract(t, 'item', async () => ({
  method: createItemShipping({ ...shipping.item, status: true, geoZoneId: 3 }),
  applies: [inUk, sampleShippingContext({ shippableQuantity: 7 })],
  excluded: [inGermany],
}));
describeShippingMethodContract(t, 'weight', async () => ({
  method: createWeightShipping({ ...shipping.weight, status: true }),
  applies: [inUk, sampleShippingContext({ weight: '99.00000000' })],
  excluded: [inGermany, sampleShippingContext({ weight: '150.00000000' })],
}));
describeShippingMethodContract(t, 'pickup', async () => ({
  method: createPickupShipping({ ...shipping.pickup, status: true, geoZoneId: 4 }),
  applies: [inUk],
  excluded: [
    inGermany,
    sampleShippingContext({ address: sampleUkAddress({ zoneId: 3513, zone: 'Aberdeen' }) }),
  ],
}));

const paidInGermany = samplePaymentContext({ paymentAddress: sampleGermanAddress() });

describePaymentMethodContract(t, 'cod', async () => ({
  method: createCodPayment({ ...payment.cod, geoZoneId: 3 }),
  applies: [samplePaymentContext()],
  excluded: [
    paidInGermany,
    samplePaymentContext({ cartShips: false }),
    samplePaymentContext({ hasSubscription: true }),
  ],
}));
describePaymentMethodContract(t, 'bank_transfer', async () => ({
  method: createBankTransferPayment({ ...payment.bank_transfer, status: true, geoZoneId: 3 }),
  applies: [samplePaymentContext(), samplePaymentContext({ cartShips: false })],
  excluded: [paidInGermany],
}));
describePaymentMethodContract(t, 'cheque', async () => ({
  method: createChequePayment({ ...payment.cheque, geoZoneId: 3 }),
  applies: [samplePaymentContext()],
  excluded: [paidInGermany],
}));
describePaymentMethodContract(t, 'free_checkout', async () => ({
  method: createFreeCheckoutPayment(payment.free_checkout),
  applies: [samplePaymentContext({ total: usd('0.00') })],
  excluded: [samplePaymentContext()],
}));

describeFraudCheckContract(t, 'ip', async () => {
  const order = sampleOrderRecord();
  return {
    check: createIpFraudCheck({ ips: ['203.0.113.7', '2001:DB8::1'], orderStatusId: 8 }),
    flagged: [
      { order: sampleOrderRecord({ client: { ...order.client, ip: '203.0.113.7' } }), orderStatusId: 8 },
      {
        order: sampleOrderRecord({ client: { ...order.client, forwardedIp: '2001:db8::1' } }),
        orderStatusId: 8,
      },
    ],
    passed: [order, sampleOrderRecord({ client: { ...order.client, ip: '203.0.113.8' } })],
  };
});

/** Every built-in calculator, fees and store credit included, switched on. */
const calculators = createTotalCalculators(
  {
    ...totals,
    handling: { status: true, sortOrder: 6, fee: usd('2.00'), total: usd('1000.00'), taxClassId: 9 },
    low_order_fee: { status: true, sortOrder: 8, fee: usd('3.00'), total: usd('500.00'), taxClassId: 9 },
  },
  { credit: () => usd('10.00') },
);
/** A cart with points, a coupon on product 40 and a reward to spend, half way through the pipeline. */
const inputs = [
  { state: sampleTotalsState(), context: sampleTotalsContext() },
  { state: sampleTotalsState('202.00'), context: sampleTotalsContext({ loggedInCustomerId: 1 }) },
  {
    state: sampleTotalsState('202.00'),
    context: sampleTotalsContext({
      loggedInCustomerId: 1,
      lines: [samplePricedLine({ points: 400, reward: 20 })],
      coupon: demoStore().data.coupons.get(1) ?? null,
      couponProductIds: [40],
      reward: 100,
    }),
  },
];
for (const calculator of calculators) {
  describeTotalCalculatorContract(t, calculator.code, async () => ({ calculator, inputs }));
}

describeClockContract(t, 'system', async () => ({ clock: createSystemClock() }), { nearSystemTime: true });
describeClockContract(t, 'fixed (cartwright/testing)', async () => ({
  clock: createFixedClock('2024-05-01T10:00:00Z'),
}));
describeClockContract(t, 'manual (cartwright/testing)', async () => ({
  clock: createManualClock('2024-05-01T10:00:00Z'),
}));

describeIdGeneratorContract(t, 'random (system)', async () => ({ ids: createRandomIdGenerator() }));
