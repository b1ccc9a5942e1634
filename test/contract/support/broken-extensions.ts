/**
 * Broken notifiers, shipping and payment methods, fraud checks, total calculators, clocks and id generators: a
 * correct one wrapped (or rewritten) with one defect each, to prove that their contract suites catch each one.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { DomainEvent } from '../../../src/domain/machine/events.js';
import type { PaymentMethodOffer, ShippingQuoteGroup } from '../../../src/domain/machine/session.js';
import type { TotalCalculator, TotalsState } from '../../../src/domain/pricing/totals/calculator.js';
import { type Money, money } from '../../../src/money/index.js';
import type { Clock } from '../../../src/ports/clock.js';
import type { FraudCheck } from '../../../src/ports/fraud-check.js';
import type { IdGenerator } from '../../../src/ports/id-generator.js';
import type { Notifier } from '../../../src/ports/notifier.js';
import type { PaymentMethod } from '../../../src/ports/payment-method.js';
import type { ShippingMethod } from '../../../src/ports/shipping-method.js';
import { createSequentialIds } from '../../../src/testing/index.js';

/** Defects a notifier can have. */
export type NotifierDefect = 'dropsEverySecond' | 'deliversTwice' | 'deliversLate' | 'keepsTheEvent';

/** A notifier writing to `delivered`, with `defect`. */
export function brokenNotifier(delivered: DomainEvent[], defect: NotifierDefect): Notifier {
  let count = 0;
  return {
    async notify(event) {
      count += 1;
      if (defect === 'dropsEverySecond' && count % 2 === 0) return;
      if (defect === 'keepsTheEvent') {
        delivered.push(event);
        return;
      }
      const copy = structuredClone(event);
      if (defect === 'deliversLate') {
        // Resolves at once and delivers later, in whatever order the timers fire.
        setTimeout(() => delivered.push(copy), count % 3);
        return;
      }
      delivered.push(copy);
      if (defect === 'deliversTwice') delivered.push(structuredClone(event));
    },
  };
}

/** Defects a shipping method can have. */
export type ShippingDefect =
  | 'dottedCode'
  | 'groupOfAnotherCode'
  | 'quoteCodesWithoutMethod'
  | 'costInEuros'
  | 'quotesEverywhere'
  | 'changesItsContext'
  | 'randomCost'
  | 'quotesADate';

/** A quote group of `code` costing 1.00 in `currency`, for a method that quotes where it should not. */
function anyGroup(code: string, currency: string): ShippingQuoteGroup {
  const quote = { code: `${code}.${code}`, name: 'Anywhere', cost: money('1.00', currency), taxClassId: 0 };
  return { code, title: 'Anywhere', quote: { [code]: quote }, sortOrder: 1 };
}

/** How many quotes a `randomCost` method has made: each costs one more, so no two answers are ever the same. */
let quotesMade = 0;

/**
 * The cost of a quote under a defect. `randomCost` counts rather than draws: a random cost would repeat by chance
 * (one time in a thousand per pair) and the suite would then rightly see no defect, failing this test at random.
 */
function costOf(cost: Money, currency: string, defect: ShippingDefect): Money {
  if (defect === 'costInEuros') return money(cost.amount, 'EUR');
  if (defect === 'randomCost') {
    quotesMade += 1;
    return money(String(quotesMade), currency);
  }
  return cost;
}

/** `method` with `defect`. */
export function brokenShipping(method: ShippingMethod, defect: ShippingDefect): ShippingMethod {
  const code = defect === 'dottedCode' ? `${method.code}.rate` : method.code;
  return {
    code,
    quote(context) {
      if (defect === 'changesItsContext') (context as { weight: string }).weight = '0';
      const currency = context.settings.currency;
      const group =
        method.quote(context) ?? (defect === 'quotesEverywhere' ? anyGroup(code, currency) : null);
      if (group === null) return null;
      const quotes = Object.entries(group.quote).map(([key, quote]) => {
        const quoteCode =
          defect === 'quoteCodesWithoutMethod'
            ? key
            : defect === 'dottedCode'
              ? `${code}.${key}`
              : quote.code;
        const extra = defect === 'quotesADate' ? { until: new Date(0) } : {};
        return [
          key,
          { ...quote, code: quoteCode, cost: costOf(quote.cost, currency, defect), ...extra },
        ] as const;
      });
      const groupCode = defect === 'groupOfAnotherCode' ? 'other' : code;
      return { ...group, code: groupCode, quote: Object.fromEntries(quotes) };
    },
  };
}

/** Defects a payment method can have. */
export type PaymentDefect =
  | 'offerOfAnotherCode'
  | 'optionCodesWithoutMethod'
  | 'offeredEverywhere'
  | 'changesItsContext'
  | 'offersAFunction';

/** An offer of `code`, for a method offered where it should not be. */
function anyOffer(code: string): PaymentMethodOffer {
  return {
    code,
    name: 'Anything',
    option: { [code]: { code: `${code}.${code}`, name: 'Anything' } },
    sortOrder: 1,
  };
}

/** `method` with `defect`. */
export function brokenPayment(method: PaymentMethod, defect: PaymentDefect): PaymentMethod {
  return {
    code: method.code,
    offer(context) {
      if (defect === 'changesItsContext') (context as { cartShips: boolean }).cartShips = true;
      const offer = method.offer(context) ?? (defect === 'offeredEverywhere' ? anyOffer(method.code) : null);
      if (offer === null) return null;
      const options = Object.entries(offer.option).map(([key, option]) => [
        key,
        defect === 'optionCodesWithoutMethod' ? { ...option, code: key } : option,
      ]);
      const extra = defect === 'offersAFunction' ? { describe: () => offer.name } : {};
      const code = defect === 'offerOfAnotherCode' ? 'other' : offer.code;
      return { ...offer, ...extra, code, option: Object.fromEntries(options) };
    },
  };
}

/** Defects a fraud check can have. */
export type FraudDefect = 'neverFlags' | 'flagsEverything' | 'answersZero' | 'changesTheOrder';

/** `check` with `defect`; `status` is the status it flags with. */
export function brokenFraudCheck(check: FraudCheck, status: number, defect: FraudDefect): FraudCheck {
  return {
    code: check.code,
    check(order) {
      if (defect === 'changesTheOrder') (order as { comment: string }).comment = 'checked';
      const verdict = check.check(order);
      if (defect === 'neverFlags') return null;
      if (defect === 'flagsEverything') return status;
      if (defect === 'answersZero' && verdict !== null) return 0;
      return verdict;
    },
  };
}

/** Defects a total calculator can have. */
export type TotalsDefect =
  | 'asynchronous'
  | 'rewritesEarlierLines'
  | 'linesAtAnotherSortOrder'
  | 'totalInEuros'
  | 'dependsOnTheTime'
  | 'changesItsState';

/** `calculator` with `defect`. */
export function brokenCalculator(calculator: TotalCalculator, defect: TotalsDefect): TotalCalculator {
  return {
    code: calculator.code,
    sortOrder: calculator.sortOrder,
    apply(state, context) {
      if (defect === 'changesItsState') (state.taxes as Record<string, unknown>).seen = true;
      const next = calculator.apply(state, context);
      const before = state.lines.length;
      switch (defect) {
        case 'asynchronous':
          return Promise.resolve(next) as unknown as TotalsState;
        case 'rewritesEarlierLines':
          return {
            ...next,
            lines: next.lines.map((line, i) =>
              i < before ? { ...line, title: line.title.toUpperCase() } : line,
            ),
          };
        case 'linesAtAnotherSortOrder':
          return {
            ...next,
            lines: next.lines.map((line, i) =>
              i < before ? line : { ...line, sortOrder: line.sortOrder + 1 },
            ),
          };
        case 'totalInEuros':
          return { ...next, total: money(next.total.amount, 'EUR') };
        case 'dependsOnTheTime':
          return {
            ...next,
            lines: [
              ...next.lines,
              {
                code: 'time',
                title: String(process.hrtime.bigint()),
                value: next.total,
                sortOrder: calculator.sortOrder,
              },
            ],
          };
        default:
          return next;
      }
    },
  };
}

/** Defects a clock can have. */
export type ClockDefect = 'sharesItsDate' | 'invalidDate' | 'answersText';

/** A clock with `defect`. */
export function brokenClock(defect: ClockDefect): Clock {
  const shared = new Date();
  return {
    now: () => {
      if (defect === 'sharesItsDate') return shared;
      if (defect === 'invalidDate') return new Date(Number.NaN);
      return new Date().toISOString() as unknown as Date;
    },
  };
}

/** Defects an id generator can have. */
export type IdDefect = 'sequential' | 'repeats' | 'base64' | 'sixtyFourBits' | 'uuid';

/** An id generator with `defect`. */
export function brokenIds(defect: IdDefect): IdGenerator {
  if (defect === 'sequential') return createSequentialIds('s');
  let n = 0;
  return {
    newId: () => {
      n += 1;
      if (defect === 'repeats') return `id${n % 5000}-${randomBytes(2).length}`;
      if (defect === 'base64') return randomBytes(24).toString('base64');
      if (defect === 'sixtyFourBits') return randomBytes(8).toString('base64url');
      return randomUUID();
    },
  };
}
