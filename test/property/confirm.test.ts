/**
 * Property tests of confirm's pure core (`decideConfirm`) on sessions reached by random sequences of commands:
 * a planned order's total is the exact sum of its total lines, and its sub-total the sum of its line totals as
 * a customer is shown them; the stock moves of its first history entry are exactly its lines (products and option
 * values with `subtract`, the quantity ordered, taken out); a refused confirm plans nothing and leaves the session
 * and the facts as they were. The core is pure, so these run without ports.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayOf } from '../../src/domain/machine/facts.js';
import type { CheckoutSession } from '../../src/domain/machine/session.js';
import { type ConfirmFacts, type ConfirmInput, decideConfirm } from '../../src/domain/order/confirm.js';
import { storeCurrency } from '../../src/domain/pricing/checkout.js';
import { createPricing } from '../../src/domain/pricing/pricing.js';
import { defaultTotalCalculators } from '../../src/domain/pricing/totals/index.js';
import type { OrderDraft } from '../../src/domain/records/order.js';
import { convert, multiply, round, sum, zero } from '../../src/money/index.js';
import { chooseMethod, commandSpec, steps } from './support/checkout-commands.js';
import { run, type Start, startSession } from './support/checkout-run.js';
import { deepFreeze, settings, T0, viewFactsOf } from './support/checkout-world.js';

const RUNS = { numRuns: 300 };
const start = fc.constantFrom<Start>('empty', 'sample');
const withMethods = fc.oneof({ weight: 3, arbitrary: commandSpec }, chooseMethod);
const confirmInput = fc.record<ConfirmInput>({
  orderId: fc.constant(0),
  orderStatusId: fc.constantFrom(null, 1, 2, 5, 7, 999),
  comment: fc.string({ maxLength: 20 }),
  affiliateId: fc.constantFrom(null, 0),
  totalsDigest: fc.constant(null),
  paymentToken: fc.constant(null),
});

/** The session a random run ends in. */
const reached = fc
  .tuple(start, steps(withMethods, 15))
  .map(([from, sequence]) => run(startSession(from), sequence).at(-1)?.after ?? startSession(from));

/** Confirm's facts for `session`, as the engine gathers them (no order to update, no affiliate). */
function confirmFactsOf(session: CheckoutSession): ConfirmFacts {
  const now = T0;
  return {
    ...viewFactsOf(session, null, dayOf(now)),
    now,
    expiresAt: now,
    cartIds: [],
    client: { ip: '127.0.0.1', forwardedIp: '', userAgent: 'test', acceptLanguage: '' },
    fingerprint: 'fingerprint',
  };
}

/** The stock an order's lines take: each product and option value with `subtract`, by its quantity. */
function expectedMoves(draft: OrderDraft) {
  return draft.products.flatMap((line) => [
    ...(line.subtract
      ? [{ productId: line.productId, productOptionValueId: null, delta: -line.quantity }]
      : []),
    ...line.options
      .filter((option) => option.subtract)
      .map((option) => ({
        productId: line.productId,
        productOptionValueId: option.productOptionValueId,
        delta: -line.quantity,
      })),
  ]);
}

describe('confirm, decided purely', () => {
  it("a planned order's total is the sum of its total lines, and stock moves are exactly its lines", () => {
    let writes = 0;
    fc.assert(
      fc.property(reached, confirmInput, (session, input) => {
        const facts = confirmFactsOf(session);
        const pricing = createPricing(facts, settings, defaultTotalCalculators);
        const plan = decideConfirm(session, input, facts, pricing, settings, []);
        if (plan.isErr() || plan.value.kind !== 'write') return;
        const { draft, history } = plan.value.effect;
        const others = draft.totals.filter((line) => line.code !== 'total').map((line) => line.value);
        expect(draft.total).toEqual(sum(others, settings.currency));
        // The sub-total is the sum of the line totals a customer is shown: each line's unit price rounded in the
        // session currency, times its quantity. The order keeps it in the store currency, so that shown in the
        // session currency again it rounds back to exactly that sum.
        const from = storeCurrency(settings, settings.currency);
        const to = storeCurrency(settings, session.currency);
        const shown = draft.products.map((line) =>
          multiply(
            round(convert(line.price, from, to), to.decimalPlaces, settings.roundingMode),
            line.quantity,
          ),
        );
        const subTotal =
          draft.totals.find((line) => line.code === 'sub_total')?.value ?? zero(settings.currency);
        expect(round(convert(subTotal, from, to), to.decimalPlaces, settings.roundingMode)).toEqual(
          round(sum(shown, to.code), to.decimalPlaces, settings.roundingMode),
        );
        const active =
          settings.processingStatusIds.includes(plan.value.move.to) ||
          settings.completeStatusIds.includes(plan.value.move.to);
        const moves = history.stockMoves.map(({ productId, productOptionValueId, delta }) => ({
          productId,
          productOptionValueId,
          delta,
        }));
        expect(moves).toEqual(active ? expectedMoves(draft) : []);
        expect(history.orderStatusId).toBe(plan.value.move.to);
        writes += 1;
      }),
      RUNS,
    );
    // The property held on orders actually planned, not only on refusals.
    expect(writes).toBeGreaterThan(10);
  });

  it('a refused confirm plans nothing and changes neither the session nor the facts', () => {
    let refusals = 0;
    fc.assert(
      fc.property(reached, confirmInput, (session, input) => {
        const snapshot = structuredClone(session);
        const facts = confirmFactsOf(session);
        deepFreeze(session);
        deepFreeze(facts);
        const pricing = createPricing(facts, settings, defaultTotalCalculators);
        const plan = decideConfirm(session, input, facts, pricing, settings, []);
        if (plan.isOk()) return;
        expect(['validation', 'precondition', 'not_found']).toContain(plan.error.kind);
        expect(Object.keys(plan.error.fields).length).toBeGreaterThan(0);
        expect(session).toEqual(snapshot);
        refusals += 1;
      }),
      RUNS,
    );
    expect(refusals).toBeGreaterThan(10);
  });
});
