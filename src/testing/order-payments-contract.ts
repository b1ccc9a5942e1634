/**
 * The contract suite of an order repository's payment side ({@link OrderPayments}): run it from the adapter's
 * test file with the host's test runner.
 * @module
 */
import type { OrderPaymentsFixture } from './order-payments-fixture.js';
import { registerHoldCases } from './payments-contract/holds.js';
import { registerPaymentRecordCases } from './payments-contract/records.js';
import { fixtureCase, type TestApi } from './test-api.js';

/**
 * Registers the {@link OrderPayments} contract cases under one `describe`. Every case calls `setup` for a fresh
 * fixture holding the demo store's data, with its clock at `2024-05-01T10:00:00Z`, and calls its `cleanup`
 * afterwards. Assertions use `node:assert/strict`.
 *
 * The cases check what the port promises: the payment written with the order at its revision (one of concurrent
 * writes wins), read back with it, kept by edits and history entries, found by its reference, and moved with a
 * history entry and its stock moves in one write; a hold's units out of stock for every other cart, order and
 * hold, a hold larger than the stock refusing the whole write, a release giving the units back once, a conversion
 * taking them once; a due hold released when its stock is next read (the order's revision unchanged), by a write
 * that needs its units, and by `releaseDueHolds` exactly once however many sweep at once; `dueOpenPayments`
 * naming the open payments whose hold ran out; and 20 holds racing for the last 5 units holding exactly 5, the
 * others refused, the 5 back once their holds are due. The races run 20 writes at once: against a networked
 * store give the runner a per-test timeout of 30 s or more.
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the adapter in the suite title.
 * @param setup - Builds the repository, its catalog and their manual clock, on fresh demo data.
 */
export function describeOrderPaymentsContract(
  t: TestApi,
  name: string,
  setup: () => Promise<OrderPaymentsFixture>,
): void {
  const test = fixtureCase<OrderPaymentsFixture>(t, setup);

  t.describe(`OrderPayments contract: ${name}`, () => {
    registerPaymentRecordCases(test);
    registerHoldCases(test);
  });
}
