/**
 * Property tests for `decide` over random sequences of commands on the demo store, valid and invalid mixed:
 * a refused command changes nothing, an accepted one is stamped, the session stays consistent (line identity,
 * quantities, ids, groups, zones, no shipping address for a cart that does not ship), a chosen method never
 * outlives what allowed it, runs are deterministic, sessions survive JSON, totals add up, and the order products
 * are added in changes nothing but the order of the lines. The issue's properties (selections always among the
 * offered ones, the total the sum of the rounded lines, independence of add order) run 1,000 cases each; the
 * others 200. See `selections.test.ts` for the selection property through the engine with the built-in
 * extensions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayOf } from '../../src/domain/machine/facts.js';
import type { CartLine, CheckoutSession } from '../../src/domain/machine/session.js';
import { viewCheckout } from '../../src/domain/pricing/checkout.js';
import { defaultTotalCalculators } from '../../src/domain/pricing/totals/index.js';
import { convert, findCurrency, multiply, round, sum } from '../../src/money/index.js';
import { addOne, chooseMethod, commandSpec, type Step, steps } from './support/checkout-commands.js';
import { type Entry, guardOf, run, type Start, startSession } from './support/checkout-run.js';
import { data, offersFor, settings, viewFactsOf } from './support/checkout-world.js';

const RUNS = { numRuns: 200 };
/** The issue's properties: at least 1,000 cases each. */
const ISSUE_RUNS = { numRuns: 1000 };
/**
 * Sequences for the 1,000-case properties: at most 12 steps. Every prefix of a long sequence is itself a short
 * sequence fast-check generates, so shorter runs reach the same states, at half the cost of 25-step runs.
 */
const SHORT = 12;
const start = fc.constantFrom<Start>('empty', 'sample');
/** The start sessions of the 1,000-case properties: empty, or the sample with product 40 only (see below). */
const lightStart = fc
  .constantFrom<Start>('empty', 'sample')
  .map((from) => (from === 'empty' ? startSession(from) : withProduct40Only(startSession(from))));
const withMethods = fc.oneof({ weight: 3, arbitrary: commandSpec }, chooseMethod);

/** A line's identity, computed here: product, plan, options as sorted entries, checkbox values as a set. */
function identity(line: CartLine): string {
  const options = Object.entries(line.options)
    .map(([key, value]) => [key, typeof value === 'string' ? value : [...new Set(value)].sort()])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
  return JSON.stringify([line.productId, options, line.subscriptionPlanId]);
}

/** The ids of the custom fields at `location` (of `customerGroupId`, or of any group). */
function customFieldIds(location: 'account' | 'address', customerGroupId?: number): Set<string> {
  const fields = [...data.customFields.values()].filter(
    (f) =>
      f.location === location &&
      f.customerGroups.some((g) => customerGroupId === undefined || g.customerGroupId === customerGroupId),
  );
  return new Set(fields.map((f) => String(f.customFieldId)));
}

/** The zone check of a stored address: a zone of its country, or 0 exactly when the country has none. */
function zoneFits(address: CheckoutSession['paymentAddress']): boolean {
  if (address === null) return true;
  const zones = data.countries.get(address.countryId)?.zones.filter((z) => z.status) ?? [];
  if (address.zoneId === 0) return zones.length === 0;
  return zones.some((z) => z.zoneId === address.zoneId && z.countryId === address.countryId);
}

/** Units of each product and of each subtract option value the cart holds, over the catalog's stock. */
function overStock(cart: readonly CartLine[]): string[] {
  const units = new Map<string, [held: number, stock: number]>();
  const count = (key: string, quantity: number, stock: number) => {
    const [held] = units.get(key) ?? [0];
    units.set(key, [held + quantity, stock]);
  };
  for (const line of cart) {
    const product = data.products.get(line.productId);
    if (product === undefined) return [`product ${line.productId} does not exist`];
    count(`product ${product.productId}`, line.quantity, product.quantity);
    for (const option of product.options) {
      const chosen = line.options[String(option.productOptionId)];
      const ids = chosen === undefined ? [] : typeof chosen === 'string' ? [chosen] : chosen;
      for (const value of option.values) {
        if (value.subtract && ids.includes(String(value.productOptionValueId))) {
          count(`value ${value.productOptionValueId}`, line.quantity, value.quantity);
        }
      }
    }
  }
  return [...units].filter(([, [held, stock]]) => held > stock).map(([key]) => key);
}

/** `session` with one line in its cart, product 40 × 1 (it ships, and has no options to price). */
function withProduct40Only(session: CheckoutSession): CheckoutSession {
  const line: CartLine = { cartId: 'only', productId: 40, quantity: 1, options: {}, subscriptionPlanId: 0 };
  return { ...session, cart: [line] };
}

/** The chosen methods of `session` are on offer for it (the test's offers, the session's own cart). */
function selectionsOffered(session: CheckoutSession, entry: Entry): void {
  const state = guardOf(session, entry.facts);
  const offers = offersFor(session, state);
  const shipping = session.shippingMethod;
  if (shipping !== null) {
    expect(state.cartShips).toBe(true);
    expect(session.shippingAddress).not.toBeNull();
    const quotes = Object.values(offers.shipping ?? {}).flatMap((group) => Object.values(group.quote));
    expect(quotes.map((quote) => quote.code)).toContain(shipping.code);
  }
  if (session.paymentMethod !== null)
    expect(Object.keys(offers.payment ?? {})).toContain(session.paymentMethod.code);
}

/**
 * The paths in `value` that JSON would not keep as they are: undefined, non-finite numbers, objects that are not
 * plain, and money (`{ amount, currency }`) whose amount is not a canonical decimal string.
 */
function notPlainJson(value: unknown, path = 'session'): string[] {
  if (value === undefined || (typeof value === 'number' && !Number.isFinite(value))) return [path];
  if (typeof value !== 'object' || value === null) return [];
  if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) return [path];
  const bad: string[] = [];
  if ('amount' in value && 'currency' in value) {
    if (typeof value.amount !== 'string' || !/^-?(0|[1-9]\d*)(\.\d+)?$/.test(value.amount)) bad.push(path);
  }
  for (const [key, child] of Object.entries(value)) bad.push(...notPlainJson(child, `${path}.${key}`));
  return bad;
}

describe('checkout state machine properties (decide over random command sequences)', () => {
  // A refused command has no next session to store: decide answers only the error. That the stored session is
  // then left exactly as it was is a property of the shell, checked through createCheckout in engine.test.ts.
  it('decide never mutates its (frozen) inputs, whether it accepts or refuses the command', () => {
    fc.assert(
      fc.property(start, steps(withMethods), (from, list) => {
        for (const entry of run(startSession(from), list, { freeze: true })) {
          expect(entry.before).toStrictEqual(entry.snapshot);
        }
      }),
      RUNS,
    );
  });

  it('an accepted command moves the version by one and stamps updatedAt and expiresAt from the facts', () => {
    fc.assert(
      fc.property(start, steps(withMethods), (from, list) => {
        for (const { before, facts, result } of run(startSession(from), list)) {
          if (result.isErr()) continue;
          const next = result.value.session;
          expect(next.version).toBe(before.version + 1);
          expect(next.updatedAt).toBe(facts.now);
          expect(next.expiresAt).toBe(facts.expiresAt);
          expect([next.id, next.apiUserId, next.createdAt]).toEqual([
            before.id,
            before.apiUserId,
            before.createdAt,
          ]);
        }
      }),
      RUNS,
    );
  });

  it('any sequence keeps the session consistent', () => {
    fc.assert(
      fc.property(start, steps(), (from, list) => {
        for (const entry of run(startSession(from), list)) {
          const { after, command } = entry;
          const identities = after.cart.map(identity);
          expect(new Set(identities).size).toBe(identities.length);
          expect(new Set(after.cart.map((line) => line.cartId)).size).toBe(after.cart.length);
          for (const line of after.cart)
            expect(Number.isSafeInteger(line.quantity) && line.quantity >= 1).toBe(true);
          if (command.type === 'set_shipping_address' && !guardOf(entry.before, entry.facts).cartShips) {
            expect(entry.result.isErr() && entry.result.error.kind).toBe('precondition');
          }
          expect(overStock(after.cart)).toEqual([]);
          if (after.customer !== null) {
            expect(data.customerGroups.has(after.customer.customerGroupId)).toBe(true);
          }
          const accountFields = customFieldIds('account', after.customer?.customerGroupId);
          expect(
            Object.keys(after.customer?.customField ?? {}).filter((id) => !accountFields.has(id)),
          ).toEqual([]);
          for (const address of [after.paymentAddress, after.shippingAddress]) {
            const addressFields = customFieldIds('address');
            expect(Object.keys(address?.customField ?? {}).filter((id) => !addressFields.has(id))).toEqual(
              [],
            );
          }
          // logged in only as the active account with the customer's e-mail
          if (after.loggedInCustomerId !== null) {
            const account = data.customers.get(after.loggedInCustomerId);
            expect(account?.status).toBe(true);
            expect(account?.email.toLowerCase()).toBe(after.customer?.email.toLowerCase());
          }
          expect(zoneFits(after.paymentAddress)).toBe(true);
          expect(zoneFits(after.shippingAddress)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('a chosen shipping or payment method never outlives the cart, address or offer that allowed it', () => {
    // Pricing product 42's nine options on every step was most of the cost; the commands add it often enough.
    const from = withProduct40Only(startSession('sample'));
    const first = run(from, [{ spec: { type: 'set_currency', currency: 'USD' }, advance: 1 }])[0];
    if (first === undefined) throw new Error('no entry');
    selectionsOffered(from, first);
    fc.assert(
      fc.property(steps(withMethods, SHORT), (list) => {
        for (const entry of run(from, list)) selectionsOffered(entry.after, entry);
      }),
      ISSUE_RUNS,
    );
    // Every accepted step re-offers the methods and prices the totals they read: slower than most.
  }, 120_000);

  it('is deterministic: the same sequence from the same start gives the same sessions and errors', () => {
    fc.assert(
      fc.property(start, steps(withMethods), (from, list) => {
        const outcome = (entries: readonly Entry[]) =>
          entries.map((e) =>
            e.result.isOk() ? { ok: e.result.value, after: e.after } : { err: e.result.error },
          );
        expect(outcome(run(startSession(from), list))).toStrictEqual(outcome(run(startSession(from), list)));
      }),
      RUNS,
    );
  });

  it('every reachable session survives a JSON round trip unchanged', () => {
    fc.assert(
      fc.property(start, steps(withMethods), (from, list) => {
        for (const { after } of run(startSession(from), list)) {
          expect(JSON.parse(JSON.stringify(after))).toStrictEqual(after);
          expect(notPlainJson(after)).toEqual([]);
        }
      }),
      RUNS,
    );
  });

  it('the presented totals add up: total is the sum of the other lines, sub_total the sum of the lines shown', () => {
    fc.assert(
      // The last session of each run is checked: the sessions before it are the last of shorter runs.
      fc.property(lightStart, steps(withMethods, SHORT), (from, list) => {
        for (const { after } of run(from, list).slice(-1)) {
          const view = viewCheckout(after, viewFactsOf(after, null, dayOf(after.updatedAt)), settings, [
            ...defaultTotalCalculators,
          ]);
          const to = findCurrency(settings.currencies, after.currency);
          const usd = findCurrency(settings.currencies, settings.currency);
          if (to === undefined || usd === undefined) throw new Error('unknown currency');
          for (const line of view.totals) expect(line.value.currency).toBe(to.code);
          const total = view.totals.filter((line) => line.code === 'total');
          const others = view.totals.filter((line) => line.code !== 'total');
          expect(total).toHaveLength(1);
          expect(total[0]?.value).toStrictEqual(
            sum(
              others.map((line) => line.value),
              to.code,
            ),
          );
          for (const line of view.lines)
            expect(line.total).toStrictEqual(multiply(line.price, line.quantity));
          // Each line as shown: its unit price rounded in the session currency, times the quantity.
          const lineSum = sum(
            view.lines.map((line) =>
              multiply(
                round(convert(line.price, usd, to), to.decimalPlaces, settings.roundingMode),
                line.quantity,
              ),
            ),
            to.code,
          );
          // The exact total is the sum of the exact lines the pipeline produced (sub-total, shipping, taxes, …).
          const exactLines = view.state.lines
            .filter((line) => line.code !== 'total')
            .map((line) => line.value);
          expect(view.total).toStrictEqual(sum(exactLines, usd.code));
          expect(view.totals.find((line) => line.code === 'sub_total')?.value).toStrictEqual(lineSum);
        }
      }),
      ISSUE_RUNS,
    );
    // Every accepted step re-offers the methods and prices the totals they read: slower than most.
  }, 120_000);

  it('the order products are added in changes the order of the lines, nothing else', () => {
    const addsInTwoOrders = fc
      .array(addOne, { minLength: 2, maxLength: 4 })
      .chain((adds) =>
        fc.tuple(
          fc.constant(adds),
          fc.shuffledSubarray(adds, { minLength: adds.length, maxLength: adds.length }),
        ),
      );
    const coupon = fc.constantFrom(null, '1111', '2222', '3333', '4444');
    fc.assert(
      fc.property(addsInTwoOrders, coupon, ([adds, shuffled], code) => {
        // The sample session (customer, UK addresses, flat shipping and cod chosen, GBP) with product 40 in the
        // cart: the cart ships whatever is added, so no add drops the methods (a cart that stopped shipping
        // part-way would drop them in one order and not the other, rightly).
        const from: CheckoutSession = { ...withProduct40Only(startSession('sample')), coupon: code };
        const outcome = (list: readonly Step[]) => {
          // Each add re-offers shipping and payment (the cart always ships to the UK, so both stay chosen).
          const entries = run(from, list);
          for (const entry of entries) expect(entry.result.isOk()).toBe(true);
          const after = entries.at(-1)?.after ?? from;
          const facts = viewFactsOf(after, null, dayOf(after.updatedAt));
          const view = viewCheckout(after, facts, settings, [...defaultTotalCalculators]);
          const cart = after.cart.map((line) => [identity(line), line.quantity] as const);
          return { totals: view.totals, cart: cart.sort(([a], [b]) => a.localeCompare(b)) };
        };
        expect(outcome(shuffled)).toStrictEqual(outcome(adds));
      }),
      ISSUE_RUNS,
    );
    // Every add re-offers both methods and prices the totals they read: slower than most properties here.
  }, 180_000);
});
