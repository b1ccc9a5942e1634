/**
 * The money presenter a session's requests share (one per store settings and currency) shows every amount as a
 * presenter made afresh does, however often it is asked and whatever currency the amount comes in; what it keeps
 * is bounded.
 */
import { describe, expect, it } from 'vitest';
import { demoSettings } from '../../src/demo/settings.js';
import { shownLineTotal } from '../../src/domain/pricing/totals/sub-total.js';
import type { StoreSettings } from '../../src/domain/settings/settings.js';
import { type MoneyPresenter, moneyPresenterOf } from '../../src/http/present-money.js';
import {
  type Currency,
  convert,
  findCurrency,
  formatMoney,
  type Money,
  money,
  toDisplayNumber,
} from '../../src/money/index.js';

/** Amounts in the store currency and in the others, some equal as numbers but not as money. */
const amounts = [
  money('10.0000', 'USD'),
  money('10.0000', 'GBP'),
  money('10.0000', 'EUR'),
  money('0.0050', 'USD'),
  money('-1234.5650', 'USD'),
  money('1234567.8900', 'GBP'),
  money('0.0000', 'EUR'),
];

/** What a presenter must show, worked out step by step each time (a code the store lacks: its default). */
function expected(settings: StoreSettings, code: string): MoneyPresenter {
  const known = (wanted: string) => findCurrency(settings.currencies, wanted) as Currency;
  const currency = findCurrency(settings.currencies, code) ?? known(settings.currency);
  const mode = settings.roundingMode;
  const shown = (m: Money) => (m.currency === currency.code ? m : convert(m, known(m.currency), currency));
  const amount = (m: Money) => toDisplayNumber(shown(m), currency.decimalPlaces, mode);
  return {
    currency,
    amount,
    text: (m) => formatMoney(shown(m), currency, { mode }),
    lineTotal: (price, quantity) =>
      amount(shownLineTotal(price, quantity, known(price.currency), currency, mode)),
  };
}

describe('the shared money presenter', () => {
  it('shows each amount, text and line total as worked out step by step, asked once or again', () => {
    const settings = demoSettings();
    for (const code of ['USD', 'GBP', 'EUR', 'XXX']) {
      const shared = moneyPresenterOf(settings, code);
      expect(moneyPresenterOf(settings, code).currency).toBe(shared.currency);
      for (const round of [1, 2]) {
        for (const amount of amounts) {
          const fresh = expected(settings, code);
          const what = `${amount.amount} ${amount.currency} in ${code}, round ${round}`;
          expect(shared.amount(amount), what).toBe(fresh.amount(amount));
          expect(shared.text(amount), what).toBe(fresh.text(amount));
          expect(shared.lineTotal(amount, 3), what).toBe(fresh.lineTotal(amount, 3));
          expect(shared.lineTotal(amount, 7), what).toBe(fresh.lineTotal(amount, 7));
        }
      }
    }
  });

  it('is one per store settings: other settings get their own', () => {
    const settings = demoSettings();
    const other = { ...settings, roundingMode: 'half-even' as const };
    expect(moneyPresenterOf(settings, 'USD')).toBe(moneyPresenterOf(settings, 'USD'));
    expect(moneyPresenterOf(other, 'USD')).not.toBe(moneyPresenterOf(settings, 'USD'));
  });
});
