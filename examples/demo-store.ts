/**
 * A tour of the embedded demo store: the catalog as the engine sees it, prices formatted in each currency,
 * and a session saved and read back through the memory session store.
 *
 * Run with `node --import tsx examples/demo-store.ts` (`npm start` serves the HTTP API; `npm run demo` checks out
 * against it).
 */

import { createMemoryAdapters, demoStore } from 'cartwright/adapters/memory';
import { convert, createSession, createSystemClock, findCurrency, formatMoney } from 'cartwright/core';

const { data, settings } = demoStore();
const clock = createSystemClock();
const adapters = createMemoryAdapters(data, { clock });
const today = clock.now().toISOString().slice(0, 10);

const usd = findCurrency(settings.currencies, 'USD');
if (!usd) throw new Error('the demo store has no USD');

console.log(`${settings.storeName} — products by name, priced in every currency:\n`);
const products = await adapters.catalog.listProducts({
  manufacturerId: null,
  categoryId: null,
  subCategories: false,
  sort: 'name',
  order: 'ASC',
  start: 0,
  limit: 100,
  customerGroupId: settings.customerGroupId,
  today,
});
for (const product of products) {
  const prices = settings.currencies.map((currency) =>
    formatMoney(convert(product.price, usd, currency), currency),
  );
  const special = product.special ? ` (special ${formatMoney(product.special, usd)})` : '';
  console.log(
    `  ${String(product.productId).padStart(3)}  ${product.name.padEnd(26)} ${prices.join('  ')}${special}`,
  );
}

const manufacturers = await adapters.catalog.countManufacturers();
console.log(`\n${manufacturers} manufacturers; ${products.length} products on sale.`);

const now = clock.now();
const session = createSession({
  id: 'demo-session',
  apiUserId: 1,
  now: now.toISOString(),
  expiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
  currency: settings.currency,
  language: settings.language,
});
const outcome = await adapters.sessions.save({ ...session, version: 1 }, 0);
const stale = await adapters.sessions.save({ ...session, version: 1 }, 0);
console.log(`\nSession store: first save ${outcome}, a second save over the same version: ${stale}.`);
