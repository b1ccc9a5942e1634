/**
 * The contract suite every {@link ShippingMethod} must pass: run it from the method's test file with the host's
 * test runner.
 * @module
 */
import assert from 'node:assert/strict';
import type { ShippingQuoteGroup } from '../domain/machine/session.js';
import type { ShippingContext, ShippingMethod } from '../ports/shipping-method.js';
import {
  askRule,
  type ContextFixture,
  expectAmount,
  expectEntryCode,
  expectMethodCode,
  expectPlainData,
  expectText,
  frozenCopy,
  onFrozenInput,
  registerContextCases,
} from './method-contract-checks.js';
import { fixtureCase, type TestApi } from './test-api.js';

/** A shipping method and the contexts it must and must not quote, for one case. */
export type ShippingMethodFixture = ContextFixture<ShippingMethod<unknown>, ShippingContext>;

/** Asserts the shape of a quote group answered for `context`. */
function expectGroup(
  group: ShippingQuoteGroup | null,
  method: ShippingMethod<unknown>,
  context: ShippingContext,
  what: string,
): void {
  assert.ok(
    group !== null && typeof group === 'object',
    `${what}: expected a quote group, got ${String(group)}`,
  );
  assert.equal(group.code, method.code, `${what}: the group's code must be the method's`);
  expectText(group.title, `${what}: the group's title`);
  assert.ok(Number.isFinite(group.sortOrder), `${what}: the group's sortOrder must be a finite number`);
  const entries = Object.entries(group.quote);
  assert.ok(entries.length > 0, `${what}: a quote group must hold at least one quote`);
  for (const [key, quote] of entries) {
    expectEntryCode(quote.code, method.code, key, `${what}: quote ${key}`);
    expectText(quote.name, `${what}: the name of quote ${key}`);
    expectAmount(quote.cost, context.settings.currency, `${what}: the cost of quote ${key}`);
    assert.ok(
      Number.isSafeInteger(quote.taxClassId) && quote.taxClassId >= 0,
      `${what}: the taxClassId of quote ${key} must be a whole number, 0 for none`,
    );
  }
  expectPlainData(group, what);
}

/**
 * Registers the {@link ShippingMethod} contract cases under one `describe`. Every case calls `setup` for a fresh
 * fixture and calls its `cleanup` afterwards; `sampleShippingContext` and its companions help build the
 * contexts. Assertions use `node:assert/strict`.
 *
 * The cases check what the port promises: a code without dots; for every context the method applies to, a quote
 * group of its own code, each quote coded `<code>.<key>` under its key, named, costed in the store's default
 * currency at zero or more, with a tax class, as plain data the session can store; null for every context it
 * does not apply to; the same answer to the same context, which it leaves as it was; and, when the fixture
 * offers a failed service, a rejection with an `Error` in time (never a null that reads "does not apply").
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the method in the suite title.
 * @param setup - Builds the method and the contexts it must and must not quote.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { describeShippingMethodContract, sampleGermanAddress, sampleShippingContext } from 'cartwright/testing';
 *
 * describeShippingMethodContract({ describe, it }, 'my courier', async () => ({
 *   method: createMyCourier({ ukOnly: true }),
 *   applies: [sampleShippingContext()],
 *   excluded: [sampleShippingContext({ address: sampleGermanAddress() })],
 * }));
 * ```
 */
export function describeShippingMethodContract(
  t: TestApi,
  name: string,
  setup: () => Promise<ShippingMethodFixture>,
): void {
  const test = fixtureCase<ShippingMethodFixture>(t, setup);

  t.describe(`ShippingMethod contract: ${name}`, () => {
    test('its code is non-empty, without dots (quote codes are <code>.<quote>)', async ({ method }) => {
      expectMethodCode(method.code, 'the method');
    });

    test('in every context it applies to, it answers a well-formed quote group of its own code', async ({
      method,
      applies,
    }) => {
      assert.ok(applies.length > 0, 'the fixture must give at least one context the method applies to');
      for (const [i, context] of applies.entries()) {
        const group = await onFrozenInput(`context ${i}`, () =>
          askRule(method, frozenCopy(context), (m, c, g) => m.quote(c, g), `context ${i}`),
        );
        expectGroup(group, method, context, `context ${i}`);
      }
    });

    registerContextCases(test, 'quote', (method: ShippingMethod<unknown>, context: ShippingContext) =>
      askRule(method, context, (m, c, g) => m.quote(c, g), 'quote'),
    );
  });
}
