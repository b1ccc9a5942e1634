/**
 * Property tests for `decide` over random sequences of commands on the demo store, valid and invalid mixed:
 * a refused command changes nothing, an accepted one is stamped, the session stays consistent (line identity,
 * quantities, ids, groups, zones, no shipping address for a cart that does not ship), a chosen method never
 * outlives what allowed it, runs are deterministic, sessions survive JSON, and totals add up.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { viewCheckout } from '../../src/domain/checkout-view.js';
import { dayOf } from '../../src/domain/facts.js';
import type { CartLine, CheckoutSession } from '../../src/domain/session.js';
import { defaultTotalCalculators } from '../../src/domain/totals/index.js';
import { convert, findCurrency, multiply, round, sum } from '../../src/money/index.js';
import { chooseMethod, commandSpec, steps } from './support/checkout-commands.js';
import { type Entry, guardOf, run, type Start, startSession } from './support/checkout-run.js';
import { data, offersFor, settings, viewFactsOf } from './support/checkout-world.js';

const RUNS = { numRuns: 200 };
const start = fc.constantFrom<Start>('empty', 'sample');
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
  it('a refused command changes nothing, and decide never mutates its (frozen) inputs', () => {
    fc.assert(
      fc.property(start, steps(withMethods), (from, list) => {
        for (const entry of run(startSession(from), list, { freeze: true })) {
          expect(entry.before).toStrictEqual(entry.snapshot);
          if (entry.result.isErr()) expect(entry.after).toBe(entry.before);
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
          // logged in only as the active account with the customer's e-mail (DECISIONS 8)
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
    const from = startSession('sample');
    const first = run(from, [{ spec: { type: 'set_currency', currency: 'USD' }, advance: 1 }])[0];
    if (first === undefined) throw new Error('no entry');
    selectionsOffered(from, first);
    fc.assert(
      fc.property(steps(withMethods, 30), (list) => {
        for (const entry of run(from, list, { recheck: true })) selectionsOffered(entry.after, entry);
      }),
      RUNS,
    );
  });

  it('is deterministic: the same sequence from the same start gives the same sessions and errors', () => {
    fc.assert(
      fc.property(start, steps(withMethods), fc.boolean(), (from, list, recheck) => {
        const outcome = (entries: readonly Entry[]) =>
          entries.map((e) =>
            e.result.isOk() ? { ok: e.result.value, after: e.after } : { err: e.result.error },
          );
        expect(outcome(run(startSession(from), list, { recheck }))).toStrictEqual(
          outcome(run(startSession(from), list, { recheck })),
        );
      }),
      RUNS,
    );
  });

  it('every reachable session survives a JSON round trip unchanged', () => {
    fc.assert(
      fc.property(start, steps(withMethods), (from, list) => {
        for (const { after } of run(startSession(from), list, { recheck: true })) {
          expect(JSON.parse(JSON.stringify(after))).toStrictEqual(after);
          expect(notPlainJson(after)).toEqual([]);
        }
      }),
      RUNS,
    );
  });

  it('the presented totals add up: total is the sum of the other lines, sub_total the rounded line sum', () => {
    fc.assert(
      fc.property(start, steps(withMethods), (from, list) => {
        for (const { after } of run(startSession(from), list, { recheck: true })) {
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
          const lineSum = sum(
            view.lines.map((line) => line.total),
            usd.code,
          );
          // The exact total is the sum of the exact lines the pipeline produced (sub-total, shipping, taxes, …).
          const exactLines = view.state.lines
            .filter((line) => line.code !== 'total')
            .map((line) => line.value);
          expect(view.total).toStrictEqual(sum(exactLines, usd.code));
          const subTotal = round(convert(lineSum, usd, to), to.decimalPlaces, settings.roundingMode);
          expect(view.totals.find((line) => line.code === 'sub_total')?.value).toStrictEqual(subTotal);
        }
      }),
      RUNS,
    );
  });
});
