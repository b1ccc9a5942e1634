/**
 * Money and store benchmarks: run with `npm run bench`; results go to docs/benchmarks.md by hand.
 * Timings are measured here, never asserted in tests.
 */
import { bench, describe } from 'vitest';
import { createMemoryAdapters, demoStore } from '../src/adapters/memory/index.js';
import { createSession } from '../src/domain/machine/session.js';
import { add, convert, formatMoney, money, percent, round, sum } from '../src/money/index.js';
import { createFixedClock } from '../src/testing/index.js';

const usd = {
  code: 'USD',
  title: 'US Dollar',
  symbolLeft: '$',
  symbolRight: '',
  decimalPlaces: 2,
  value: '1',
};
const eur = {
  code: 'EUR',
  title: 'Euro',
  symbolLeft: '',
  symbolRight: '€',
  decimalPlaces: 2,
  value: '0.78460002',
};
const amounts = Array.from({ length: 1000 }, (_, i) =>
  money(`${i}.${String(i % 100).padStart(2, '0')}`, 'USD'),
);

describe('money', () => {
  bench('add two amounts', () => {
    add(amounts[1] ?? money(1, 'USD'), amounts[2] ?? money(2, 'USD'));
  });
  bench('sum 1,000 amounts', () => {
    sum(amounts, 'USD');
  });
  bench('20% of an amount, rounded to 2 dp', () => {
    round(percent(money('123.4567', 'USD'), '20'), 2);
  });
  bench('convert USD → EUR and format', () => {
    formatMoney(convert(money('1234.50', 'USD'), usd, eur), eur);
  });
});

const { data } = demoStore();
const clock = createFixedClock('2026-01-01T00:00:00.000Z');
const adapters = createMemoryAdapters(data, { clock });
const session = createSession({
  id: 'bench',
  apiUserId: 1,
  now: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-01T01:00:00.000Z',
  currency: 'USD',
  language: 'en-gb',
});
let version = 0;

describe('memory adapters', () => {
  bench('session save (compare-and-set) + get', async () => {
    await adapters.sessions.save({ ...session, version: version + 1 }, version);
    version += 1;
    await adapters.sessions.get('bench');
  });
  bench('catalog: read 5 products in one batch', async () => {
    await adapters.catalog.getProducts([28, 30, 40, 42, 48]);
  });
});
